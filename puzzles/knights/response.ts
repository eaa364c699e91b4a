/** A knights answer, as the API writes it (type-only: the page reads it too). */
import type { AnswerSource } from '../../api/answers';

export interface KnightsResponse {
  /** Moves in a shortest line to the goal, or -1 when that is more than the limit. */
  readonly steps: number;
  /** The lex-min shortest line: the cells the empty square moves to. */
  readonly path: number[];
  readonly source: AnswerSource;
  readonly cached: boolean;
  /** The board asked about, as 5 rows joined by "/". */
  readonly board: string;
  /** The goal's name (built in, or loaded with --goal), or its board when it is neither. */
  readonly goal: string;
  readonly limit: number;
  /** Every legal move (the cell the empty square jumps to, ascending) and its value. */
  readonly moves: KnightsMoveResponse[];
}

export interface KnightsMoveResponse {
  readonly move: number;
  /** Moves to the goal after this one; -1 past the limit. */
  readonly steps: number;
  /** Whether it leads one step closer (within the limit). */
  readonly optimal: boolean;
}
