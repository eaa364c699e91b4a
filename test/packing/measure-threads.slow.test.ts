import { afterEach, describe, expect, it, vi } from 'vitest';
import { type StateSpace, breadthFirst, lowestMove } from '../../core/bfs';
import { buildEightBfsTable } from '../../puzzles/eight/rules/bfs-table';
import { EIGHT_FORMAT } from '../../puzzles/eight/tables';
import { builtInGoal } from '../../puzzles/knights/loaded-goals';
import { KNIGHTS_MEASURE_THREAD } from '../../puzzles/knights/offline/measure-thread';
import { EXITING_MEASURE_THREAD } from '../support/exiting-measure-thread';
import { HALF_IDLE_MEASURE_THREAD } from '../support/half-idle-measure-thread';
import { SWALLOWING_MEASURE_THREAD } from '../support/swallowing-measure-thread';
import { buildKnightsBfsTable } from '../../puzzles/knights/rules/bfs-table';
import { KNIGHTS_FORMAT } from '../../puzzles/knights/tables';
import { BitWriter } from '../../packing/bits';
import { type MeasureSource, measureSection } from '../../packing/measure';
import { writeLineStep } from '../../packing/page-codec';
import { type MeasuredSection, entryLength } from '../../packing/page-encoding';
import type { PagedPuzzle } from '../../packing/paged-puzzle';
import { type PageLayout, goldenMultiplier, scramble } from '../../packing/page-layout';

const layoutOf = (ranks: number): PageLayout => ({ ranks, ranksPerPage: ranks, multiplier: goldenMultiplier(ranks) });
const KNIGHTS_LAYOUT = layoutOf(KNIGHTS_FORMAT.ranks);
// The standard knights table to 9 moves: 24,602 positions, in shared memory for the workers. Its
// line codes take 294,844 bits (at most 539,565 by the measure's bound), less than the block of
// the stream (2^20 bits) each thread takes.
const KNIGHTS_9 = buildKnightsBfsTable({ name: 'standard', board: builtInGoal('standard')!.board }, 9, true).bfs;
// A thread for each 4,096 positions at most: six for this table.
const RUN_SHARE = 1 << 12;

/** The bits of a record's line code, as 32-bit words. */
function lineCode({ index, entries, lines }: MeasuredSection, layout: PageLayout, rank: number): number[] {
  const entry = index.of(scramble(layout, rank));
  const length = entryLength(entries[2 * entry + 1]);
  const words: number[] = [];
  for (let bit = 0; bit < length; bit += 32) words.push(lines.read(entries[2 * entry] + bit, Math.min(32, length - bit)));
  return [length, ...words];
}

/**
 * The knights space as this thread sees it: it holds one line a moment (0.3 s), its first or the
 * first `holdAt` picks, so that the worker takes runs meanwhile (a warm thread would otherwise
 * measure so small a table alone before a worker comes); and it fails after `failAfter` lines.
 */
function heldSpace(holdAt: (code: number) => boolean = () => true, failAfter = Infinity): StateSpace {
  let held = false;
  let stepped = 0;
  return Object.create(KNIGHTS_9.space, {
    step: {
      value: (code: number, index: number) => {
        if (!held && holdAt(code)) (held = true), Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
        if (++stepped > failAfter) throw new Error('this thread lost its table mid-way');
        return KNIGHTS_9.space.step(code, index);
      },
    },
  });
}

describe('the line stream of a measure on several threads', () => {
  it('holds every line code one thread gives, and ends past the last of them, when the codes fill less than the block each thread writes into', async () => {
    const one = await measureSection(KNIGHTS_FORMAT, KNIGHTS_9, KNIGHTS_LAYOUT, 1, undefined);
    const two = await measureSection(KNIGHTS_FORMAT, { ...KNIGHTS_9, space: heldSpace() }, KNIGHTS_LAYOUT, 2, KNIGHTS_MEASURE_THREAD, RUN_SHARE);
    expect([one.threads, two.threads]).toEqual([1, 2]);
    for (const code of KNIGHTS_9.order) {
      const rank = KNIGHTS_9.space.rank(code);
      if (lineCode(two, KNIGHTS_LAYOUT, rank).join() !== lineCode(one, KNIGHTS_LAYOUT, rank).join()) expect.fail(`the line code of rank ${rank} differs`);
    }
    for (const measured of [one, two]) {
      let end = 0;
      for (let entry = 0; entry < measured.index.size; entry++) end = Math.max(end, measured.entries[2 * entry] + entryLength(measured.entries[2 * entry + 1]));
      expect(end).toBeGreaterThan(0);
      expect(measured.lines.cursor).toBeGreaterThanOrEqual(end);
    }
  }, 20_000);
});

