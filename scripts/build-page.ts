/**
 * `npm run build:page` (run before `npm start`, `npm test`, `npm run bench` and every `cdk synth`):
 * builds the web page from its source in lambda/page/ (index.html, style.css and the TypeScript
 * of app.ts and what it imports, bundled and minified by esbuild) into one self-contained HTML document, with the
 * sha256 of its inline script and style for the page's Content-Security-Policy. Writes
 * lambda/page/page.generated.ts, which the function imports and which is not kept in git.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, transform } from 'esbuild';
import { DEFAULT_GOAL, KNIGHTS_GOALS } from '../puzzles/knights/rules/goals';
import { warnUnlessShippedRuntime } from './runtime';

const source = (name: string) => fileURLToPath(new URL(`../lambda/page/${name}`, import.meta.url));
const OUTPUT = source('page.generated.ts');

export interface BuiltPage {
  readonly html: string;
  /** base64 sha256 of the inline script and style, as a CSP names them. */
  readonly scriptSha256: string;
  readonly styleSha256: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

export async function buildPage(): Promise<BuiltPage> {
  const bundled = await build({
    entryPoints: [source('app.ts')],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2020',
    legalComments: 'none',
  });
  const script = bundled.outputFiles[0].text.trim();
  const style = (await transform(readFileSync(source('style.css'), 'utf8'), { loader: 'css', minify: true })).code.trim();
  const template = readFileSync(source('index.html'), 'utf8');
  for (const marker of ['<style>/*STYLE*/</style>', '<script>/*SCRIPT*/</script>', '__GOAL__', '__GOAL_NAME__']) {
    if (!template.includes(marker)) throw new Error(`lambda/page/index.html lacks ${marker}`);
  }
  // The default goal, by board and by name: what the page asks for until GET /stats lists the
  // goals loaded (and if it cannot be read).
  const html = template
    .replace('__GOAL__', KNIGHTS_GOALS.get(DEFAULT_GOAL)!.board)
    .replaceAll('__GOAL_NAME__', DEFAULT_GOAL)
    .replace('<style>/*STYLE*/</style>', () => `<style>${style}</style>`)
    .replace('<script>/*SCRIPT*/</script>', () => `<script>${script}</script>`);
  return { html, scriptSha256: sha256(script), styleSha256: sha256(style) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  warnUnlessShippedRuntime();
  const page = await buildPage();
  writeFileSync(
    OUTPUT,
    `// Built by scripts/build-page.ts from lambda/page/ (index.html, style.css, app.ts): do not edit.\n` +
      `export const PAGE_HTML = ${JSON.stringify(page.html)};\n` +
      `export const SCRIPT_SHA256 = ${JSON.stringify(page.scriptSha256)};\n` +
      `export const STYLE_SHA256 = ${JSON.stringify(page.styleSha256)};\n`,
  );
}
