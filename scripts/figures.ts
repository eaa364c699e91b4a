/**
 * `npm run figures`: what each table's load writes to DynamoDB (positions, pages, bytes, write
 * units), computed from the code, and written to docs/figures.md, the one place the other documents
 * take these figures from. `-- --check` computes them and compares them with docs/figures.md
 * instead (exit 1, naming each line that differs); `-- --help` says so.
 *
 * Every table is built as a load builds it: the puzzles' own table specs (the registry's, as
 * `npm run precompute` takes them), each page put into its item under the first generation's key
 * (`store/page-items.ts`: pageItem; `store/generations.ts`: generationKey) and sized and priced as the loader does
 * (`itemBytes`, `writeUnitsOf`), so the figures are those a first load's manifest records. A table
 * of estimates (the 15-puzzle's pattern databases) is planned from the file of arrays the
 * function's package carries (`scripts/package-tables.ts`: the same bytes, built by the same spec,
 * kept in node_modules/.cache/tablebase/ by the content of the code that builds them) rather than
 * built again. A puzzle's largest load (a whole space of 67 million positions) is most of the
 * time: about 1.5 to 2.5 minutes and 1.9 GB on two cores.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readCommandOptions } from './command-options';
import { registry } from '../puzzles/registered';
import { parseLoadWords } from '../puzzles/registry';
import { type ArrayPages, planArrayPages } from '../store/array-pages';
import { packagedArrayFile, readArrayFile } from '../store/array-file';
import type { AnyTableSpec, TablePages } from '../store/table-pages';
import { generationKey } from '../store/generations';
import { MAX_PAGE_ITEM_BYTES, itemBytes, pageItem, writeUnitsOf } from '../store/page-items';
import { packageTables } from './package-tables';

export const FIGURES_FILE = fileURLToPath(new URL('../docs/figures.md', import.meta.url));

/** On-demand write units, us-east-1 (docs/deploying.md): dollars a million. */
const DOLLARS_PER_MILLION_WRITE_UNITS = 0.625;
/** DynamoDB Standard storage, us-east-1: dollars a GB-month; an item is billed 100 bytes more than its size. */
const DOLLARS_PER_GB_MONTH = 0.25;
const ITEM_OVERHEAD_BYTES = 100;

/** What a first load of one table writes. */
export interface TableFigures {
  readonly table: string;
  /** What it holds, in a few words. */
  readonly holds: string;
  readonly kind: 'positions' | 'arrays';
  /** A table of positions: the farthest distance it holds. */
  readonly depth?: number;
  /** Positions stored (a table of arrays: its bytes, one entry each). */
  readonly positions: number;
  readonly pages: number;
  /** The page items' size as DynamoDB counts it (the manifest's `bytes`). */
  readonly bytes: number;
  readonly writeUnits: number;
}

/** A load as a person asks for it, and the tables it writes. */
export interface Load {
  readonly name: string;
  /** How it is asked for. */
  readonly asked: string;
  readonly tables: readonly TableFigures[];
}

/** A load to tell, as the words `npm run precompute` (and the deploy's `load`) take. */
export interface LoadWords {
  readonly name: string;
  readonly words: readonly string[];
  /** Minutes rather than seconds: a puzzle's largest load. */
  readonly largest: boolean;
}

/**
 * The loads docs/figures.md tells: the default one (no words), and each puzzle's largest load (its
 * rehearsal role's, as the loader's rehearsal takes it) alone and, without its --tables, beside
 * every other table, as a deploy given those words loads it.
 */
export async function loadsToTell(): Promise<LoadWords[]> {
  const largest = (await registry.withBenchmarks()).flatMap(({ benchmarks }) => (benchmarks.rehearsal?.largestLoad === undefined ? [] : [benchmarks.rehearsal.largestLoad.split(/\s+/).filter(Boolean)]));
  return [
    { name: 'the default', words: [], largest: false },
    ...largest.flatMap((words) => {
      const goals = words.indexOf('--tables');
      const others = goals < 0 ? words : [...words.slice(0, goals), ...words.slice(goals + 2)];
      return [
        { name: `\`${words.join(' ')}\``, words, largest: true },
        ...(others.length < words.length ? [{ name: `\`${others.join(' ')}\``, words: others, largest: true }] : []),
      ];
    }),
  ];
}

/** How a person asks for a load of these words. */
function askedBy(words: readonly string[]): string {
  if (words.length === 0) return '`npm start`, `npm run precompute`, `npx cdk deploy`';
  const text = words.join(' ');
  return `\`npm start -- ${text}\`, \`npx cdk deploy -c load="${text}"\``;
}

