/**
 * The pass over packed databases in WebAssembly (the pass the 7-8 set is searched with) against the
 * reference pass written here in TypeScript, which makes every child's estimate afresh from the set:
 * the same outcome, line and nodes on seeded walks and random boards; one bounded pass with a first
 * move left out; the budget ends both at the same node; passes that follow one another on one
 * instance do not disturb each other; and the exact lines of the SPEC's boards.
 */
import { describe, expect, it } from 'vitest';
import { type SearchBudget, iterativeDeepening, reachableWithin } from '../../../core/ida-star';
import { samples } from '../../../core/seeded';
import { PACKED_PARTITION_555, buildPackedDatabases } from '../../../puzzles/fifteen/rules/packed-pattern-set';
import { PackedReferencePass, PackedWasmDepthFirst } from '../../../puzzles/fifteen/rules/packed-search-wasm';
import { lettersOf } from '../../../puzzles/fifteen/rules/query';
import { fifteenWalkArbitrary } from '../../../puzzles/fifteen/seeded-inputs';
import { endedWithin, searchBudget } from '../../support/search-budget';

const databases = buildPackedDatabases(PACKED_PARTITION_555);

type Pass = PackedWasmDepthFirst | PackedReferencePass;
const deepening = (pass: Pass) => ({ outcome: iterativeDeepening(pass, pass.estimate(), 80), nodes: pass.nodes });
const searched = (pass: Pass) => ({ outcome: endedWithin(iterativeDeepening(pass, pass.estimate(), 80)), nodes: pass.nodes });

describe('the WebAssembly pass over packed databases', () => {
  it.each([
    ['walks from the goal', samples(fifteenWalkArbitrary(50, 30), 10, 3), 20_000],
    ['longer walks', samples(fifteenWalkArbitrary(90, 70), 3, 9), 60_000],
  ] as const)('finds what the reference pass finds, node for node (%s)', (_name, boards, mostNodes) => {
    const budget = searchBudget(mostNodes);
    for (const board of boards) {
      const wasm = new PackedWasmDepthFirst(board, databases, 80, budget);
      const reference = new PackedReferencePass(board, databases, 80, budget);
      expect(wasm.estimate()).toBe(reference.estimate());
      const found = searched(wasm);
      expect(found, board.join(',')).toEqual(searched(reference));
    }
  });

  it('answers one bounded pass as the reference does, a first move left out, below, at and past the distance', () => {
    const budget = searchBudget(5_000);
    for (const board of samples(fifteenWalkArbitrary(36, 24), 4, 21)) {
      const distance = searched(new PackedWasmDepthFirst(board, databases, 80, budget)).outcome;
      if (distance.kind !== 'solved') throw new Error('unsolved');
      for (const bound of [distance.bound - 2, distance.bound, distance.bound + 2]) {
        for (const undo of [-1, 0, 3]) {
          const reference = new PackedReferencePass(board, databases, 80, budget);
          const wasm = new PackedWasmDepthFirst(board, databases, 80, budget);
          expect({ outcome: endedWithin(reachableWithin(wasm, bound, undo)), nodes: wasm.nodes }).toEqual({ outcome: reachableWithin(reference, bound, undo), nodes: reference.nodes });
        }
      }
    }
  });

  it('ends at the same node when the budget of nodes ends, and at its first node when the time is past', () => {
    const [board] = samples(fifteenWalkArbitrary(50, 40), 1, 4);
    const total = searched(new PackedWasmDepthFirst(board, databases, 80, searchBudget(20_000))).nodes;
    for (const maxNodes of [1, Math.floor(total / 2), total - 1]) {
      const budget: SearchBudget = { maxNodes, deadline: Number.POSITIVE_INFINITY };
      expect(deepening(new PackedWasmDepthFirst(board, databases, 80, budget))).toEqual(deepening(new PackedReferencePass(board, databases, 80, budget)));
    }
    const late = { maxNodes: total, deadline: 0, clock: { now: () => 1 } };
    expect(deepening(new PackedWasmDepthFirst(board, databases, 80, late))).toEqual({ outcome: { kind: 'budget-exhausted', nodes: 1, reason: 'time' }, nodes: 1 });
    expect(() => new PackedWasmDepthFirst(board, databases, 80, late).search(1, 40, -1)).toThrow('the WebAssembly pass starts from the board only');
  });

  it("keeps each pass its own on one instance: a pass run between another's iterations changes nothing of it", () => {
    const budget = searchBudget(400_000);
    const [a, b] = samples(fifteenWalkArbitrary(60, 50), 2, 17);
    const alone = searched(new PackedWasmDepthFirst(a, databases, 80, budget));
    const first = new PackedWasmDepthFirst(a, databases, 80, budget);
    let bound = first.estimate();
    for (let result = first.search(0, bound, -1); result !== -1; result = first.search(0, bound, -1)) {
      searched(new PackedWasmDepthFirst(b, databases, 80, budget));
      bound = result;
    }
    expect(Array.from(first.line.subarray(0, first.depthFound))).toEqual(alone.outcome.kind === 'solved' ? alone.outcome.moves : []);
    expect(first.nodes).toBe(alone.nodes);
  });

  it.each([
    ['2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15', 'llldrdrdr'],
    ['6,1,4,8,2,7,10,3,5,13,0,12,14,9,11,15', 'uruldllurdldrdlurrdr'],
    ['1,2,7,3,6,13,4,8,14,9,0,15,10,12,5,11', 'dlluruldrrdruullddluurrurddldr'],
    ['6,10,8,11,13,1,2,4,5,12,3,15,9,0,14,7', 'luurrrulddlluruldddruuuldddrrruldruuulddrd'],
  ])('finds the lex-min shortest line of %s', (board, line) => {
    const outcome = endedWithin(iterativeDeepening(new PackedWasmDepthFirst(board.split(',').map(Number), databases, 80, searchBudget(20_000)), 0, 80));
    expect(outcome.kind === 'solved' && lettersOf(outcome.moves)).toBe(line);
  });
});
