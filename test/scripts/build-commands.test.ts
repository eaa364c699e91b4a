/**
 * npm run build:web-page and build:wasm take no options: --help prints the usage and builds nothing,
 * and a word they do not take is refused with a sentence and the usage, exit 2, before anything is
 * written (their main, in this process: a refusal or the usage returns before the build).
 */
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { main as buildPage, USAGE as PAGE_USAGE } from '../../scripts/build-web-page';
import { main as buildWasm, USAGE as WASM_USAGE } from '../../scripts/build-wasm';

let logs: MockInstance<typeof console.log>;
let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  logs = vi.spyOn(console, 'log').mockImplementation(() => {});
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  logs.mockRestore();
  errors.mockRestore();
});

describe.each([
  { command: 'build:web-page', main: buildPage, usage: PAGE_USAGE },
  { command: 'build:wasm', main: buildWasm, usage: WASM_USAGE },
])('npm run $command', ({ command, main, usage }) => {
  it('prints its usage on --help and -h, and exits 0 without building', async () => {
    expect(usage).toMatch(new RegExp(`^usage: npm run ${command} `));
    expect(await main(['--help'])).toBe(0);
    expect(await main(['-h'])).toBe(0);
    expect(logs.mock.calls).toEqual([[usage], [usage]]);
    expect(errors).not.toHaveBeenCalled(); // build:wasm says on stderr each file it assembles
  });

  it('refuses an option or a word it does not take with a sentence and its usage, exit 2', async () => {
    expect(await main(['--bogus'])).toBe(2);
    expect(await main(['page'])).toBe(2);
    expect(errors.mock.calls).toEqual([[`Unknown option '--bogus'.\n${usage}`], [`Unexpected argument 'page'.\n${usage}`]]);
    expect(logs).not.toHaveBeenCalled();
  });
});
