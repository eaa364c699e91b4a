/**
 * The 15-puzzle's pass in WebAssembly (what the service runs over the pattern databases) against
 * the same pass in TypeScript, written on its own: the same outcome, the same line, the same nodes,
 * on seeded random boards and walks, over small and mixed partitions; the budget ends it at the same
 * node; passes that follow one another on one instance do not disturb each other; and the bytes the
 * code loads are what its text assembles to.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type SearchBudget, iterativeDeepening, reachableWithin } from '../../../core/ida-star';
import { samples } from '../../../core/seeded';
import { FifteenPatternDepthFirst } from '../../../puzzles/fifteen/rules/pattern-search';
import { FifteenWasmDepthFirst } from '../../../puzzles/fifteen/rules/pattern-search-wasm';
import { PARTITION_33333, PARTITION_555, buildPatternDatabases, patternDatabasesOf } from '../../../puzzles/fifteen/rules/pattern-set';
import { passMemoryOf } from '../../../puzzles/fifteen/rules/wasm-memory';
import { fifteenBoardArbitrary, fifteenWalkArbitrary } from '../../../puzzles/fifteen/seeded-inputs';
import { assembled, bytesModuleOf, wasmSources } from '../../../scripts/build-wasm';
import { endedWithin, searchBudget } from '../../support/search-budget';

const small = buildPatternDatabases(PARTITION_33333);
const five = buildPatternDatabases(PARTITION_555);

/** IDA* by the pass, and the nodes it expanded. */
const deepening = (pass: FifteenPatternDepthFirst | FifteenWasmDepthFirst) => ({ outcome: iterativeDeepening(pass, pass.estimate(), 80), nodes: pass.nodes });
/** The same for a pass on a test's budget, which a correct search never spends: an error saying so when it is spent. */
const searched = (pass: FifteenPatternDepthFirst | FifteenWasmDepthFirst) => ({ outcome: endedWithin(iterativeDeepening(pass, pass.estimate(), 80)), nodes: pass.nodes });

