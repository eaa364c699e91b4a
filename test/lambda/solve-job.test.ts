/**
 * The solver's work on one job, against dynalite: an answer its puzzle's check refuses is never
 * kept (the record says why), a solve past its time says so, and the slot is given back every time.
 * The faults are a search that returns a wrong line and a deadline already past: what no real
 * search produces, injected around the real records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallClock } from '../../core/clock';
import { AnswerService } from '../../lambda/answer-service';
import { runSolveJob } from '../../lambda/solve-job';
import { fifteen } from '../../puzzles/fifteen';
import { fifteenBackgroundSolve } from '../../puzzles/fifteen/background-solve';
import { parseFifteenBoard } from '../../puzzles/fifteen/rules/board';
import type { Puzzle } from '../../puzzles/puzzle';
import { SolveRecords } from '../../store/solve-records';
import { SolveSlots } from '../../store/solve-slots';
import { freshTable, testClient } from '../support/dynamodb';

const client = testClient();
/** SPEC: 9 moves, llldrdrdr. */
const query = { board: parseFifteenBoard('2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15'), limit: 80, solvable: true };
const RULES = { solveMs: 60_000, retryAfterMs: 60_000 };

describe('a background solve', () => {
  let records: SolveRecords;
  let slots: SolveSlots;
  beforeAll(async () => {
    const table = await freshTable(client, 'solve-job');
    records = new SolveRecords(client, table, { timeoutMs: 5000 });
    slots = new SolveSlots(client, table, { slots: 1, timeoutMs: 5000 });
  });

  async function run(question: string, puzzle: Puzzle, deadline = wallClock.now() + 60_000, known: Puzzle | null = puzzle) {
    const attempt = `attempt-${question}`;
    expect(await records.claim(puzzle.name, question, attempt, { ...RULES, now: wallClock.now() })).toBe(true);
    const slot = await slots.take(attempt, wallClock.now(), wallClock.now() + 60_000);
    expect(slot).toBe(0);
    const outcome = await runSolveJob(
      { puzzle: puzzle.name, question, query, attempt, slot: slot! },
      { records, slots, puzzleNamed: (name) => (name === puzzle.name ? (known ?? undefined) : undefined), answers: new AnswerService(undefined), clock: wallClock, deadline },
    );
    // the slot is free again, whatever happened
    expect(await slots.take('next', wallClock.now(), wallClock.now() + 1)).toBe(0);
    await slots.give(0, 'next');
    return { outcome, record: await records.read(puzzle.name, question, true) };
  }

  it('keeps an exact answer with every move valued', async () => {
    const { outcome, record } = await run('exact', fifteen as unknown as Puzzle);
    expect(outcome).toMatchObject({ state: 'solved', steps: 9, kept: true });
    expect(record?.state).toBe('solved');
    expect(JSON.parse((record as { answer: string }).answer)).toMatchObject({ steps: 9, path: 'llldrdrdr', bound: 9, moves: expect.any(Array) });
  });

  it.each([
    ['a line that does not reach the goal', { steps: 9, path: 'llldrdrdu', bound: 9 }, /failed its check, so it was not kept: its line ends on .*, not on the goal/],
    ['a line shorter than the last bound', { steps: 9, path: 'llldrdrdr', bound: 11 }, /its line has 9 moves but the search's last bound was 11/],
    ['a line that leaves the board', { steps: 9, path: 'ulldrdrdr', bound: 9 }, /its line cannot be played: the move u leaves the board/],
  ])('keeps no answer its puzzle refuses: %s', async (_name, wrong, reason) => {
    const broken = { ...fifteen, estimates: undefined, solver: { ...fifteen.solver, search: () => wrong } } as unknown as Puzzle;
    const { outcome, record } = await run(`refused-${wrong.path}-${wrong.bound}`, broken);
    expect(outcome.state).toBe('failed');
    expect(record).toMatchObject({ state: 'failed', reason: expect.stringMatching(reason) });
  });

  it('says it ran out of its time', async () => {
    const { record } = await run('late', fifteen as unknown as Puzzle, wallClock.now() - 1);
    expect(record).toMatchObject({ state: 'failed', reason: expect.stringMatching(/^the solver ran out of its time: The search gave up after \d+ positions \(out of time\)/) });
  });

  it('says so of a puzzle it does not know', async () => {
    const { record } = await run('unknown', fifteen as unknown as Puzzle, undefined, null);
    expect(record).toMatchObject({ state: 'failed', reason: 'there is no puzzle fifteen that is solved in the background' });
  });

  it('checks independently of the search: the fifteen check accepts the SPEC line and nothing near it', () => {
    expect(fifteenBackgroundSolve.problemWith(query, { steps: 9, path: 'llldrdrdr', bound: 9 })).toBeUndefined();
    expect(fifteenBackgroundSolve.problemWith(query, { steps: 8, path: 'llldrdrdr', bound: 8 })).toMatch(/9 moves where it says 8/);
    expect(fifteenBackgroundSolve.problemWith(query, { steps: -1, path: '' })).toMatch(/no line/);
  });
});

afterAll(() => client.destroy());
