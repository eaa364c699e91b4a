/**
 * The measure's bookkeeping of levels and lines, checked against an independent decoding: each
 * position's line walked move by move from the table's masks and coded step by step with the
 * codec's own writeLineStep (the measure copies the code of the position one move closer instead).
 */
import { describe, expect, it } from 'vitest';
import { type StateSpace, lowestMove } from '../../core/bfs';
import { KNIGHTS_MEASURE_THREAD } from '../../puzzles/knights/offline/measure-thread';
import { buildKnightsBfsTable } from '../../puzzles/knights/rules/bfs-table';
import { parseKnightsBoard } from '../../puzzles/knights/rules/board';
import { KNIGHTS_FORMAT } from '../../puzzles/knights/tables';
import { BitWriter } from '../../packing/bits';
import { DenseIndex, SparseIndex } from '../../packing/entry-index';
import { type MeasureSource, measureSection } from '../../packing/measure';
import { writeLineStep } from '../../packing/page-codec';
import { type MeasuredSection, entryDistance, entryLength, entryMoves, entryOptimal, entryTarget } from '../../packing/page-encoding';
import { type PageLayout, goldenMultiplier, scramble } from '../../packing/page-layout';
import type { PagedPuzzle } from '../../packing/paged-puzzle';

const unpaged = (ranks: number): PageLayout => ({ ranks, ranksPerPage: ranks, multiplier: goldenMultiplier(ranks) });

/**
 * Checks every record of `source` in `measured`: its fields, and its line code against the line
 * walked from the masks. Returns the starts of the codes in BFS order (the order one thread writes them).
 */
function expectRecords(format: PagedPuzzle, source: MeasureSource, layout: PageLayout, measured: MeasuredSection): number[] {
  const { space, order, levels, optimal } = source;
  const starts: number[] = [];
  const hole = (code: number) => format.holeOfRank(space.rank(code));
  const expected = new BitWriter(64 * levels.length);
  const cells: number[] = [];
  let position = 0;
  levels.forEach((count, d) => {
    for (const end = position + count; position < end; position++) {
      const code = order[position];
      const value = scramble(layout, space.rank(code));
      const entry = measured.index.of(value);
      if (measured.index.valueAt(entry) !== value) expect.fail(`position ${position} has no entry`);
      const word = measured.entries[2 * entry + 1];
      // The line as cells the hole moves to, one move at a time.
      cells.length = 0;
      cells.push(hole(code));
      for (let state = code, t = 0; t < d; t++) {
        state = space.step(state, lowestMove(optimal[space.rank(state)]));
        cells.push(hole(state));
      }
      expected.words.fill(0);
      expected.cursor = 0;
      for (let t = 1; t < d; t++) writeLineStep(expected, format, cells[t - 1], cells[t], cells[t + 1]);
      const fields = [entryDistance(word), entryOptimal(word), entryTarget(word), entryMoves(word), entryLength(word)];
      const wanted = [d, optimal[space.rank(code)], d === 0 ? 0 : cells[1], format.holeMoves[cells[0]].length, expected.cursor];
      if (fields.some((field, i) => field !== wanted[i])) expect.fail(`position ${position} (level ${d}) has fields ${fields} instead of ${wanted}`);
      const start = measured.entries[2 * entry];
      for (let bit = 0; bit < expected.cursor; bit += 32) {
        const n = Math.min(32, expected.cursor - bit);
        if (measured.lines.read(start + bit, n) !== expected.read(bit, n)) expect.fail(`position ${position} (level ${d}) has a wrong line code`);
      }
      if (d >= 2) starts.push(start, start + expected.cursor);
    }
  });
  expect(position).toBe(order.length);
  return starts;
}

/** Codes one after another, each starting where the one before it ends. */
function expectContiguous(starts: readonly number[]): void {
  let gaps = 0;
  for (let i = 2; i < starts.length; i += 2) if (starts[i] !== starts[i - 1]) gaps++;
  expect(gaps).toBe(0);
  expect(starts[0]).toBe(0);
}

