/**
 * The rehearsal's questions, and their answers computed independently in the harness's own process:
 * knights and Eight II by the project's searches with no budget (not the tables the function reads),
 * the 15-puzzle by IDA* over the 6-6-3 pattern databases built here in memory (puzzles/fifteen/
 * offline/databases.ts, about 15 s, once a process), not read from DynamoDB.
 */
import { samples } from '../../core/seeded';
import { formatEightBoard, isReachable, parseEightBoard } from '../../puzzles/eight/rules/board';
import { searchEight } from '../../puzzles/eight/rules/search';
import { eightBoardArbitrary } from '../../puzzles/eight/seeded-inputs';
import { solveDatabases } from '../../puzzles/fifteen/offline/databases';
import { formatFifteenBoard, parseFifteenBoard } from '../../puzzles/fifteen/rules/board';
import { MAX_MOVES } from '../../puzzles/fifteen/rules/query';
import { searchFifteen } from '../../puzzles/fifteen/rules/search';
import { solvableBoardArbitrary } from '../../puzzles/fifteen/seeded-inputs';
import { formatKnightsBoard, parseKnightsBoard } from '../../puzzles/knights/rules/board';
import { resolveKnightsGoal } from '../../puzzles/knights/rules/goals';
import { DEFAULT_LIMIT } from '../../puzzles/knights/rules/query';
import { searchKnights } from '../../puzzles/knights/rules/search';
import { knightsWalkArbitrary } from '../../puzzles/knights/seeded-inputs';

export type PuzzleName = 'knights' | 'eight' | 'fifteen';

export interface Question {
  readonly puzzle: PuzzleName;
  /** The Function URL's path and query string. */
  readonly target: string;
  /** What the harness computes it to be, without the function's tables. */
  expected(): { readonly steps: number; readonly path: unknown };
}

/** The SPEC's knights question (7 moves from the standard goal). */
export const KNIGHTS_SAMPLE = '10110/01*11/10111/01001/00000';
/** The SPEC's Eight II question. */
export const EIGHT_SAMPLE = { from: '12X453786', to: '12345678X' };
/** The SPEC's 58-move 15-puzzle board. */
export const FIFTEEN_SAMPLE = '15,5,13,12,6,4,1,0,7,10,3,9,11,8,2,14';

const remembered = new Map<string, { steps: number; path: unknown }>();
function once(key: string, compute: () => { steps: number; path: unknown }) {
  return () => {
    if (!remembered.has(key)) remembered.set(key, compute());
    return remembered.get(key)!;
  };
}

export function knightsQuestion(board: string): Question {
  return {
    puzzle: 'knights',
    target: `/knights?board=${encodeURIComponent(board)}`,
    expected: once(`knights ${board}`, () => searchKnights({ board: parseKnightsBoard(board), goal: resolveKnightsGoal('standard'), limit: DEFAULT_LIMIT })),
  };
}

export function eightQuestion(from: string, to: string): Question {
  return {
    puzzle: 'eight',
    target: `/eight?from=${from}&to=${to}`,
    expected: once(`eight ${from} ${to}`, () => searchEight({ from: parseEightBoard(from), to: parseEightBoard(to) })),
  };
}

export function fifteenQuestion(board: string): Question {
  return {
    puzzle: 'fifteen',
    target: `/fifteen?board=${board}`,
    expected: once(`fifteen ${board}`, () => searchFifteen({ board: parseFifteenBoard(board), limit: MAX_MOVES, solvable: true }, undefined, solveDatabases(() => {}))),
  };
}

/** `count` uniform random solvable 15-puzzle boards (the seeded ones of the benchmarks and tests first, for `seed` unset). */
export function fifteenBoards(count: number, seed?: number): string[] {
  return samples(solvableBoardArbitrary, count, seed).map((board) => formatFifteenBoard(board));
}

/** `count` knights boards within the default limit of the standard goal: walks of up to 15 moves, every board in the default table. */
export function knightsBoards(count: number, seed: number): string[] {
  const standard = resolveKnightsGoal('standard');
  return [...new Set(samples(knightsWalkArbitrary(standard.board, DEFAULT_LIMIT), count * 3, seed).map((board) => formatKnightsBoard(board)))].slice(0, count);
}

/** `count` Eight II pairs that can be joined (every pair is in the table: it holds the whole space). */
export function eightPairs(count: number, seed: number): { from: string; to: string }[] {
  const boards = samples(eightBoardArbitrary, count * 6, seed);
  const pairs: { from: string; to: string }[] = [];
  for (let i = 0; i + 1 < boards.length && pairs.length < count; i += 2) {
    if (isReachable(boards[i], boards[i + 1])) pairs.push({ from: formatEightBoard(boards[i]), to: formatEightBoard(boards[i + 1]) });
  }
  return pairs;
}
