/**
 * GET /: one self-contained page (no CDN, nothing fetched but the API itself) to edit a board,
 * solve it and watch the solution played. Its source is lambda/web-page/ (HTML, CSS, TypeScript);
 * scripts/build-web-page.ts builds it into page.generated.ts before the function is bundled, so the
 * function serves it from memory.
 */
import { PAGE_HTML, SCRIPT_SHA256, STYLE_SHA256 } from './page.generated';

export function pageHtml(): string {
  return PAGE_HTML;
}

/** Only the page's own inline script and style, by their hashes; it talks to nothing but this origin. */
export const PAGE_SECURITY_POLICY =
  `default-src 'none'; script-src 'sha256-${SCRIPT_SHA256}'; style-src 'sha256-${STYLE_SHA256}'; ` +
  "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
