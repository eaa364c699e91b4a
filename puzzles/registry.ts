/**
 * A registry: a list of puzzles, and what everything above the puzzles asks of it (a puzzle by its
 * name, every table there is, the load options). The service's own list is in registered.ts,
 * named by the entry points alone; everything else is handed the registry it serves, so a test
 * can serve a puzzle of its own beside (or instead of) the real ones.
 */
import { parseArgs } from 'node:util';
import { InvalidInputError } from '../core/errors';
import type { AnyTableSpec } from '../store/table-pages';
import type { TableId } from '../store/table-keys';
import type { Catalog } from '../store/catalog';
import type { OfflineRoles, Puzzle } from './puzzle';
import type { PuzzleBenchmarks } from './roles/benchmarks';
import { type TableFacts, storedTablesProblems } from './roles/stored-tables';
import type { LoadOption, LoadValues, TableLoads } from './roles/table-loads';

/** What everything above the puzzles asks of a list of puzzles. */
export interface Registry {
  readonly PUZZLES: readonly Puzzle[];
  /**
   * The URL of a module that exports this registry as `registry`, for the threads a load starts
   * (a thread is handed data, not objects): a thread imports it. Absent, the threads serve the
   * service's own (registered.ts), as the deploy's loader, one bundle, does.
   */
  readonly module?: string;
  puzzleNamed(name: string): Puzzle | undefined;
  /**
   * Every table there is to tell of: each puzzle's built-in ones and those the catalogue lists, then
   * its tables of estimates (`estimates`: its search reads them, no answer is stored in them).
   */
  tablesOf(catalog: Catalog): { table: TableId; puzzle: Puzzle; facts: TableFacts; estimates: boolean }[];
  /** Every puzzle with the roles only the commands use (loaded on first use). */
  withOfflineRoles(): Promise<{ puzzle: Puzzle; offline: OfflineRoles }[]>;
  /** What a load can be asked for: the tables --tables selects, and the options only some puzzle takes. */
  loadChoices(): Promise<LoadChoices>;
  /** Every puzzle that has benchmarks, with them (npm run bench). */
  withBenchmarks(): Promise<{ puzzle: Puzzle; benchmarks: PuzzleBenchmarks }[]>;
}

/** What a load can be asked for: the table names --tables selects, and the options only some puzzle takes. */
export interface LoadChoices {
  /** The puzzles of the registry, by name (what the deploy's outputs list). */
  readonly puzzles: readonly string[];
  readonly names: readonly string[];
  readonly options: Readonly<Record<string, LoadOption>>;
  readonly usage: string;
  readonly loads: readonly TableLoads[];
  /** The registry's `module`: where a load's threads find the registry these choices are of. */
  readonly registryModule?: string;
}

/**
 * A registry of these puzzles (the tests make one with a puzzle of their own; `module`, the URL
 * of the module that exports it as `registry`, lets a load's threads serve it too). A puzzle whose
 * stored tables would not fit the page codec is refused here, before any table of it is built.
 */
export function registryOf(puzzles: readonly Puzzle[], { module }: { readonly module?: string } = {}): Registry {
  const problems = puzzles.flatMap(storedTablesProblems);
  if (problems.length > 0) throw new Error(problems.join(' '));
  const withOfflineRoles = () => Promise.all(puzzles.map(async (puzzle) => ({ puzzle, offline: await puzzle.offline() })));
  return {
    PUZZLES: puzzles,
    module,
    puzzleNamed: (name) => puzzles.find((puzzle) => puzzle.name === name),
    tablesOf: (catalog) =>
      puzzles.flatMap((puzzle) => [
        ...(puzzle.tables?.tables(catalog).map((table) => ({ table, puzzle, facts: puzzle.tables!.describeTable(table, catalog.get(table)), estimates: false })) ?? []),
        ...(puzzle.estimates?.tables.map((table) => ({ table, puzzle, facts: puzzle.estimates!.describeTable(table), estimates: true })) ?? []),
      ]),
    withOfflineRoles,
    withBenchmarks: async () => (await Promise.all(puzzles.map(async (puzzle) => ({ puzzle, benchmarks: await puzzle.benchmarks?.() })))).flatMap(({ puzzle, benchmarks }) => (benchmarks ? [{ puzzle, benchmarks }] : [])),
    async loadChoices() {
      const loads = (await withOfflineRoles()).flatMap(({ offline }) => (offline.loads ? [offline.loads] : []));
      return {
        puzzles: puzzles.map((puzzle) => puzzle.name),
        names: loads.flatMap((one) => one.names),
        options: Object.assign({}, ...loads.map((one) => one.options ?? {})),
        usage: loads.flatMap((one) => (one.usage ? [one.usage] : [])).join('\n'),
        loads,
        registryModule: module,
      };
    },
  };
}

/** The tables a load asks for: those --tables names (every built-in table without it), and what each puzzle's own options add. */
export function tableSpecs(choices: LoadChoices, tables: string | undefined, values: LoadValues): AnyTableSpec[] {
  const names = tables === undefined ? [...choices.names] : [...new Set(tables.split(',').map((name) => name.trim()))];
  const unknown = names.find((name) => !choices.names.includes(name));
  if (unknown !== undefined) throw new InvalidInputError(`--tables: there is no table "${unknown}"; use ${choices.names.join(', ')} (npm run precompute -- --help lists each puzzle's own load options too).`);
  return choices.loads.flatMap((one) => one.specs(names.filter((name) => one.names.includes(name)), values));
}

/**
 * The tables a load's options name: --tables, or --goals, the same option under the name the
 * service's contract gives it (each table is named for its goal or goals); undefined: every one.
 */
export function tablesAsked(values: { readonly tables?: unknown; readonly goals?: unknown }): string | undefined {
  const tables = values.tables as string | undefined;
  const goals = values.goals as string | undefined;
  const same = (a: string, b: string) => [...new Set(a.split(','))].sort().join() === [...new Set(b.split(','))].sort().join();
  if (tables !== undefined && goals !== undefined && !same(tables, goals)) throw new InvalidInputError(`--tables ${tables} and --goals ${goals} are one option under two names, given two values; give one.`);
  return tables ?? goals;
}

/**
 * A load's options given as words (`--tables standard --knights-depth 39`): the deploy's one
 * setting for them, checked by the puzzles' own rules (each table's spec is made, not built).
 */
export function parseLoadWords(choices: LoadChoices, words: readonly string[]): { tables: string | undefined; values: LoadValues; specs: AnyTableSpec[] } {
  let values;
  try {
    ({ values } = parseArgs({ args: [...words], options: { tables: { type: 'string' }, goals: { type: 'string' }, ...choices.options }, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new InvalidInputError(`${(error as Error).message.split('\n')[0]} The load options are ${['tables', ...Object.keys(choices.options)].map((name) => `--${name}`).join(', ')}.`);
  }
  const tables = tablesAsked(values);
  return { tables, values, specs: tableSpecs(choices, tables, values) };
}
