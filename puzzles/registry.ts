/**
 * The puzzles the service answers, in the order the API, the page and the commands list them.
 * Everything above the puzzles finds a puzzle here, by its name or by one of its tables.
 */
import { InvalidInputError } from '../core/errors';
import type { TableSpec } from '../store/table-pages';
import type { Catalog, TableId } from '../store/table-schema';
import { eight } from './eight';
import { knights } from './knights';
import type { LoadValues, Puzzle } from './puzzle';

export const PUZZLES: readonly Puzzle[] = [knights, eight];

export function puzzleNamed(name: string): Puzzle | undefined {
  return PUZZLES.find((puzzle) => puzzle.name === name);
}

/** Every table there is to tell of: each puzzle's built-in ones and those the catalogue lists. */
export function tablesOf(catalog: Catalog): { table: TableId; puzzle: Puzzle }[] {
  return PUZZLES.flatMap((puzzle) => puzzle.tables(catalog).map((table) => ({ table, puzzle })));
}

/** The names `--goals` selects tables by. */
export const TABLE_NAMES: readonly string[] = PUZZLES.flatMap((puzzle) => puzzle.tableNames);

/** The load options only some puzzle takes, as parseArgs takes them. */
export const PUZZLE_LOAD_OPTIONS = Object.assign({}, ...PUZZLES.map((puzzle) => puzzle.loadOptions)) as Readonly<Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>>;

export const PUZZLE_LOAD_USAGE = PUZZLES.map((puzzle) => puzzle.loadUsage)
  .filter((usage) => usage !== '')
  .join('\n');

/** The tables a load asks for: those --goals names (every built-in table without it), and what each puzzle's own options add. */
export function tableSpecs(goals: string | undefined, values: LoadValues): TableSpec[] {
  const names = goals === undefined ? [...TABLE_NAMES] : [...new Set(goals.split(',').map((name) => name.trim()))];
  const unknown = names.find((name) => !TABLE_NAMES.includes(name));
  if (unknown !== undefined) throw new InvalidInputError(`--goals: there is no table "${unknown}"; use ${TABLE_NAMES.join(', ')} (and --goal NAME=BOARD for a goal of your own).`);
  return PUZZLES.flatMap((puzzle) => puzzle.specs(names.filter((name) => puzzle.tableNames.includes(name)), values));
}
