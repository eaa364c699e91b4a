/**
 * The schema libraries compared by measurement (docs/api-schemas.md): one query schema (a board, an optional goal and limit) in
 * each, bundled by esbuild (minified ESM for node24) with and without JSON Schema emission, and
 * validated against the same query objects. Run it with the libraries installed beside it:
 * `node bench/schema-libraries/bench.mjs DIR` where DIR/node_modules holds them.
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const HERE = dirname(fileURLToPath(import.meta.url));
if (process.argv.length !== 3 || process.argv[2].startsWith('-')) {
  console.error('usage: node bench/schema-libraries/bench.mjs DIR   (DIR/node_modules holds the libraries; the bundles are written there)');
  process.exit(2);
}
const WORK = resolve(process.argv[2]);
const LIBS = ['typebox', 'typebox-compile', 'sinclair', 'zod', 'zod-mini', 'valibot'];
const INPUTS = [
  { board: '10110/01*11/10111/01001/00000', limit: 15 },
  { board: '10110/01*11/10111/01001/00000', goal: 'standard', limit: '20' },
  { board: '10110/01*11/10111/01001/00000', colour: 'white' },
  { board: 12 },
];
cpSync(join(HERE, 'entries'), join(WORK, 'entries'), { recursive: true });
mkdirSync(join(WORK, 'out'), { recursive: true });
for (const lib of LIBS) {
  const sizes = [];
  for (const entry of ['check', 'all']) {
    const file = join(WORK, `entry-${lib}-${entry}.ts`);
    writeFileSync(file, `export { checkQuery${entry === 'all' ? ', jsonSchema' : ''} } from './entries/${lib}.ts';`);
    const out = await build({ entryPoints: [file], bundle: true, minify: true, format: 'esm', platform: 'node', target: 'node24', outfile: join(WORK, 'out', `${lib}-${entry}.mjs`), metafile: true, logLevel: 'error' });
    sizes.push(Object.values(out.metafile.outputs)[0].bytes);
  }
  console.log(`${lib.padEnd(16)} bundle: validate ${sizes[0]} B, validate + JSON Schema ${sizes[1]} B`);
}
for (const lib of LIBS) {
  const { checkQuery } = await import(pathToFileURL(join(WORK, 'out', `${lib}-all.mjs`)).href);
  const rates = [];
  for (const inputs of [INPUTS.slice(0, 2), INPUTS.slice(2), INPUTS]) {
    for (let i = 0; i < 20_000; i++) checkQuery(inputs[i % inputs.length]); // warm up
    const n = 400_000;
    const started = performance.now();
    for (let i = 0; i < n; i++) checkQuery(inputs[i % inputs.length]);
    rates.push(Math.round(n / ((performance.now() - started) / 1000)).toLocaleString('en'));
  }
  console.log(`${lib.padEnd(16)} ops/s: valid ${rates[0]}, refused ${rates[1]}, mixed ${rates[2]}; first issues ${JSON.stringify(INPUTS.map(checkQuery))}`);
}
