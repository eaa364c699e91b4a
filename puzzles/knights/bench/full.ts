/**
 * full: the whole knights space's lines, masks and pages, then its BFS against the C reference
 * (knights-bfs.c beside this file), each side in fresh processes (bfs-process.ts for the TypeScript one).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MAX_LIMIT } from '../rules/query';
import { knightsSpec } from '../offline/loads';
import { itemBytes, pageItem, writeUnitsOf } from '../../../store/page-items';
import { BFS_TRIALS, type Row, compileReference, peakMiB, timedAsync } from '../../../core/benchmark';

interface BfsRun {
  seconds: number;
  positions: number;
  levels: number[];
}

/** The whole-space BFS in TypeScript, in a fresh process as the C reference runs (bfs-process.ts). */
function typescriptBfs(): BfsRun {
  const script = fileURLToPath(new URL('./bfs-process.ts', import.meta.url));
  const run = spawnSync(process.execPath, [...process.execArgv, script], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`the TypeScript BFS failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/**
 * The whole knights space: first every line, mask and page (in a fresh process, so that the peak
 * RSS is the build's own), then the BFS in C and in TypeScript, interleaved.
 */
export async function full(): Promise<Row[]> {
  return [...(await wholeSpacePages()), ...wholeSpaceBfs()];
}

/**
 * Every page of the whole space, on every core (its peak memory is this process's first), then on
 * one thread, as the baseline: the same bytes, checked by the manifest's checksum.
 */
async function wholeSpacePages(): Promise<Row[]> {
  const threads = availableParallelism();
  const rows: Row[] = [];
  const checksums: string[] = [];
  for (const build of [threads, 1]) {
    const pages = await timedAsync(() => knightsSpec('standard', MAX_LIMIT).build({ threads: build }));
    const buildPeak = peakMiB();
    const hash = createHash('sha256');
    let bytes = 0;
    let writeUnits = 0;
    for (let i = 0; i < pages.value.pages.length; i++) {
      const page = pages.value.encode(i);
      const size = itemBytes(pageItem(pages.value.pages[i].key, page));
      hash.update(`${pages.value.pages[i].key}\n`).update(page);
      bytes += size;
      writeUnits += writeUnitsOf(size);
    }
    const checksum = hash.digest('hex');
    checksums.push(checksum);
    rows.push({
      benchmark: 'full',
      input: `whole space on ${build} thread${build === 1 ? '' : 's'}: BFS, lines, masks, ${pages.value.pages.length} pages (${bytes} bytes, ${writeUnits} write units, sha256 ${checksum.slice(0, 12)}…)`,
      positions: pages.value.positions,
      seconds: pages.seconds.toFixed(2),
      'peak MiB': rows.length === 0 ? buildPeak : '',
    });
  }
  const [many, one] = rows;
  if (checksums[0] !== checksums[1]) one.input += ' (BYTES DIFFER FROM THE OTHER BUILD)';
  one['vs reference'] = '1.00';
  many['vs reference'] = (Number(many.seconds) / Number(one.seconds)).toFixed(2);
  return [one, many];
}

function wholeSpaceBfs(): Row[] {
  const rows: Row[] = [];

  const reference = compileReference(new URL('./knights-bfs.c', import.meta.url));
  const runC = (): BfsRun => JSON.parse(spawnSync(reference!.binary, { encoding: 'utf8', maxBuffer: 1 << 20 }).stdout);
  const c: BfsRun[] = [];
  const ts: BfsRun[] = [];
  try {
    for (let trial = 0; trial < BFS_TRIALS; trial++) {
      if (reference) c.push(runC());
      ts.push(typescriptBfs());
    }
  } finally {
    reference?.cleanup();
  }
  const fastest = (runs: BfsRun[]) => runs.reduce((best, run) => (run.seconds < best.seconds ? run : best));
  const spread = (runs: BfsRun[]) => runs.map((run) => run.seconds.toFixed(1)).join(', ');
  const bfs = fastest(ts);
  if (c.length > 0) {
    const best = fastest(c);
    const same = c.every((run) => JSON.stringify(run.levels) === JSON.stringify(bfs.levels));
    rows.push({ benchmark: 'full', input: `whole-space BFS in C (reference), fastest of ${spread(c)} s`, positions: best.positions, seconds: best.seconds.toFixed(2), 'vs reference': '1.00' });
    rows.push({
      benchmark: 'full',
      input: `whole-space BFS in TypeScript, fastest of ${spread(ts)} s${same ? ' (same level counts)' : ' (LEVEL COUNTS DIFFER)'}`,
      positions: bfs.positions,
      seconds: bfs.seconds.toFixed(2),
      'vs reference': (bfs.seconds / best.seconds).toFixed(2),
    });
  } else {
    rows.push({ benchmark: 'full', input: `whole-space BFS in TypeScript, fastest of ${spread(ts)} s`, positions: bfs.positions, seconds: bfs.seconds.toFixed(2) });
  }
  return rows;
}
