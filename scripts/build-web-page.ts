/**
 * `npm run build:web-page` (run before `npm start`, `npm test`, `npm run bench` and every `cdk synth`):
 * builds the web page into one self-contained HTML document, with the sha256 of its inline script
 * and style for the page's Content-Security-Policy. The page is its shell (lambda/web-page/:
 * index.html, style.css, app.ts) and a panel per puzzle the registry lists with one (its `page`:
 * puzzles/<name>/web-page/, the module with its .html and .css beside it). The browser's bundle
 * cannot import the registry (server code), so this reads it and generates the bundle's entry,
 * which starts the shell with every panel in the registry's order; esbuild bundles and minifies
 * it. Writes lambda/web-page/page.generated.ts, which the function imports and which is not kept in git.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, transform } from 'esbuild';
import { registry } from '../puzzles/registered';
import { readCommandOptions } from './command-options';
import { warnUnlessShippedRuntime } from '../emulator/runtime';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const inRoot = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const source = (name: string) => inRoot(`lambda/web-page/${name}`);
const OUTPUT = source('page.generated.ts');

export interface BuiltPage {
  readonly html: string;
  /** base64 sha256 of the inline script and style, as a CSP names them. */
  readonly scriptSha256: string;
  readonly styleSha256: string;
}

/** A puzzle's panel as the build finds it: its module, markup and style, by path from the repository's root. */
interface PanelFiles {
  readonly module: string;
  readonly markup: string;
  readonly style: string;
  readonly words: Readonly<Record<string, string>>;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

/** Every registered puzzle's panel, in the registry's order; a puzzle without one has none on the page. */
function panels(): PanelFiles[] {
  return registry.PUZZLES.flatMap((puzzle) => {
    if (!puzzle.webPage) return [];
    const module = `puzzles/${puzzle.name}/${puzzle.webPage.module}`;
    const base = module.replace(/\.ts$/, '');
    return [{ module, markup: `${base}.html`, style: `${base}.css`, words: puzzle.webPage.markup ?? {} }];
  });
}

/** The bundle's entry: the shell started with every panel. */
function entry(all: readonly PanelFiles[]): string {
  const imports = all.map((panel, i) => `import { panel as panel${i} } from './${panel.module}';`);
  return [...imports, `import { startPage } from './lambda/web-page/app';`, `startPage([${all.map((_, i) => `panel${i}`).join(', ')}]);`].join('\n');
}

/** A panel's markup, with the words its puzzle gives written in (each must be there). */
function panelMarkup(panel: PanelFiles): string {
  let markup = readFileSync(inRoot(panel.markup), 'utf8');
  for (const [key, word] of Object.entries(panel.words)) {
    if (!markup.includes(key)) throw new Error(`${panel.markup} lacks ${key}`);
    markup = markup.replaceAll(key, word);
  }
  return markup;
}

export async function buildPage(): Promise<BuiltPage> {
  const all = panels();
  const bundled = await build({
    stdin: { contents: entry(all), resolveDir: ROOT, sourcefile: 'page-entry.ts', loader: 'ts' },
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2020',
    legalComments: 'none',
  });
  const script = bundled.outputFiles[0].text.trim();
  const css = [readFileSync(source('style.css'), 'utf8'), ...all.map((panel) => readFileSync(inRoot(panel.style), 'utf8'))].join('\n');
  const style = (await transform(css, { loader: 'css', minify: true })).code.trim();
  const template = readFileSync(source('index.html'), 'utf8');
  for (const marker of ['<style>/*STYLE*/</style>', '<script>/*SCRIPT*/</script>', '<!--PANELS-->']) {
    if (!template.includes(marker)) throw new Error(`lambda/web-page/index.html lacks ${marker}`);
  }
  const html = template
    .replace('<!--PANELS-->', () => all.map(panelMarkup).join('\n').trimEnd())
    .replace('<style>/*STYLE*/</style>', () => `<style>${style}</style>`)
    .replace('<script>/*SCRIPT*/</script>', () => `<script>${script}</script>`);
  return { html, scriptSha256: sha256(script), styleSha256: sha256(style) };
}

export const USAGE = `usage: npm run build:web-page   (no options: writes lambda/web-page/page.generated.ts, the page and its CSP hashes, from lambda/web-page/ and each puzzle's panel)`;

/** The command: the page built and written, or the usage; its exit code. */
export async function main(args: string[]): Promise<number> {
  const read = readCommandOptions({}, USAGE, args);
  if ('exitCode' in read) return read.exitCode;
  const page = await buildPage();
  writeFileSync(
    OUTPUT,
    `// Built by scripts/build-web-page.ts from lambda/web-page/ and each puzzle's panel (puzzles/<name>/web-page/): do not edit.\n` +
      `export const PAGE_HTML = ${JSON.stringify(page.html)};\n` +
      `export const SCRIPT_SHA256 = ${JSON.stringify(page.scriptSha256)};\n` +
      `export const STYLE_SHA256 = ${JSON.stringify(page.styleSha256)};\n`,
  );
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  warnUnlessShippedRuntime();
  process.exitCode = await main(process.argv.slice(2));
}