/**
 * A made-up puzzle whose positions are a chain: position p is p moves from the goal (position 0),
 * its one move leading to p - 1, with its hole at holes[p]. The hole's cells are 9, each a move
 * from every other (8 moves: a step of a line is a choice among 7), so any walk of the hole that
 * never steps straight back is a line.
 */
function chain(holes: readonly number[]): { format: PagedPuzzle; source: MeasureSource; layout: PageLayout } {
  const cells = 9;
  const holeMoves = Array.from({ length: cells }, (_, at) => Array.from({ length: cells }, (_, to) => to).filter((to) => to !== at));
  const format: PagedPuzzle = { ranks: holes.length, pageDigits: 4, holeMoves, holeOfRank: (rank) => holes[rank] };
  const moveOf = (p: number) => holeMoves[holes[p]].indexOf(holes[p - 1]);
  const unused = (): never => {
    throw new Error('the measure does not call this');
  };
  const space: StateSpace = {
    size: holes.length,
    maxDegree: 8,
    rank: (code) => code,
    degree: () => 8,
    backIndex: unused,
    moveAt: unused,
    applyMove: unused,
    step: (code, index) => {
      // As a space may, it refuses a move the position does not have (the goal has none closer).
      if (code === 0 || index !== moveOf(code)) throw new Error(`position ${code} has no optimal move ${index}`);
      return code - 1;
    },
  };
  const optimal = Uint8Array.from(holes, (_, p) => (p === 0 ? 0 : 1 << moveOf(p)));
  return { format, source: { space, optimal, order: Uint32Array.from(holes.keys()), levels: holes.map(() => 1) }, layout: unpaged(holes.length) };
}

/** A walk of the hole over all 9 cells, every step to another cell and none straight back. */
function walk(positions: number): number[] {
  const holes = [0];
  for (let p = 1; p < positions; p++) {
    let next = (holes[p - 1] * 5 + p) % 9;
    while (next === holes[p - 1] || next === holes[p - 2]) next = (next + 1) % 9;
    holes.push(next);
  }
  return holes;
}

// A goal of the test's own to 11 moves: 110,200 positions in 12 levels, the first ones a run each,
// in memory other threads can read. (Its codes cross the stream's first block inside a code.)
let knightsTable: MeasureSource | undefined;
const knights = () => (knightsTable ??= buildKnightsBfsTable({ name: 'of the test', board: parseKnightsBoard('11111/11110/00*11/10000/00000') }, 11, true).bfs);
const knightsLayout = unpaged(KNIGHTS_FORMAT.ranks);

/**
 * The positions on the lines of `count` positions of the table's last level: each level a few of
 * its table's, every position's next one move closer among them; in memory other threads can read.
 */
function linesOf(table: MeasureSource, count: number): MeasureSource {
  const { space, optimal, order, levels } = table;
  const byLevel = levels.map(() => new Set<number>());
  for (let i = order.length - levels.at(-1)!; i < order.length - levels.at(-1)! + count; i++) {
    let code = order[i];
    for (let d = levels.length - 1; d >= 0 && !byLevel[d].has(code); d--) {
      byLevel[d].add(code);
      if (d > 0) code = space.step(code, lowestMove(optimal[space.rank(code)]));
    }
  }
  const codes = byLevel.flatMap((level) => [...level]);
  const shared = new Uint32Array(new SharedArrayBuffer(4 * codes.length));
  shared.set(codes);
  return { space, optimal, order: shared, levels: byLevel.map((level) => level.size) };
}

