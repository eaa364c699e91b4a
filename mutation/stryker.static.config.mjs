/**
 * `npm run mutate:static`: the static mutants that `npm run mutate` leaves out (ignoreStatic), found
 * by the lines its last report gave them, each run against the quick related tests of
 * mutation/vitest.static.config.ts. Run `npm run mutate` (or its parts) first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const base = JSON.parse(readFileSync(new URL('./stryker.config.json', import.meta.url), 'utf8'));
/**
 * The reports of the parts whose tests need no server (docs/mutation.md): the rules', the codec's
 * and the build of pages'. The static mutants of the store's DynamoDB side and of the API (the
 * retryable errors, the key schema, the routes' table) change what tests on the local server see,
 * which this run does not start: they are applied by hand against those.
 */
const REPORTS = ['reports/stryker-store-rules.json', 'reports/stryker-codec.json', 'reports/stryker-store-build.json'].filter((file) => existsSync(file));
const files = Object.assign({}, ...REPORTS.map((file) => JSON.parse(readFileSync(file, 'utf8')).files));

/** The lines of the mutants left out as static, as ranges `file:from-to`. */
const mutate = Object.entries(files).flatMap(([file, { mutants }]) => {
  const lines = mutants
    .filter((mutant) => mutant.status === 'Ignored')
    .map(({ location }) => [location.start.line, location.end.line])
    .sort((a, b) => a[0] - b[0]);
  const ranges = [];
  for (const [from, to] of lines) {
    const last = ranges.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else ranges.push([from, to]);
  }
  return ranges.map(([from, to]) => `${relative(process.cwd(), file)}:${from}-${to}`);
});

export default {
  ...base,
  mutate,
  ignoreStatic: false,
  vitest: { configFile: 'mutation/vitest.static.config.ts', related: true },
  incrementalFile: 'reports/stryker-static-incremental.json',
  htmlReporter: { fileName: 'reports/mutation/static.html' },
};
