/**
 * The solver's work on one job, against dynalite: an answer its puzzle's check refuses is never
 * kept (the record says why), a solve past its time says so, and the slot is given back every time.
 * The faults are a search that returns a wrong line and a deadline already past: what no real
 * search produces, injected around the real records.
 */
import { afterAll, describe, expect, it } from 'vitest';
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
import { registry } from '../../puzzles/registered';

const client = testClient();
/** SPEC: 9 moves, llldrdrdr. */
const query = { board: parseFifteenBoard('2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15'), limit: 80, solvable: true };
const RULES = { solveMs: 60_000, retryAfterMs: 60_000 };

/** The 15-puzzle searched without its estimate tables (none are loaded here): Manhattan distance answers the sample at once. */
const plain = { ...fifteen, estimates: undefined } as unknown as Puzzle;
const QUESTION = fifteen.solver.cacheKey(query);

describe('a background solve', () => {
  /** A job run on a table of its own: the outcome, and the record it left. */
  async function run(puzzle: Puzzle, options: { deadline?: number; known?: boolean; question?: string; claimedBy?: string; until?: number } = {}) {
    const table = await freshTable(client, 'solve-job');
    const records = new SolveRecords(client, table, { timeoutMs: 5000 });
    const slots = new SolveSlots(client, table, { slots: 1, timeoutMs: 5000 });
    const attempt = 'attempt-1';
    const question = options.question ?? QUESTION;
    expect(await records.claim(puzzle.name, question, options.claimedBy ?? attempt, { ...RULES, now: wallClock.now() })).toBe(true);
    const slot = await slots.take(attempt, wallClock.now(), wallClock.now() + 60_000);
    expect(slot).toBe(0);
    const outcome = await runSolveJob(
      { puzzle: puzzle.name, question, query, attempt, slot: slot!, until: options.until ?? wallClock.now() + 60_000 },
      { records, slots, puzzleNamed: (name) => (name === puzzle.name && options.known !== false ? puzzle : undefined), answers: new AnswerService(registry, undefined), clock: wallClock, deadline: options.deadline ?? wallClock.now() + 60_000 },
    );
    // the slot is free again, whatever happened
    expect(await slots.take('next', wallClock.now(), wallClock.now() + 1)).toBe(0);
    return { outcome, record: await records.read(puzzle.name, question, true) };
  }

  it('keeps an exact answer with every move valued', async () => {
    const { outcome, record } = await run(plain);
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
    const { outcome, record } = await run(broken);
    expect(outcome.state).toBe('failed');
    expect(record).toMatchObject({ state: 'failed', reason: expect.stringMatching(reason) });
  });

  it('says it ran out of its time: its own deadline, or the job\'s, whichever comes first', async () => {
    expect((await run(plain, { deadline: wallClock.now() - 1 })).record).toMatchObject({ state: 'failed', reason: expect.stringMatching(/^the solver ran out of its time: The search gave up after \d+ positions \(out of time\)/) });
    // handed over late by Lambda's queue: its job's time nearly up, whatever the invocation has left
    expect((await run(plain, { until: wallClock.now() + 1000 })).record).toMatchObject({ state: 'failed', reason: expect.stringMatching(/out of time/) });
  });

  it('does nothing for a job that is no longer its attempt\'s (claimed again meanwhile)', async () => {
    const { outcome, record } = await run(plain, { claimedBy: 'attempt-2' });
    expect(outcome.state).toBe('not ours');
    expect(record).toMatchObject({ state: 'solving', attempt: 'attempt-2' });
  });

  it('refuses a puzzle it does not know, and a question that is not its query\'s', async () => {
    expect((await run(plain, { known: false })).record).toMatchObject({ state: 'failed', reason: 'there is no puzzle fifteen that is solved in the background' });
    expect((await run(plain, { question: 'another board|80' })).record).toMatchObject({ state: 'failed', reason: "the job's question is not its query's" });
    // an error of the solver's own: a plain sentence for the client, its words for the log
    const throwing = { ...plain, solver: { ...fifteen.solver, search: () => { throw new Error('arn:aws:iam::123456789012:role/x is not authorized'); } } } as unknown as Puzzle;
    const { outcome, record } = await run(throwing);
    expect(record).toMatchObject({ state: 'failed', reason: 'the solver failed' });
    expect(outcome).toMatchObject({ detail: 'Error: arn:aws:iam::123456789012:role/x is not authorized' });
  });

  it('checks independently of the search: the fifteen check accepts the SPEC line and nothing near it', () => {
    expect(fifteenBackgroundSolve.problemWith(query, { steps: 9, path: 'llldrdrdr', bound: 9 })).toBeUndefined();
    expect(fifteenBackgroundSolve.problemWith(query, { steps: 8, path: 'llldrdrdr', bound: 8 })).toMatch(/9 moves where it says 8/);
    expect(fifteenBackgroundSolve.problemWith(query, { steps: -1, path: '' })).toMatch(/no line/);
  });
});

afterAll(() => client.destroy());
