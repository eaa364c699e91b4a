/**
 * What every puzzle's answer is, whichever role gives it: a number of moves and a line, how it was
 * found, and (when asked for) every legal move's value.
 */
import type { MoveValue } from '../../core/move-values';

/** table: a stored record; search: the request's own search; kept: a background solve's answer, checked and kept. */
export type Source = 'table' | 'search' | 'kept';

export interface Found {
  readonly source: Source;
  /** True when the answer came from this instance's cache of recent answers. */
  readonly cached: boolean;
}

export interface Valued {
  /** Every legal move's value; present when asked for (JSON answers), and on every table answer. */
  readonly moves?: readonly MoveValue[];
  /** Why the moves are not valued, when they were asked for and the budget ended first (the line is exact all the same). */
  readonly movesUnvalued?: string;
}

/** Whatever a puzzle answers: a number of moves, and the line. */
export interface Answer {
  readonly steps: number;
}

export type Result<A extends Answer> = A & Found & Valued;

/** An answer read from a table. */
export type Stored<A extends Answer> = A & { readonly source: 'table' } & Valued;