describe('the entries of a measure', () => {
  // The eight positions nearest goal 0, cut at any count (the last level in part).
  const eight = buildEightBfsTable(0, 20);
  const firstPositions = (count: number): MeasureSource => {
    const levels: number[] = [];
    for (let left = count, d = 0; left > 0; d++) left -= levels[levels.push(Math.min(left, eight.levels[d])) - 1];
    return { space: eight.space, optimal: eight.optimal, order: eight.order.subarray(0, count), levels };
  };
  const eighth = EIGHT_FORMAT.ranks / 8;

  it('are one for each rank of the space once a table fills an eighth of it, one for each position below', async () => {
    expect(Number.isInteger(eighth)).toBe(true);
    expect((await measureSection(EIGHT_FORMAT, firstPositions(eighth), layoutOf(EIGHT_FORMAT.ranks), 1, undefined)).index.size).toBe(EIGHT_FORMAT.ranks);
    expect((await measureSection(EIGHT_FORMAT, firstPositions(eighth - 1), layoutOf(EIGHT_FORMAT.ranks), 1, undefined)).index.size).toBe(eighth - 1);
  });
});

/** The hole walking a graph of cells: a position is the hole's cell, a move a step to a neighbour. */
function graphPuzzle(cells: readonly (readonly number[])[]): { format: PagedPuzzle; space: StateSpace } {
  const space: StateSpace = {
    size: cells.length,
    maxDegree: Math.max(...cells.map((moves) => moves.length)),
    rank: (cell) => cell,
    degree: (cell) => cells[cell].length,
    backIndex: (cell, index) => cells[cells[cell][index]].indexOf(cell),
    moveAt: (cell, index) => cells[cell][index],
    applyMove: (_cell, move) => move,
    step: (cell, index) => cells[cell][index],
  };
  return { format: { ranks: cells.length, pageDigits: 1, holeMoves: cells, holeOfRank: (rank) => rank }, space };
}