describe('records measured level by level', () => {
  it('hold each position\'s fields and line in a table that keeps entries for its positions only, one code after another in BFS order', async () => {
    const measured = await measureSection(KNIGHTS_FORMAT, knights(), knightsLayout, 1, undefined);
    expect(measured.index).toBeInstanceOf(SparseIndex);
    const starts = expectRecords(KNIGHTS_FORMAT, knights(), knightsLayout, measured);
    // A code goes on past the stream's first block (2^20 bits): one thread's blocks continue each other.
    expect(starts.some((start, i) => i % 2 === 0 && start < 1 << 20 && starts[i + 1] > 1 << 20)).toBe(true);
    expectContiguous(starts);
  });

  it('hold each line of a puzzle whose hole steps to any cell, to the deepest a record holds (63 moves; an entry for every rank)', async () => {
    const { format, source, layout } = chain(walk(64));
    const measured = await measureSection(format, source, layout, 1, undefined);
    expect(measured.index).toBeInstanceOf(DenseIndex);
    expectContiguous(expectRecords(format, source, layout, measured));
  });

  it('refuse a line that the masks turn straight back, with the codec\'s own error', async () => {
    // Position 4's line: its hole at 6 moves to 7, where position 3's line starts back to 6.
    const { format, source, layout } = chain([7, 8, 6, 7, 6]);
    await expect(measureSection(format, source, layout, 1, undefined)).rejects.toThrow(new RangeError('the hole\'s step from 7 to 6 is no forward move'));
  });

  it('refuse a position that the BFS order holds twice', async () => {
    const { format, source, layout } = chain(walk(6));
    const twice = { ...source, order: Uint32Array.from([0, 1, 2, 3, 4, 3]) };
    await expect(measureSection(format, twice, layout, 1, undefined)).rejects.toThrow(new Error('a position appears twice in the BFS order'));
  });

  it('take no thread for a section without positions, even one with an empty level', async () => {
    const { format, source, layout } = chain(walk(3));
    for (const levels of [[], [0]]) {
      const empty = { ...source, order: new Uint32Array(0), levels };
      const measured = await measureSection(format, empty, layout, 1, undefined);
      expect([measured.threads, measured.index.size]).toEqual([0, 0]);
    }
  });
});

describe('records measured on several threads, level by level', () => {
  const bfs = knights();
  const layout = knightsLayout;

  it('hand each level on as soon as it is finished: a thread waiting for it starts at once', async () => {
    // The lines of 200 positions 11 moves away: a run or less at each level, so that the two
    // threads take turns, each waiting for the level the other measures. This thread takes 50 ms
    // over the first position of each level, so that the worker (however late it starts) is
    // waiting when it finishes. A thread that waited for a level without being told would wake
    // only at its wait's 1 s timeout: seconds over the levels, where the whole measure (a worker's
    // start among it) takes well under one.
    const lines = linesOf(bfs, 200);
    const firsts = new Set(lines.levels.map((_, d) => lines.order[lines.levels.slice(0, d).reduce((a, b) => a + b, 0)]));
    let ranked = 0;
    const slow = Object.create(bfs.space, {
      rank: {
        value: (code: number): number => {
          if (++ranked > lines.order.length && firsts.has(code)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
          return bfs.space.rank(code);
        },
      },
    });
    const started = performance.now();
    const measured = await measureSection(KNIGHTS_FORMAT, { ...lines, space: slow }, layout, 2, KNIGHTS_MEASURE_THREAD, 1);
    const took = performance.now() - started;
    expectRecords(KNIGHTS_FORMAT, lines, layout, measured);
    expect(took).toBeLessThan(4_000);
  }, 30_000);

  it('let go of a worker waiting on a level this thread fails to finish', async () => {
    // This thread's first position takes a while and fails (its ranks before are the index's);
    // the worker meanwhile measures every run it can and then waits on this thread's level, until
    // this thread's failure lets it go.
    let ranked = 0;
    const failing = Object.create(bfs.space, {
      rank: {
        value: (code: number): number => {
          if (++ranked <= bfs.order.length) return bfs.space.rank(code);
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
          throw new Error('this thread lost its table mid-way');
        },
      },
    });
    await expect(measureSection(KNIGHTS_FORMAT, { ...bfs, space: failing }, layout, 2, KNIGHTS_MEASURE_THREAD, 1)).rejects.toThrow(/^this thread lost its table mid-way$/);
  }, 10_000);
});
