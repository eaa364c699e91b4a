/**
 * Knights by IDA*. The estimate counts knights not on their goal colour's cells: a move relocates
 * exactly one knight, so each misplaced knight needs at least one move. It is sharpened by parity:
 * every jump moves the hole to a square of the other colour, so the number of moves left has the
 * parity of (hole's colour xor goal hole's colour).
 */
import { BudgetExhaustedError } from '../errors';
import { type SearchBudget, type SearchProblem, UNLIMITED, idaStar } from '../ida-star';
import { CELLS, EMPTY, KNIGHT_JUMPS, SIDE, emptyCell } from './board';
import { BEYOND_LIMIT, type KnightsAnswer, type KnightsQuery } from './query';

const colour = (cell: number) => (Math.floor(cell / SIDE) + (cell % SIDE)) & 1;

export class KnightsSearch implements SearchProblem {
  private readonly cells: string[];
  private readonly goal: string;
  private readonly goalEmpty: number;
  private readonly goalColour: number;
  private empty: number;
  private misplaced = 0;

  constructor(query: Pick<KnightsQuery, 'board' | 'goal'>) {
    this.cells = [...query.board];
    this.goal = query.goal.board;
    this.goalEmpty = emptyCell(query.goal.board);
    this.goalColour = colour(this.goalEmpty);
    this.empty = emptyCell(query.board);
    for (let cell = 0; cell < CELLS; cell++) {
      if (this.cells[cell] !== EMPTY && this.cells[cell] !== this.goal[cell]) this.misplaced++;
    }
  }

  moves(): readonly number[] {
    return KNIGHT_JUMPS[this.empty];
  }

  apply(target: number): number {
    const from = this.empty;
    const knight = this.cells[target];
    this.misplaced += (knight !== this.goal[from] ? 1 : 0) - (knight !== this.goal[target] ? 1 : 0);
    this.cells[from] = knight;
    this.cells[target] = EMPTY;
    this.empty = target;
    return from;
  }

  estimate(): number {
    const parity = colour(this.empty) ^ this.goalColour;
    return this.misplaced + ((this.misplaced ^ parity) & 1);
  }

  isGoal(): boolean {
    return this.misplaced === 0 && this.empty === this.goalEmpty;
  }
}

/** The exact answer by search, or BudgetExhaustedError when the budget ends first. */
export function searchKnights(query: KnightsQuery, budget: SearchBudget = UNLIMITED): KnightsAnswer {
  const outcome = idaStar(new KnightsSearch(query), query.limit, budget);
  switch (outcome.kind) {
    case 'solved':
      return { steps: outcome.moves.length, path: outcome.moves };
    case 'beyond-limit':
      return BEYOND_LIMIT;
    case 'budget-exhausted':
      throw new BudgetExhaustedError(
        `The search gave up after ${outcome.nodes} positions (${outcome.reason === 'time' ? 'out of time' : 'node cap reached'}) without an answer; try again later.`,
      );
  }
}
