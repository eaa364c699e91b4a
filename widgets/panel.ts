/**
 * What a puzzle's page panel gives the page: the page shell (lambda/web-page/) starts every panel the
 * registry lists through this and nothing else, so it never names a puzzle. A panel's module
 * (puzzles/<name>/web-page/, named by its Puzzle's `page.panel`) exports one as `panel`; its markup and
 * style lie beside it (panel.html, panel.css), which the build puts into the page.
 */
import type { StatsResponse } from '../api/shapes';

export interface PagePanel {
  /** Its puzzle's name, as the registry lists it. */
  readonly name: string;
  /**
   * Sets the panel up in its markup on the page's URL as it opened (each panel reads its own
   * fields there and checks them itself); `saveUrl` asks the page to write every panel's fields back.
   */
  open(opened: OpenedUrl, saveUrl: () => void): OpenPanel;
}

/** The page's URL as it opened: a field's value, or null when it names none. */
export interface OpenedUrl {
  field(name: string): string | null;
}

export interface OpenPanel {
  /** The panel's URL fields, in the order the URL lists them (so that a position can be shared and survives a reload). */
  urlFields(): Readonly<Record<string, string>>;
  /**
   * GET /stats, asked once for the whole page: the panel reads its own tables there (and says so
   * where it shows them if the answer cannot be read: the promise may reject).
   */
  showStats(stats: Promise<StatsResponse>): Promise<void>;
}
