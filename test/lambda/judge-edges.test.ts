/**
 * Judge input over HTTP at its edges, each answer worked out apart from the service: a 15-puzzle
 * board exactly at LightOJ's limit of 35 moves and one just past it, the goal board itself, a batch
 * one case longer than the cases answered at once, and a question asked as judge input and then as
 * JSON (the JSON answer carries every move's value, whatever the cache kept from the first).
 */
import { describe, expect, it } from 'vitest';
import { samples } from '../../core/seeded';
import { formatFifteenBoard, GOAL } from '../../puzzles/fifteen/rules/board';
import { formatFifteenJudge } from '../../puzzles/fifteen/judge';
import { FIFTEEN_DIAMETER, JUDGE_LIMIT } from '../../puzzles/fifteen/rules/query';
import { searchFifteen } from '../../puzzles/fifteen/rules/search';
import { fifteenWalkArbitrary } from '../../puzzles/fifteen/seeded-inputs';
import { call } from '../support/function-url';
import { searchOnlyHandler } from '../support/service';
import { searchBudget } from '../support/search-budget';

const handler = searchOnlyHandler();
const judgeText = (boards: readonly (readonly number[])[]) =>
  `${boards.length}\n${boards.map((board) => `\n${[0, 4, 8, 12].map((at) => board.slice(at, at + 4).join(' ')).join('\n')}\n`).join('')}`;
const judged = async (boards: readonly (readonly number[])[]) => (await call(handler, { method: 'POST', path: '/fifteen', headers: { 'content-type': 'text/plain' }, body: judgeText(boards) })).text;
/** The distance by the puzzle's own search with no limit of the judge's: what the judge's answer must follow. */
const distance = (board: readonly number[]) => searchFifteen({ board: [...board], limit: FIFTEEN_DIAMETER, solvable: true }, searchBudget(6_600_000));

describe('judge input over HTTP, at its edges', () => {
  it("answers a 15-puzzle board exactly at the judge's 35 moves with its line, and one at 36 as not solvable", async () => {
    const boards = samples(fifteenWalkArbitrary(70, 50), 60, 35).map((board) => ({ board, answer: distance(board) }));
    const at = boards.find(({ answer }) => answer.steps === JUDGE_LIMIT)!;
    const past = boards.find(({ answer }) => answer.steps === JUDGE_LIMIT + 1)!;
    expect(at && past).toBeTruthy();
    expect(await judged([at.board, past.board])).toBe(`Case 1: ${at.answer.path.toUpperCase()}\nCase 2: This puzzle is not solvable.\n`);
  });

  it('answers the goal board with no moves, not as not solvable', async () => {
    expect(await judged([GOAL])).toBe('Case 1: \n');
  });

  it('answers every case of a batch one longer than the cases answered at once, in order', async () => {
    const boards = samples(fifteenWalkArbitrary(24, 4), 17, 7);
    expect(await judged(boards)).toBe(formatFifteenJudge(boards.map((board) => searchFifteen({ board, limit: JUDGE_LIMIT, solvable: true }, searchBudget(410)))));
  });

  it('gives every move\'s value in JSON to a question first asked as judge input', async () => {
    const eightJudge = await call(handler, { method: 'POST', path: '/eight', headers: { 'content-type': 'text/plain' }, body: '1\n12X453786\n12345678X\n' });
    expect(eightJudge.text).toBe('Case 1: 2\ndd\n');
    const json = await call(handler, { path: '/eight', query: 'from=12X453786&to=12345678X' });
    expect(json.json).toMatchObject({ steps: 2, path: 'dd', cached: true });
    expect(json.json.moves).toEqual([
      { move: 'd', steps: 1, optimal: true },
      { move: 'l', steps: 3, optimal: false },
    ]);
    const board = samples(fifteenWalkArbitrary(20, 10), 1, 3)[0];
    await judged([board]);
    const fifteen = await call(handler, { path: '/fifteen', query: `board=${formatFifteenBoard(board)}` });
    expect(fifteen.json.moves.length).toBeGreaterThan(1);
    expect(fifteen.json.movesUnvalued).toBeUndefined();
  });
});
