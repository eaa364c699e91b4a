/**
 * estimates: the loads the tables' estimates are read from (store/load-estimate.ts), measured
 * again: each table built on one thread in a fresh process of its own (so that its peak memory is
 * its own), its pages sized as the loader sizes them, beside what its estimate says. The
 * estimates' measured points are these figures from a run on the development machine (the slower
 * of two runs for the times); a ratio far from 1 says that a puzzle's points want measuring again.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Row } from '../core/benchmark';
import { type Registry, parseLoadWords } from '../puzzles/registry';
import { generationKey } from '../store/generations';
import { itemBytes, pageItem, writeUnitsOf } from '../store/page-items';

/** The loads measured: those the puzzles' estimates are read between (their benchmarks' estimatedLoads), and every other table of the default load alone. */
async function measuredLoads(registry: Registry): Promise<string[]> {
  const named = (await registry.withBenchmarks()).flatMap(({ benchmarks }) => benchmarks.estimatedLoads ?? []);
  const others = (await registry.loadChoices()).names.filter((name) => !named.some((words) => words.split(' ').join(' ').includes(`--tables ${name}`)));
  return [...others.map((name) => `--tables ${name}`), ...named];
}

interface Measured {
  readonly table: string;
  readonly positions: number;
  readonly pages: number;
  readonly bytes: number;
  readonly writeUnits: number;
  readonly buildSeconds: number;
  readonly peakMb: number;
}

/** In the child: builds the load's one table on one thread and says what it measured. */
async function measureOne(registry: Registry, words: string): Promise<Measured> {
  const [spec] = parseLoadWords(await registry.loadChoices(), words.split(' ')).specs;
  const started = performance.now();
  const pages = await spec.build({ threads: 1 });
  const buildSeconds = (performance.now() - started) / 1000;
  let bytes = 0;
  let writeUnits = 0;
  for (let index = 0; index < pages.pages.length; index++) {
    const size = itemBytes(pageItem(generationKey(1, pages.pages[index].key), pages.encode(index)));
    bytes += size;
    writeUnits += writeUnitsOf(size);
  }
  return { table: spec.table, positions: pages.positions, pages: pages.pages.length, bytes, writeUnits, buildSeconds, peakMb: Math.round(process.resourceUsage().maxRSS / 1024) };
}

function inChild(words: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), words], { stdio: ['ignore', 'pipe', 'inherit'] });
    let said = '';
    child.stdout.on('data', (chunk) => (said += chunk));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(said) as Measured) : reject(new Error(`measuring ${words} stopped with code ${code}`))));
  });
}

export async function estimates(registry: Registry): Promise<Row[]> {
  const choices = await registry.loadChoices();
  const rows: Row[] = [];
  for (const words of await measuredLoads(registry)) {
    const estimate = parseLoadWords(choices, words.split(' ')).specs[0].estimate?.();
    const measured = await inChild(words);
    const ratio = (pick: (one: Measured) => number) => (estimate ? (pick(measured) / pick(estimate)).toFixed(2) : '-');
    rows.push({
      benchmark: 'estimates',
      input: `${words}: ${measured.table}`,
      positions: measured.positions,
      pages: measured.pages,
      'write units': measured.writeUnits,
      'build s (one thread)': measured.buildSeconds.toFixed(1),
      'peak MB': measured.peakMb,
      'measured / estimate: pages, write units, build, peak': [ratio((one) => one.pages), ratio((one) => one.writeUnits), ratio((one) => one.buildSeconds), ratio((one) => one.peakMb)].join(' / '),
    });
  }
  return rows;
}

// A child measuring one load: the service's own registry (the bench runs on it).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { registry } = await import('../puzzles/registered');
  process.stdout.write(JSON.stringify(await measureOne(registry, process.argv[2])));
}
