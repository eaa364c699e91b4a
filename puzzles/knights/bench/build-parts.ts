/**
 * Where the whole knights space's page build (`knightsSpec('standard', 39).build()`) spends its
 * time, part by part, against C loops computing the same bytes (build-parts.c beside this file):
 *   bfs      the search (core/bfs.ts through the knights space's own level expansion);
 *   measure  every record's fields and line code, in BFS order (table-pages.ts measure);
 *   size     every record's bits and the page size (recordBits, chooseRanksPerPage);
 *   encode   every page into one buffer (the rest of planPages).
 * Each side runs in fresh processes, C then TypeScript, a few rounds (the machine is shared: the
 * ratios of a round count, not single times), each timed by its building thread's CPU time (the
 * time it ran, its stalls on memory included, not the time it waited for a core), wall-clock
 * ratios beside. The C side also times a loop of only each part's memory accesses: what the
 * part's cache misses cost, with none of its bit work.
 *
 *   npx tsx puzzles/knights/bench/build-parts.ts [--rounds N]   the comparison (3 rounds by default)
 *   npx tsx puzzles/knights/bench/build-parts.ts --one          one TypeScript build, its parts as JSON
 *   npx tsx puzzles/knights/bench/build-parts.ts --checksum     the whole space's manifest checksum
 *
 * The checksum is the loader's (store/loader.ts): sha256 over every page's key and bytes, in load
 * order; a change to the build that keeps every page's bytes keeps it.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Row, compileReference, peakMiB, printTable } from '../../../core/benchmark';
import { pageCount } from '../../../packing/page-layout';
import { type TablePages, planPages } from '../../../store/table-pages';
import { pageKey } from '../../../store/table-keys';
import { pageCapacity } from '../../../store/page-items';
import { tableOfGoal } from '../loaded-goals';
import { knightsSpec } from '../offline/loads';
import { buildKnightsBfsTable } from '../rules/bfs-table';
import { resolveKnightsGoal } from '../rules/goals';
import { MAX_LIMIT } from '../rules/query';
import { knightsUnrank } from '../rules/space';
import { KNIGHTS_FORMAT } from '../tables';

const PARTS = ['bfs', 'measure', 'size', 'encode'] as const;
type Part = (typeof PARTS)[number];

/** What both sides print: the parts' seconds, and what the build made (compared between the sides). */
interface Run {
  /** CPU time of the building thread. */
  readonly seconds: Record<Part, number>;
  readonly wallSeconds: Record<Part, number>;
  readonly accessSeconds?: Record<Part, number>;
  /** The C measure loop one position at a time (the TypeScript's measure takes batches). */
  readonly oneAtATime?: { readonly seconds: number; readonly wallSeconds: number; readonly accessSeconds: number };
  readonly positions: number;
  readonly levels: number[];
  readonly ranksPerPage: number;
  readonly pages: number;
  readonly bytes: number;
  readonly hash: number;
  readonly peakMiB?: number;
}

const GOAL = 'standard';

/** The bytes a page of the whole space may hold, as planPages works it out (build-parts.c takes it as its argument). */
function capacity(): number {
  const { ranks, pageDigits } = KNIGHTS_FORMAT;
  return pageCapacity(pageKey(tableOfGoal(GOAL), pageCount({ ranks, ranksPerPage: 1, multiplier: 1 }), pageDigits));
}

/** FNV-1a over each page's length then its bytes, as build-parts.c computes it. */
function pagesHash(pages: TablePages): { bytes: number; hash: number } {
  let hash = 0x811c9dc5;
  let bytes = 0;
  for (let index = 0; index < pages.pages.length; index++) {
    const page = pages.encode(index);
    bytes += page.length;
    hash = Math.imul(hash ^ page.length, 16777619);
    for (let b = 0; b < page.length; b++) hash = Math.imul(hash ^ page[b], 16777619);
  }
  return { bytes, hash: hash >>> 0 };
}

/** This thread's CPU time in seconds: on a shared machine, the time it ran (stalls on memory included), not the time it waited. */
function cpuSeconds(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1e6;
}

/** One build as knightsSpec(GOAL, MAX_LIMIT).build() does it, with the BFS called first so that it is timed alone. */
async function oneBuild(): Promise<Run> {
  const cpu: number[] = [];
  const wall: number[] = [];
  const mark = () => (cpu.push(cpuSeconds()), wall.push(performance.now() / 1000));
  mark();
  const { bfs } = buildKnightsBfsTable(resolveKnightsGoal(GOAL), MAX_LIMIT);
  mark();
  const section = { name: tableOfGoal(GOAL), bfs, unrank: knightsUnrank, describe: () => ({ board: '', goal: '', path: [] }) };
  // marks as measure and size end; the encoding ends as planPages returns
  const pages = await planPages(KNIGHTS_FORMAT, [section], { partDone: mark });
  mark();
  const parts = (marks: number[]) => Object.fromEntries(PARTS.map((part, i) => [part, marks[i + 1] - marks[i]])) as Record<Part, number>;
  return { seconds: parts(cpu), wallSeconds: parts(wall), positions: pages.positions, levels: [...pages.levels], ranksPerPage: pages.layout.ranksPerPage, pages: pages.pages.length, ...pagesHash(pages), peakMiB: peakMiB() };
}

