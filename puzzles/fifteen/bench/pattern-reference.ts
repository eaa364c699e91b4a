/**
 * The fifteen benchmark's rows over the pattern databases: the 15-puzzle's IDA* over the 6-6-3
 * databases (FifteenWasmDepthFirst, which the service runs, and FifteenPatternDepthFirst, the same
 * pass in TypeScript) against a reference IDA* in C over the very same bytes
 * (fifteen-pattern-ida.c beside this file), on seeded uniform random solvable boards, each side in
 * fresh processes (search-process.ts, given the database file, for the TypeScript one), alternating: the fastest
 * run of each, their ratio, the nodes per second, and the boards' times in each fastest run.
 *
 * The databases are built here once (about 13 s) and written to a file both sides read before
 * their clocks start: the comparison is of the search, not of the build, which C does not do.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROCESSES, type Row, compileReference } from '../../../core/benchmark';
import { type Run, perBoard, runProcess } from './search-runs';
import { samples } from '../../../core/seeded';
import { PARTITION_663, buildPatternDatabases } from '../rules/pattern-set';
import { fifteenBoardArbitrary } from '../seeded-inputs';
import { writeDatabaseFile } from './database-file';

/** About 52 moves each, 0.2 M nodes a board on average (a few take 5 M): a process of either side takes seconds. */
const BOARDS = 200;

export function againstPatternReference(): Row[] {
  const reference = compileReference(new URL('./fifteen-pattern-ida.c', import.meta.url));
  if (!reference) return [];
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-pdb-'));
  try {
    const building = performance.now();
    const file = join(dir, 'fifteen-663.pdb');
    writeDatabaseFile(file, buildPatternDatabases(PARTITION_663));
    const built = (performance.now() - building) / 1000;
    const boards = samples(fifteenBoardArbitrary, BOARDS);
    const input = boards.map((board) => board.join(' ')).join('\n');
    const script = fileURLToPath(new URL('./search-process.ts', import.meta.url));
    const c: Run[] = [];
    const ts: Run[] = [];
    const wasm: Run[] = [];
    for (let trial = 0; trial < PROCESSES; trial++) {
      c.push(runProcess(reference.binary, [file, '1'], input));
      wasm.push(runProcess(process.execPath, [...process.execArgv, script, '1', file], input));
      ts.push(runProcess(process.execPath, [...process.execArgv, script, '1', file, 'typescript'], input));
    }
    const fastest = (runs: Run[]) => runs.reduce((best, run) => (run.seconds < best.seconds ? run : best));
    const spread = (runs: Run[]) => runs.map((run) => (run.seconds * 1000).toFixed(0)).join(', ');
    const best = { c: fastest(c), ts: fastest(ts), wasm: fastest(wasm) };
    const lengths = best.c.lengths.join(' ');
    const same = [...c, ...ts, ...wasm].every((run) => run.nodes === best.c.nodes && run.lengths.join(' ') === lengths);
    const row = (run: Run) => ({
      boards: run.boards,
      moves: `${Math.min(...run.lengths)}–${Math.max(...run.lengths)}, mean ${(run.moves / run.boards).toFixed(1)}`,
      nodes: run.nodes,
      'total ms': (run.seconds * 1000).toFixed(0),
      'Mnodes/s': (run.nodes / run.seconds / 1e6).toFixed(1),
    });
    const set = `${BOARDS} seeded uniform random solvable boards, 6-6-3 databases (built once in ${built.toFixed(1)} s, untimed)`;
    return [
      { benchmark: 'fifteen', input: `fifteen pattern IDA* in C (reference): ${set}, fastest of ${spread(c)} ms`, ...row(best.c), 'vs reference': '1.00', ...perBoard(best.c) },
      {
        benchmark: 'fifteen',
        input: `fifteen pattern IDA* in WebAssembly (what the service runs): ${set}, fastest of ${spread(wasm)} ms${same ? ' (same lengths and nodes)' : ' (LENGTHS OR NODES DIFFER)'}`,
        ...row(best.wasm),
        'vs reference': (best.wasm.seconds / best.c.seconds).toFixed(2),
        ...perBoard(best.wasm),
      },
      {
        benchmark: 'fifteen',
        input: `fifteen pattern IDA* in TypeScript (the tests' independent pass): ${set}, fastest of ${spread(ts)} ms${same ? ' (same lengths and nodes)' : ' (LENGTHS OR NODES DIFFER)'}`,
        ...row(best.ts),
        'vs reference': (best.ts.seconds / best.c.seconds).toFixed(2),
        ...perBoard(best.ts),
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    reference.cleanup();
  }
}
