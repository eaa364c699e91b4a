/**
 * The fifteen benchmark's rows over the packed 7-8 pattern databases: the 15-puzzle's IDA* in
 * WebAssembly (PackedWasmDepthFirst, packed-search.wat, which the service runs) against a reference
 * IDA* in C over the very same bytes (fifteen-packed-ida.c beside this file), on Korf's 100 boards,
 * each side in fresh processes (packed-search-process.ts for the WebAssembly one), alternating: the
 * fastest run of each, their ratio, the nodes per second, and the boards' times in each fastest
 * run.
 *
 * The databases are the kept 7-8 file (offline/packed-databases.ts: built once, in 5 minutes, when
 * none is kept), copied into a file of the benchmark's own (packed-database-file.ts) that both sides
 * read before their clocks start: the comparison is of the search, not of reading or building.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROCESSES, type Row, compileReference } from '../../../core/benchmark';
import { type Run, perBoard, runProcess } from './search-runs';
import { packedDatabasesFileBuilt, readPackedDatabases } from '../offline/packed-databases';
import { KORF_100 } from './boards';
import { writePackedDatabaseFile } from './packed-database-file';

export async function againstPackedReference(): Promise<Row[]> {
  const reference = compileReference(new URL('./fifteen-packed-ida.c', import.meta.url));
  if (!reference) return [];
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-packed-'));
  try {
    const kept = await packedDatabasesFileBuilt(() => {});
    const file = join(dir, 'fifteen-78.pkd');
    writePackedDatabaseFile(file, readPackedDatabases(kept));
    const input = KORF_100.map(({ board }) => board.join(' ')).join('\n');
    const script = fileURLToPath(new URL('./packed-search-process.ts', import.meta.url));
    const c: Run[] = [];
    const wasm: Run[] = [];
    for (let trial = 0; trial < PROCESSES; trial++) {
      c.push(runProcess(reference.binary, [file, '1'], input));
      wasm.push(runProcess(process.execPath, [...process.execArgv, script, '1', file], input));
    }
    const fastest = (runs: Run[]) => runs.reduce((best, run) => (run.seconds < best.seconds ? run : best));
    const spread = (runs: Run[]) => runs.map((run) => (run.seconds * 1000).toFixed(0)).join(', ');
    const best = { c: fastest(c), wasm: fastest(wasm) };
    const lengths = best.c.lengths.join(' ');
    const same = [...c, ...wasm].every((run) => run.nodes === best.c.nodes && run.lengths.join(' ') === lengths);
    const published = KORF_100.every(({ distance }, i) => best.c.lengths[i] === distance);
    const row = (run: Run) => ({
      boards: run.boards,
      moves: `${Math.min(...run.lengths)}–${Math.max(...run.lengths)}, mean ${(run.moves / run.boards).toFixed(1)}`,
      nodes: run.nodes,
      'total ms': (run.seconds * 1000).toFixed(0),
      'Mnodes/s': (run.nodes / run.seconds / 1e6).toFixed(1),
    });
    const set = `Korf's 100 boards${published ? '' : ' (NOT AT THEIR PUBLISHED DISTANCES)'}, packed 7-8 databases (the kept file, read untimed), ${(best.c.nodes / best.c.boards).toFixed(0)} nodes a board`;
    return [
      { benchmark: 'fifteen', input: `fifteen packed IDA* in C (reference): ${set}, fastest of ${spread(c)} ms`, ...row(best.c), 'vs reference': '1.00', ...perBoard(best.c) },
      {
        benchmark: 'fifteen',
        input: `fifteen packed IDA* in WebAssembly (what the service runs): ${set}, fastest of ${spread(wasm)} ms${same ? ' (same lengths and nodes)' : ' (LENGTHS OR NODES DIFFER)'}`,
        ...row(best.wasm),
        'vs reference': (best.wasm.seconds / best.c.seconds).toFixed(2),
        ...perBoard(best.wasm),
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    reference.cleanup();
  }
}
