/**
 * `npx tsx scripts/web-page-picture.ts [--url URL | --data DIR] [--out FILE]`: the picture of the page
 * that the README and docs/web-page.md show (docs/web-page.png), taken from a running service with its
 * tables loaded: `npm start` (found from its data folder, `.data` by default) or any URL. The page
 * is opened as a newcomer opens it, each panel's Solve pressed on the board it opens with, and the
 * whole page shot once every answer is shown, at 1100 pixels wide. It drives Debian's Chromium
 * through playwright-core, as the page's tests do (`apt-get install chromium`).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readCommandOptions } from './command-options';
import { chromium } from 'playwright-core';
import { findLocalService } from './local-service';

const CHROMIUM = '/usr/bin/chromium';
const PICTURE = fileURLToPath(new URL('../docs/web-page.png', import.meta.url));
const USAGE = `usage: npx tsx scripts/web-page-picture.ts [--url URL | --data DIR] [--out FILE]
  --url URL    the service to take the page from (default: the npm start running on --data)
  --data DIR   npm start's data folder (default: .data)
  --out FILE   where to write the picture (default: docs/web-page.png)`;

export async function main(argv: string[]): Promise<number> {
  const read = readCommandOptions({ url: { type: 'string' }, data: { type: 'string' }, out: { type: 'string' } }, USAGE, argv);
  if ('exitCode' in read) return read.exitCode;
  const { values } = read;
  const url = values.url ?? findLocalService(values.data)?.url;
  if (url === undefined) {
    process.stderr.write(`No npm start is running on the data folder ${values.data ?? '.data'}: start it (and let it load its tables), or give --url URL.\n`);
    return 1;
  }
  if (!existsSync(CHROMIUM)) {
    process.stderr.write(`${CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium).\n`);
    return 1;
  }
  // the histograms and farthest positions are the loaded tables': every one must be there
  const health = await fetch(new URL('/health', url));
  if (health.status !== 200) {
    process.stderr.write(`The tables are not all loaded at ${url} yet (/health: ${health.status} ${((await health.json()) as { message?: string }).message ?? ''}); wait for npm start to say each answers from its table.\n`);
    return 1;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1 });
    await page.goto(new URL('/', url).href, { waitUntil: 'networkidle' });
    const solves = await page.$$('section button.primary');
    for (const solve of solves) await solve.click();
    // every panel's answer shown: its status line says how many moves
    await page.waitForFunction((count) => [...document.querySelectorAll('.status[id$="status"]')].filter((status) => /\bmoves?\b/.test(status.textContent ?? '')).length >= count, solves.length, { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await page.mouse.move(0, 0);
    const out = values.out ?? PICTURE;
    await page.screenshot({ path: out, fullPage: true });
    process.stdout.write(`web-page-picture: ${solves.length} panels solved, written to ${out}\n`);
    return 0;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
