/**
 * The pattern databases npm run solve uses: 6-6-3 (33.6 MB), built in memory on first use, once a
 * process (about 10 to 20 s), and said so on stderr; a board 80 moves away then takes seconds, where
 * Manhattan distance with conflicts does not finish in minutes.
 */
import { type PatternDatabases, PARTITION_663, buildPatternDatabases } from '../rules/pattern-set';

let built: PatternDatabases | undefined;

export function solveDatabases(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): PatternDatabases {
  if (built === undefined) {
    const started = performance.now();
    built = buildPatternDatabases(PARTITION_663);
    const bytes = built.tables.reduce((sum, table) => sum + table.length, 0);
    log(`fifteen: built the 6-6-3 pattern databases (${(bytes / 1e6).toFixed(1)} MB) in memory in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return built;
}