async function manifestChecksum(): Promise<string> {
  const pages = await knightsSpec(GOAL, MAX_LIMIT).build();
  const hash = createHash('sha256');
  for (let index = 0; index < pages.pages.length; index++) hash.update(`${pages.pages[index].key}\n`).update(pages.encode(index));
  return `sha256:${hash.digest('hex')} (${pages.pages.length} pages)`;
}

function typescriptRun(): Run {
  const script = fileURLToPath(import.meta.url);
  const run = spawnSync(process.execPath, [...process.execArgv, script, '--one'], { encoding: 'utf8', maxBuffer: 1 << 20, stdio: ['ignore', 'pipe', 'inherit'] });
  if (run.status !== 0) throw new Error(`the TypeScript build failed (exit ${run.status})`);
  return JSON.parse(run.stdout);
}

/** What must match between the two sides: the same levels, page size and page bytes. */
const madeOf = (run: Run) => JSON.stringify([run.positions, run.levels, run.ranksPerPage, run.pages, run.bytes, run.hash]);

const nsPerPosition = (seconds: number, positions: number) => (seconds * 1e9) / positions;
const range = (values: number[], digits: number) => {
  const low = Math.min(...values).toFixed(digits);
  const high = Math.max(...values).toFixed(digits);
  return low === high ? low : `${low}–${high}`;
};

function compare(rounds: number): void {
  const reference = compileReference(new URL('./build-parts.c', import.meta.url));
  if (!reference) throw new Error('build-parts needs a C compiler (cc)');
  const c: Run[] = [];
  const ts: Run[] = [];
  try {
    const argument = String(capacity());
    for (let round = 0; round < rounds; round++) {
      const run = spawnSync(reference.binary, [argument], { encoding: 'utf8', maxBuffer: 1 << 20, stdio: ['ignore', 'pipe', 'inherit'] });
      if (run.status !== 0) throw new Error(`the C build failed (exit ${run.status})`);
      c.push(JSON.parse(run.stdout));
      ts.push(typescriptRun());
      const [cRun, tsRun] = [c.at(-1)!, ts.at(-1)!];
      const same = madeOf(cRun) === madeOf(tsRun);
      process.stderr.write(
        `round ${round + 1}: ${PARTS.map((part) => `${part} ${tsRun.seconds[part].toFixed(1)}/${cRun.seconds[part].toFixed(1)} s`).join(', ')} (TypeScript/C)${same ? '' : ' PAGES DIFFER'}\n`,
      );
      if (!same) throw new Error(`the two builds differ:\n  C  ${madeOf(cRun)}\n  TS ${madeOf(tsRun)}`);
    }
  } finally {
    reference.cleanup();
  }
  const positions = c[0].positions;
  const rows: Row[] = [...PARTS, 'total' as const].map((part) => {
    const of = (run: Run, seconds: Record<Part, number> | undefined = run.seconds) => (part === 'total' ? PARTS.reduce((sum, p) => sum + seconds![p], 0) : seconds![part]);
    const tsNs = ts.map((run) => nsPerPosition(of(run), positions));
    const cNs = c.map((run) => nsPerPosition(of(run), positions));
    const accessNs = c.map((run) => nsPerPosition(of(run, run.accessSeconds), positions));
    const ratios = ts.map((run, i) => of(run) / of(c[i]));
    const wallRatios = ts.map((run, i) => of(run, run.wallSeconds) / of(c[i], c[i].wallSeconds));
    return {
      part,
      'TS ns/position': range(tsNs, 0),
      'C ns/position': range(cNs, 0),
      'TS/C (per round)': range(ratios, 2),
      'TS/C wall-clock': range(wallRatios, 2),
      'C access loop ns/position': range(accessNs, 0),
      'C / access loop': range(cNs.map((ns, i) => ns / accessNs[i]), 2),
      'TS / access loop': range(tsNs.map((ns, i) => ns / accessNs[i]), 2),
    };
  });
  const oneNs = c.map((run) => nsPerPosition(run.oneAtATime!.seconds, positions));
  rows.push({
    part: 'measure, C one position at a time',
    'TS ns/position': '',
    'C ns/position': range(oneNs, 0),
    'TS/C (per round)': range(ts.map((run, i) => run.seconds.measure / c[i].oneAtATime!.seconds), 2),
    'TS/C wall-clock': range(ts.map((run, i) => run.wallSeconds.measure / c[i].oneAtATime!.wallSeconds), 2),
    'C access loop ns/position': range(c.map((run) => nsPerPosition(run.oneAtATime!.accessSeconds, positions)), 0),
    'C / access loop': range(oneNs.map((ns, i) => ns / nsPerPosition(c[i].oneAtATime!.accessSeconds, positions)), 2),
    'TS / access loop': '',
  });
  console.log(`CPU time of the building thread per position (wall-clock ratios beside); ${rounds} rounds, C then TypeScript, each in a fresh process; ${positions} positions, ${c[0].pages} pages of ${c[0].ranksPerPage} ranks, ${c[0].bytes} bytes, the same on both sides (FNV-1a ${c[0].hash})`);
  console.log(`TypeScript peak RSS ${range(ts.map((run) => run.peakMiB!), 0)} MiB`);
  printTable(rows);
}

const { values } = parseArgs({ options: { one: { type: 'boolean' }, checksum: { type: 'boolean' }, rounds: { type: 'string', default: '3' } } });
if (values.one) console.log(JSON.stringify(await oneBuild()));
else if (values.checksum) console.log(await manifestChecksum());
else compare(Number(values.rounds));
