/**
 * The page's script, run in the browser: each puzzle's panel (puzzles/<name>/web-page/), edited,
 * asked of the API beside the page, and its answer played back step by step. Their state lives
 * in the page's URL so that it can be shared (url-state.ts); GET /stats is asked once for them all
 * (stats.ts). Bundled and inlined into the page at build time: scripts/build-web-page.ts generates the
 * entry that calls startPage with every panel the registry lists, in its order. The page's CSP
 * allows exactly this script by its hash.
 */
import type { PagePanel } from '../../widgets/panel';
import { showStats } from './stats';
import { opened, saveUrl } from './url-state';

export function startPage(panels: readonly PagePanel[]): void {
  const open = panels.map((panel) => panel.open(opened, keepUrl));
  function keepUrl(): void {
    saveUrl(open.map((panel) => panel.urlFields()));
  }
  keepUrl();
  showStats(open);
}