describe('the WebAssembly pass', () => {
  // The last of each: the most nodes a board of the row takes.
  it.each([
    ['3-3-3-3-3, walks from the goal', small, samples(fifteenWalkArbitrary(60, 40), 12, 3), 1_100_000],
    ['5-5-5, uniform random boards', five, samples(fifteenBoardArbitrary, 6, 9), 6_200_000],
  ] as const)('finds what the TypeScript pass finds, node for node (%s)', (_name, databases, boards, mostNodes) => {
    const budget = searchBudget(mostNodes);
    for (const board of boards) {
      // the WebAssembly pass first: the faster, it ends a spent budget sooner
      const wasm = new FifteenWasmDepthFirst(board, databases, 80, budget);
      const found = searched(wasm);
      const expected = searched(new FifteenPatternDepthFirst(board, databases, 80, budget));
      expect(wasm.estimate()).toBe(new FifteenPatternDepthFirst(board, databases, 80, budget).estimate());
      expect(found, board.join(',')).toEqual(expected);
      expect(expected.outcome.kind).toBe('solved');
    }
  });

  it('answers one bounded pass as the TypeScript pass does, a first move left out, below, at and past the distance', () => {
    const budget = searchBudget(14_000);
    for (const board of samples(fifteenWalkArbitrary(40, 30), 6, 21)) {
      const distance = searched(new FifteenPatternDepthFirst(board, small, 80, budget)).outcome;
      if (distance.kind !== 'solved') throw new Error('unsolved');
      for (const bound of [distance.bound - 2, distance.bound, distance.bound + 2]) {
        for (const undo of [-1, 0, 3]) {
          const ts = new FifteenPatternDepthFirst(board, small, 80, budget);
          const wasm = new FifteenWasmDepthFirst(board, small, 80, budget);
          expect({ outcome: endedWithin(reachableWithin(wasm, bound, undo)), nodes: wasm.nodes }).toEqual({ outcome: reachableWithin(ts, bound, undo), nodes: ts.nodes });
        }
      }
    }
  });

  it('ends at the same node when the budget of nodes ends, and at its first node when the time is past', () => {
    const [board] = samples(fifteenBoardArbitrary, 1, 4);
    const total = searched(new FifteenPatternDepthFirst(board, small, 80, searchBudget(1_600_000))).nodes;
    for (const maxNodes of [1, 1000, Math.floor(total / 2), total - 1]) {
      const budget: SearchBudget = { maxNodes, deadline: Number.POSITIVE_INFINITY };
      expect(deepening(new FifteenWasmDepthFirst(board, small, 80, budget))).toEqual(deepening(new FifteenPatternDepthFirst(board, small, 80, budget)));
    }
    expect(deepening(new FifteenWasmDepthFirst(board, small, 80, { maxNodes: total, deadline: Number.POSITIVE_INFINITY })).outcome.kind).toBe('solved');
    const late = { maxNodes: total, deadline: 0, clock: { now: () => 1 } };
    expect(deepening(new FifteenWasmDepthFirst(board, small, 80, late))).toEqual({ outcome: { kind: 'budget-exhausted', nodes: 1, reason: 'time' }, nodes: 1 });
    // time is up once the clock is past the deadline, not at it, as in the TypeScript pass
    const atDeadline = { maxNodes: total, deadline: 1, clock: { now: () => 1 } };
    expect(deepening(new FifteenWasmDepthFirst(board, small, 80, atDeadline))).toEqual(deepening(new FifteenPatternDepthFirst(board, small, 80, atDeadline)));
    expect(deepening(new FifteenWasmDepthFirst(board, small, 80, atDeadline)).outcome.kind).toBe('solved');
  });

  it('takes up to 8 tile groups, which its memory has room for, and refuses more, and a pass from anywhere but the board', () => {
    const budget = searchBudget(200_000);
    const eight = buildPatternDatabases([[1, 2], [3, 4], [5, 6], [7, 8], [9, 10], [11, 12], [13, 14], [15]]);
    for (const board of samples(fifteenWalkArbitrary(30, 20), 3, 12)) {
      expect(searched(new FifteenWasmDepthFirst(board, eight, 80, budget))).toEqual(searched(new FifteenPatternDepthFirst(board, eight, 80, budget)));
    }
    const nine = buildPatternDatabases([[1, 2], [3, 4], [5, 6], [7, 8], [9, 10], [11, 12], [13], [14], [15]]);
    const [board] = samples(fifteenWalkArbitrary(30, 20), 1, 12);
    expect(() => new FifteenWasmDepthFirst(board, nine, 80, budget)).toThrow('the WebAssembly pass takes at most 8 tile groups');
    expect(() => new FifteenWasmDepthFirst(board, small, 80, budget).search(1, 40, -1)).toThrow('the WebAssembly pass starts from the board only');
  });

  it('keeps each pass its own on one instance: a pass run between another\'s iterations changes nothing of it', () => {
    const budget = searchBudget(1_100_000);
    const [a, b] = samples(fifteenBoardArbitrary, 2, 17);
    const alone = searched(new FifteenPatternDepthFirst(a, small, 80, budget));
    const first = new FifteenWasmDepthFirst(a, small, 80, budget);
    let bound = first.estimate();
    for (let result = first.search(0, bound, -1); result !== -1; result = first.search(0, bound, -1)) {
      searched(new FifteenWasmDepthFirst(b, small, 80, budget)); // another board, the same instance
      bound = result;
    }
    expect(Array.from(first.line.subarray(0, first.depthFound))).toEqual(alone.outcome.kind === 'solved' ? alone.outcome.moves : []);
    expect(first.nodes).toBe(alone.nodes);
  });

  it('reads the tables where they were laid out, and a set laid out elsewhere (shared memory, for threads) from a copy', () => {
    const budget = searchBudget(2_500);
    expect(passMemoryOf(small.tables[0])).toBeDefined();
    expect(passMemoryOf(small.tables[1])).toBeUndefined(); // in that memory, but not where its tables start
    const shared = patternDatabasesOf(PARTITION_33333, (group, table) => table.set(small.tables[PARTITION_33333.indexOf(group as number[])]), (bytes) => new Uint8Array(new SharedArrayBuffer(bytes)));
    expect(passMemoryOf(shared.tables[0])).toBeUndefined();
    for (const board of samples(fifteenWalkArbitrary(50, 30), 4, 8)) {
      expect(searched(new FifteenWasmDepthFirst(board, shared, 80, budget))).toEqual(searched(new FifteenWasmDepthFirst(board, small, 80, budget)));
    }
  });

  it('finds the pass\'s text among the WebAssembly sources', () => {
    expect(wasmSources()).toContain('puzzles/fifteen/rules/pattern-search.wat');
  });

  it.each(wasmSources())('loads the bytes %s assembles to (npm run build:wasm writes them)', async (source) => {
    expect(readFileSync(fileURLToPath(new URL(`../../../${bytesModuleOf(source)}`, import.meta.url)), 'utf8')).toBe(await assembled(source));
  });
});