/** Pages, bytes and write units of a built table, counted as the loader counts them for its manifest (store/generation-writer.ts). */
export function countPages(pages: TablePages | ArrayPages): { pages: number; bytes: number; writeUnits: number } {
  let bytes = 0;
  let writeUnits = 0;
  for (let index = 0; index < pages.pages.length; index++) {
    // a first load writes generation 1
    const size = itemBytes(pageItem(generationKey(1, pages.pages[index].key), pages.encode(index)));
    bytes += size;
    writeUnits += writeUnitsOf(size);
  }
  return { pages: pages.pages.length, bytes, writeUnits };
}

const ESTIMATE_TABLES = new Set(registry.PUZZLES.flatMap((puzzle) => puzzle.estimates?.tables ?? []));

/** The pages of a table of estimates, from the file of arrays the function's package carries (built once, then cached). */
async function packagedPages(table: string): Promise<ArrayPages> {
  const folder = mkdtempSync(join(tmpdir(), 'tablebase-figures-'));
  try {
    await packageTables(folder, () => {});
    const file = readArrayFile(packagedArrayFile(folder, table), table);
    return planArrayPages(table, [...file.arrays].map(([name, bytes]) => ({ name, bytes })));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function holdsOf(spec: AnyTableSpec, pages: TablePages | ArrayPages): string {
  if (pages.kind === 'arrays') return `${spec.parts ?? spec.goal}: ${pages.arrays.length} arrays of a byte an entry`;
  return pages.positions === spec.spacePositions ? 'the whole space' : `the positions within ${spec.depth} moves`;
}

/** One table's figures, built as its load builds it. */
export async function tableFigures(spec: AnyTableSpec, threads = availableParallelism()): Promise<TableFigures> {
  const pages = ESTIMATE_TABLES.has(spec.table) ? await packagedPages(spec.table) : await spec.build({ threads });
  const holds = holdsOf(spec, pages);
  if (pages.kind === 'arrays') return { table: spec.table, holds, kind: 'arrays', positions: pages.positions, ...countPages(pages) };
  return { table: spec.table, holds, kind: 'positions', depth: pages.levels.length - 1, positions: pages.positions, ...countPages(pages) };
}

/** Every load's figures; `largest: false` leaves out the puzzles' largest loads (seconds instead of minutes). */
export async function computeFigures(options: { readonly largest?: boolean; readonly threads?: number; readonly log?: (line: string) => void } = {}): Promise<Load[]> {
  const choices = await registry.loadChoices();
  const known = new Map<string, TableFigures>();
  const loads: Load[] = [];
  for (const load of await loadsToTell()) {
    if (load.largest && options.largest === false) continue;
    const tables: TableFigures[] = [];
    for (const spec of parseLoadWords(choices, load.words).specs) {
      const key = `${spec.table}|${spec.goal}|${spec.parts}|${spec.depth}`;
      let figures = known.get(key);
      if (figures === undefined) {
        const started = performance.now();
        figures = await tableFigures(spec, options.threads);
        options.log?.(`${spec.table} (depth ${spec.depth}): ${figures.pages} pages, ${figures.writeUnits} write units, in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        known.set(key, figures);
      }
      tables.push(figures);
    }
    loads.push({ name: load.name, asked: askedBy(load.words), tables });
  }
  return loads;
}

const whole = (n: number) => n.toLocaleString('en-US');
const dollars = (n: number) => `$${n < 0.1 ? n.toFixed(3) : n.toFixed(2)}`;
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** A table's line of docs/figures.md. */
export function tableRow(t: TableFigures): string {
  const positions = t.kind === 'arrays' ? `${whole(t.positions)} entries` : whole(t.positions);
  return `| \`${t.table}\` | ${t.depth ?? ''} | ${t.holds} | ${positions} | ${whole(t.pages)} | ${whole(t.bytes)} | ${(t.bytes / t.positions).toFixed(2)} | ${whole(t.writeUnits)} |`;
}

/** A load's line of docs/figures.md: its tables' sums, what writing them costs, and their storage. */
export function loadRow(load: Load): string {
  const sum = (field: 'pages' | 'bytes' | 'writeUnits') => load.tables.reduce((total, t) => total + t[field], 0);
  const stored = sum('bytes') + ITEM_OVERHEAD_BYTES * sum('pages');
  const tables = load.tables.map((t) => `\`${t.table}\`${t.depth === undefined ? '' : ` (${t.depth})`}`).join(', ');
  const writes = dollars((sum('writeUnits') * DOLLARS_PER_MILLION_WRITE_UNITS) / 1e6);
  return `| ${load.name} | ${load.asked} | ${tables} | ${whole(sum('pages'))} | ${whole(sum('bytes'))} | ${whole(sum('writeUnits'))} | ${writes} | ${megabytes(stored)}, ${dollars((stored / 1e9) * DOLLARS_PER_GB_MONTH)} a month |`;
}

/** docs/figures.md for these loads. */
export function figuresMarkdown(loads: readonly Load[]): string {
  const tables = [...new Set(loads.flatMap((load) => load.tables))];
  return [
    '# Figures',
    '',
    '<!-- Written by `npm run figures` (scripts/figures.ts) from the code: do not edit it by hand. -->',
    '',
    'What a first load of each table writes to DynamoDB, computed from the code: each table built by',
    "its puzzle's own table spec, as `npm run precompute` builds it, and each page item sized and",
    'priced as the loader sizes it for its manifest (`store/page-items.ts`: `itemBytes`,',
    '`writeUnitsOf`). These are exact, not measured: the same on every machine, and the `pages`,',
    "`bytes` and `writeUnits` that a load's summary line, `/stats` and `/health` give. Times are",
    'measured: [BENCHMARKS.md](../BENCHMARKS.md).',
    '',
    'A change to the pages (their format, their keys, an attribute) changes these figures: run',
    '`npm run figures` (its time and memory: `npm run figures -- --help`) and commit what it writes.',
    '`npm run figures -- --check` says whether this file is what the code computes; the tests',
    '(`test/docs/figures.test.ts`) fail until it is, or while another document quotes a figure of a',
    'table that is not here.',
    '',
    '## Tables',
    '',
    '| table | depth | holds | positions | pages | bytes | bytes a position | write units |',
    '|---|---|---|---|---|---|---|---|',
    ...tables.map(tableRow),
    '',
    `A page is one item of at most ${MAX_PAGE_ITEM_BYTES / 1024} KB ([loading.md](loading.md#what-a-page-holds)), so reading any`,
    "position costs one read of half a read unit (eventually consistent), whatever the table's size.",
    '',
    '## Loads',
    '',
    `Writes at on-demand's $${DOLLARS_PER_MILLION_WRITE_UNITS} a million write units (us-east-1). Storage is the items' bytes plus`,
    `${ITEM_OVERHEAD_BYTES} bytes an item, at $${DOLLARS_PER_GB_MONTH} a GB-month (point-in-time recovery bills as much again).`,
    '',
    '| load | asked by | tables (depth) | pages | bytes | write units | writes cost | storage |',
    '|---|---|---|---|---|---|---|---|',
    ...loads.map(loadRow),
    '',
  ].join('\n');
}

/** The lines of `expected` that `actual` does not have, and the reverse: what a check prints. */
export function differences(expected: string, actual: string): string[] {
  const have = new Set(actual.split('\n'));
  const want = new Set(expected.split('\n'));
  return [...expected.split('\n').filter((line) => !have.has(line)).map((line) => `- computed: ${line}`), ...actual.split('\n').filter((line) => !want.has(line)).map((line) => `+ in the file: ${line}`)];
}

const USAGE = `usage: npm run figures -- [--check] [--file PATH] [--workers N]
  (none)       computes every table's pages, bytes and write units from the code and writes them
               to docs/figures.md (80 s and 2 GB of memory on two cores, --check as long: most
               of it the largest load)
  --check      compares them with docs/figures.md instead: exit 0 when it is what the code
               computes, 1 (naming each line that differs) when not
  --file PATH  another file than docs/figures.md
  --workers N  threads that build a table (default: the machine's cores, ${availableParallelism()} here)`;

export async function main(argv: string[]): Promise<number> {
  const read = readCommandOptions({ check: { type: 'boolean' }, file: { type: 'string' }, workers: { type: 'string' } }, USAGE, argv);
  if ('exitCode' in read) return read.exitCode;
  const { values } = read;
  const threads = values.workers === undefined ? availableParallelism() : Number(values.workers);
  if (!Number.isInteger(threads) || threads < 1 || threads > 64) {
    process.stderr.write(`--workers must be a whole number from 1 to 64; got "${values.workers}".\n${USAGE}\n`);
    return 2;
  }
  const file = values.file ?? FIGURES_FILE;
  const text = figuresMarkdown(await computeFigures({ threads, log: (line) => process.stderr.write(`figures: ${line}\n`) }));
  if (values.check) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      process.stderr.write(`figures: ${file} cannot be read; npm run figures writes it.\n`);
      return 1;
    }
    const differing = differences(text, current);
    if (differing.length === 0) {
      process.stdout.write(`figures: ${file} is what the code computes.\n`);
      return 0;
    }
    process.stdout.write(`figures: ${file} is not what the code computes; npm run figures writes it again:\n${differing.join('\n')}\n`);
    return 1;
  }
  writeFileSync(file, text);
  process.stdout.write(text);
  process.stderr.write(`figures: written to ${file}\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