describe('the line codes of a measure', () => {
  // Small graphs the hole walks, each with a goal, chosen so that a table of steps filled at the
  // wrong places hands some line a step of another line.
  const graphs: { cells: number[][]; goal: number }[] = [
    { cells: [[2, 3, 4], [2, 6, 8], [0, 1, 3, 4, 7, 8, 9], [0, 2, 4, 5, 6, 7], [0, 2, 3, 5], [3, 4, 7, 8], [1, 3], [2, 3, 5, 8], [1, 2, 5, 7], [2]], goal: 6 },
    { cells: [[1, 3, 11], [0, 2, 3, 4, 8, 11], [1, 8, 9, 10, 11], [0, 1, 4, 10], [1, 3, 7, 8, 9], [7, 9], [10], [4, 5, 10, 11], [1, 2, 4, 9], [2, 4, 5, 8], [2, 3, 6, 7], [0, 1, 2, 7]], goal: 9 },
    { cells: [[1, 5, 6, 7], [0, 2, 4, 5, 6], [1, 3, 4, 6], [2, 4, 7], [1, 2, 3, 5, 6, 7], [0, 1, 4, 6, 7], [0, 1, 2, 4, 5], [0, 3, 4, 5]], goal: 1 },
  ];

  it('are the steps the codec writes, one for each move of the line after the first, whatever the cells the hole walks', async () => {
    for (const { cells, goal } of graphs) {
      const { format, space } = graphPuzzle(cells);
      const bfs = breadthFirst(space, goal);
      const layout = layoutOf(cells.length);
      const measured = await measureSection(format, bfs, layout, 1, undefined);
      for (const cell of bfs.order) {
        // The line by the lowest optimal move at each step, coded step by step by the codec.
        const expected = new BitWriter();
        let from = cell;
        let at = cells[cell][lowestMove(bfs.optimal[cell])];
        for (let left = bfs.distance[cell] - 1; left > 0; left--) {
          const to = cells[at][lowestMove(bfs.optimal[at])];
          writeLineStep(expected, format, from, at, to);
          [from, at] = [at, to];
        }
        const words: number[] = [];
        for (let bit = 0; bit < expected.cursor; bit += 32) words.push(expected.read(bit, Math.min(32, expected.cursor - bit)));
        expect(lineCode(measured, layout, cell), `the line of cell ${cell} to ${goal}`).toEqual(bfs.distance[cell] === 0 ? [0] : [expected.cursor, ...words]);
      }
    }
  });

  it('refuse a line whose next step goes straight back, as the codec refuses the step', async () => {
    const eight = buildEightBfsTable(0, 6);
    const { space } = eight;
    // A position three moves out, the one its first move reaches, and that one's move back to it.
    const far = eight.order[eight.levels[0] + eight.levels[1] + eight.levels[2]];
    const move = lowestMove(eight.optimal[space.rank(far)]);
    const near = space.step(far, move);
    // The nearer position's optimal move made the one back: the farther one's line then turns on itself.
    const optimal = Uint8Array.from(eight.optimal);
    optimal[space.rank(near)] = 1 << space.backIndex(far, move);
    await expect(measureSection(EIGHT_FORMAT, { ...eight, optimal }, layoutOf(EIGHT_FORMAT.ranks), 1, undefined)).rejects.toThrow(/^the hole's step from \d+ to \d+ is no forward move$/);
  });
});

describe('the threads of a measure', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are this one alone for a table smaller than two workers\' shares', async () => {
    expect((await measureSection(KNIGHTS_FORMAT, KNIGHTS_9, KNIGHTS_LAYOUT, 2, KNIGHTS_MEASURE_THREAD)).threads).toBe(1);
    expect((await measureSection(KNIGHTS_FORMAT, KNIGHTS_9, KNIGHTS_LAYOUT, 2, KNIGHTS_MEASURE_THREAD, KNIGHTS_9.order.length)).threads).toBe(1);
  });

  // The failures below are told within seconds: a build that waits for a thread that will never
  // finish its share hangs, and the test's timeout says so.
  it('fail with a worker\'s exit code, at once, when it stops mid-way without a word', async () => {
    // This thread holds its first line, as the worker holds its first position: whichever starts
    // first, the other waits on it before the worker stops, and again after.
    await expect(measureSection(KNIGHTS_FORMAT, { ...KNIGHTS_9, space: heldSpace() }, KNIGHTS_LAYOUT, 2, EXITING_MEASURE_THREAD, RUN_SHARE)).rejects.toThrow(/^a measuring thread stopped with code 3$/);
  }, 10_000);

  it('fail with this thread\'s own error, at once: the workers waiting on the level it left are let go', async () => {
    // This thread fails on its 501st line, a few levels out: the worker then needs that level.
    await expect(measureSection(KNIGHTS_FORMAT, { ...KNIGHTS_9, space: heldSpace(undefined, 500) }, KNIGHTS_LAYOUT, 2, KNIGHTS_MEASURE_THREAD, RUN_SHARE)).rejects.toThrow(/^this thread lost its table mid-way$/);
  }, 10_000);

  it('fail with a worker\'s own error though another worker ended before it failed', async () => {
    // Three threads: one worker ends without measuring, the other fails mid-way once the build
    // has heard of that end.
    await expect(measureSection(KNIGHTS_FORMAT, KNIGHTS_9, KNIGHTS_LAYOUT, 3, HALF_IDLE_MEASURE_THREAD, RUN_SHARE)).rejects.toThrow(/^this measuring thread lost its table mid-way$/);
  }, 10_000);

  it('fail, once they have waited for its word, when a worker failed but its module swallowed the error', async () => {
    // The wait for a failed worker's own error is ten seconds: on the test's clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The worker fails in the last level: this thread holds its first line there, so that the
    // worker takes a run of it too.
    const slow = heldSpace((code) => KNIGHTS_9.distance[KNIGHTS_9.space.rank(code)] === 9);
    let settled = false;
    const measured = measureSection(KNIGHTS_FORMAT, { ...KNIGHTS_9, space: slow }, KNIGHTS_LAYOUT, 2, SWALLOWING_MEASURE_THREAD, RUN_SHARE).finally(() => (settled = true));
    measured.catch(() => {});
    while (!settled && vi.getTimerCount() === 0) await new Promise((resolve) => setImmediate(resolve));
    vi.advanceTimersByTime(10_000);
    // (Its message alone: a build that wrongly succeeds is not printed whole.)
    expect(await measured.then(() => 'measured', (error: Error) => error.message)).toBe('a measuring thread failed');
  }, 10_000);
});
