/**
 * The command-line role (npm run ask, lookup and solve): the words that name a question, and
 * answers, stored records and farthest positions as a person reads them. Only the commands load
 * it, never the function.
 */
import type { Engine } from '../../core/engine';
import type { PositionRecord } from '../../packing/page-codec';
import type { Location } from './stored-tables';

export interface CommandLine<Query> {
  /** The usage of its command line words. */
  readonly usage: string;
  /** Words of a question, as `npm start` shows them for ask and lookup. */
  readonly example: string;
  /** The options its questions take on the command line beyond the board (ask, lookup), as parseArgs takes them. */
  readonly options?: Readonly<Record<string, { readonly type: 'string' }>>;
  /** The query fields a command line names: its positionals, and the values of its own options. */
  query(args: readonly string[], options: Readonly<Record<string, string | undefined>>): Record<string, string>;
  /** The API's answer as a person reads it. */
  answerText(answer: unknown): string;
  /** A table's farthest position as a line of text. */
  farthestText(position: { board: string; goal: string; path: readonly number[] | string }): string;
  /** The position a location is of, as `npm run lookup` shows it. */
  positionText?(query: Query, location: Location): string;
  /** A stored record, as `npm run lookup` shows it: its moves and its line. */
  recordText?(location: Location, record: PositionRecord): { moves: string; line: string };
  /** npm run solve: judge input to judge output, with the values of its own solve options as given (checked now). */
  judgeSolver?(engine: Engine, options: Readonly<Record<string, string | undefined>>): (input: string) => string | Promise<string>;
  /** The options of `npm run solve` only this puzzle takes, as parseArgs takes them, and their usage. */
  readonly solveOptions?: Readonly<Record<string, { readonly type: 'string' }>>;
  readonly solveUsage?: string;
}
