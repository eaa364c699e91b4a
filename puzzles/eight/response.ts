/** An eight answer, as the API writes it (type-only: the page reads it too). */
import type { AnswerSource } from '../../api/answers';

export interface EightMoveResponse {
  /** The blank's move: d, l, r or u. */
  readonly move: string;
  readonly steps: number;
  readonly optimal: boolean;
}

export interface EightResponse {
  readonly steps: number;
  /** The lex-min shortest line as the letters d, l, r, u. */
  readonly path: string;
  readonly source: AnswerSource;
  readonly cached: boolean;
  readonly from: string;
  readonly to: string;
  /** Every legal move (d, l, r, u order) and its value. */
  readonly moves: EightMoveResponse[];
}
