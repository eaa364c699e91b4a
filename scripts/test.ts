/**
 * `npm test` and `npm run test:all`: the type checks (the project's, and the web page's own
 * tsconfig) beside the tests, so that the two cores share them, each one's output as it comes; it
 * fails when any of them fails. `npm test` runs the quick suite, `npm run test:all` every test (what
 * CI runs), `npm run typecheck` the type checks alone. Any other word is handed to vitest (a file or
 * a filter).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const USAGE = `usage: npm test [-- FILTER...]        the type checks and the quick suite (within 90 s on 2 cores)
       npm run test:all [-- FILTER...]  the type checks and every test, the slow ones too (what CI runs)
       npm run typecheck                the type checks alone`;

const TSC = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

/** Runs a Node script to its end; resolves with its exit code (a signal counts as a failure). */
function run(script: string, args: readonly string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: 'inherit' });
    child.once('error', (error) => {
      console.error(`${script} could not be started: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(args: readonly string[]): Promise<number> {
  if (args.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  const all = args[0] === '--all';
  const typesOnly = args[0] === '--types';
  const filters = all || typesOnly ? args.slice(1) : args;
  const codes = await Promise.all([
    run(TSC, ['--noEmit']),
    run(TSC, ['--noEmit', '-p', 'lambda/web-page']),
    typesOnly ? Promise.resolve(0) : run(VITEST, ['run', ...(all ? [] : ['--project', 'quick*']), ...filters]),
  ]);
  const failed = ['the type check', "the web page's type check", 'the tests'].filter((_, i) => codes[i] !== 0);
  if (failed.length > 0) console.error(`Failed: ${failed.join(', ')}.`);
  return failed.length > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
