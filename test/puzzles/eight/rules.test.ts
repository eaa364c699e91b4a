import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineOf } from '../../../core/bfs';
import {
  BLANK_MOVES,
  type EightBoard,
  formatEightBoard,
  isReachable,
  parseEightBoard,
  playEightLine,
  tileParity,
} from '../../../puzzles/eight/rules/board';
import { CANONICAL_GOALS, canonicalize } from '../../../puzzles/eight/rules/canonical';
import { EIGHT_DIAMETER } from '../../../puzzles/eight/rules/query';
import { EightSearch, searchEight } from '../../../puzzles/eight/rules/search';
import { decodeEight, eightSpace, encodeEight } from '../../../puzzles/eight/rules/space';
import { EightBfsTables } from '../../../puzzles/eight/rules/bfs-table';
import { InvalidInputError, UnreachableError } from '../../../core/errors';
import { eightBoardArbitrary } from '../../../puzzles/eight/seeded-inputs';
import { SEED, samples } from '../../../core/seeded';
import { searchBudget } from '../../support/search-budget';

const board = (text: string) => parseEightBoard(text);
const query = (from: string, to: string) => ({ from: board(from), to: board(to) });
const tables = new EightBfsTables();

/** SPEC samples and cases: [A, B, steps, path]. */
const SPEC_CASES: [string, string, number, string][] = [
  ['12X453786', '12345678X', 2, 'dd'],
  ['564178X23', '7568X4123', 8, 'urrulldr'],
  ['X87654321', '12345678X', 28, 'ddrruullddrruullddrruullddrr'],
  ['8X7654321', '12345678X', 27, 'rddlluurrddlluurrddlluurrdd'],
  ['21854376X', '12345678X', 20, 'ululdrrulldrrdluurdd'],
  ['241568X73', '12345678X', 18, 'rurdlulurrdllurdrd'],
];

describe('eight board', () => {
  it('reads 9 characters with X (or x) for the blank', () => {
    expect(board('12X453786')).toEqual([1, 2, 0, 4, 5, 3, 7, 8, 6]);
    expect(board(' 12x453786 ')).toEqual(board('12X453786'));
    expect(formatEightBoard(board('12X453786'))).toBe('12X453786');
  });

  it('ignores spaces and "/" anywhere between cells, as every puzzle does', () => {
    expect(board('12X 453 786')).toEqual(board('12X453786'));
    expect(board('12x/453/786')).toEqual(board('12X453786'));
    expect(board('1 2 X\n4 5 3\n7 8 6\n')).toEqual(board('12X453786'));
    expect(board('12X45 3786')).toEqual(board('12X453786'));
  });

  it('reads any board the same with spaces and "/" inserted anywhere, X or x for the blank (property)', () => {
    const separator = fc.stringMatching(/^[ \t\n\r/]{1,3}$/);
    const written = fc
      .tuple(eightBoardArbitrary, fc.array(fc.tuple(fc.nat(9), separator), { maxLength: 8 }), fc.boolean())
      .map(([cells, inserts, lower]) => {
        const pieces = [...formatEightBoard(cells)].map((symbol) => (lower && symbol === 'X' ? 'x' : symbol));
        for (const [at, text] of [...inserts].sort(([a], [b]) => b - a)) pieces.splice(at, 0, text);
        return { cells, text: pieces.join('') };
      });
    fc.assert(fc.property(written, ({ cells, text }) => {
      expect(board(text)).toEqual(cells);
    }), { seed: SEED, numRuns: 500 });
  });

  it.each([
    ['', /has 0 characters; a board is 9/],
    ['12X45378', /has 8 characters/],
    ['12X4537860', /has 10 characters/],
    ['12X453780', /has "0" at position 9/],
    // a stray space is no cell: the characters are counted as typed
    ['12X45 786', /"12X45 786" has 8 characters besides the spaces and "\/"; a board is 9: the tiles 1 to 8 and X \(or x\) for the blank/],
    ['12X 453 7860', /has 10 characters besides the spaces/],
    ['12X453788', /lacks 6/],
    ['123456789', /has "9" at position 9/],
    ['1234567XX', /lacks 8/],
  ])('rejects %j with a clear message', (text, message) => {
    expect(() => parseEightBoard(text)).toThrow(InvalidInputError);
    expect(() => parseEightBoard(text)).toThrow(message);
  });

  it('orders the blank moves d < l < r < u and plays them', () => {
    expect(BLANK_MOVES[4]).toEqual([0, 1, 2, 3]);
    expect(BLANK_MOVES[0]).toEqual([0, 2]);
    expect(BLANK_MOVES[8]).toEqual([1, 3]);
    expect(formatEightBoard(playEightLine(board('12X453786'), 'dd'))).toBe('12345678X');
    expect(() => playEightLine(board('12X453786'), 'r')).toThrow(/not a legal move/);
    expect(() => playEightLine(board('12X453786'), 'q')).toThrow(/not a legal move/);
  });

  it('tells reachability by parity', () => {
    expect(isReachable(board('12345678X'), board('12345687X'))).toBe(false);
    expect(isReachable(board('12X453786'), board('12345678X'))).toBe(true);
    const walks = samples(fc.array(fc.nat(3), { minLength: 1, maxLength: 40 }), 200);
    samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), 200).forEach(([a, b], i) => {
      let moved = a;
      for (const choice of walks[i]) {
        const moves = BLANK_MOVES[moved.indexOf(0)];
        moved = playEightLine(moved, 'dlru'[moves[choice % moves.length]]);
      }
      expect(tileParity(moved)).toBe(tileParity(a));
      expect(isReachable(a, b)).toBe(tileParity(a) === tileParity(b));
    });
  });

  it('refuses unreachable pairs before searching', () => {
    const budget = searchBudget(0);
    expect(() => searchEight(query('12345678X', '12345687X'), budget)).toThrow(UnreachableError);
    expect(() => searchEight(query('12345678X', '12345687X'), budget)).toThrow(/cannot be reached from 12345678X/);
    expect(() => tables.lookup(query('12345678X', '12345687X'))).toThrow(UnreachableError);
  });
});

describe('eight state space', () => {
  it('encodes boards by Cantor rank and generates neighbours with their way back', () => {
    for (const b of samples(eightBoardArbitrary, 300)) {
      const code = encodeEight(b);
      expect(decodeEight(code)).toEqual(b);
      const moves = BLANK_MOVES[b.indexOf(0)];
      expect(eightSpace.degree(code)).toBe(moves.length);
      moves.forEach((move, i) => {
        const reached = playEightLine(b, 'dlru'[move]);
        expect(decodeEight(eightSpace.step(code, i))).toEqual(reached);
        expect(playEightLine(reached, "dlru"[BLANK_MOVES[reached.indexOf(0)][eightSpace.backIndex(code, i)]])).toEqual(b);
      });
    }
  });
});

describe('eight BFS tables', () => {
  it('reach 181,440 states from every canonical goal; 31 moves at most from 12345678X (2 states), 30 from 1234X5678', () => {
    expect(CANONICAL_GOALS.map(formatEightBoard)).toEqual([
      'X12345678', '1X2345678', '12X345678', '123X45678', '1234X5678', '12345X678', '123456X78', '1234567X8', '12345678X',
    ]);
    for (let goal = 0; goal < 9; goal++) {
      const table = tables.table(goal);
      expect(table.order.length).toBe(181_440);
      expect(table.complete).toBe(true);
    }
    expect(Math.max(...CANONICAL_GOALS.map((_, goal) => tables.table(goal).depth))).toBe(EIGHT_DIAMETER);
    expect(tables.table(8).depth).toBe(31);
    expect(tables.table(8).levels[31]).toBe(2);
    expect(tables.table(4).depth).toBe(30);
  });

  it('answers the SPEC samples and cases', () => {
    for (const [from, to, steps, path] of SPEC_CASES) expect(tables.lookup(query(from, to))).toEqual({ steps, path });
  });

  it('gives every state a legal line of its distance ending at the goal', () => {
    const table = tables.table(8);
    for (let i = 0; i < table.order.length; i += 37) {
      const from = decodeEight(table.order[i]);
      const line = lineOf(table, table.order[i])!.map((m) => 'dlru'[m]).join('');
      expect(line.length).toBe(table.distance[table.order[i]]);
      expect(formatEightBoard(playEightLine(from, line))).toBe('12345678X');
    }
  });
});

/** The smallest line of exactly `length` moves from `from` to `to`, by exhaustive enumeration. */
function bruteForceLexMin(from: EightBoard, to: EightBoard, length: number): string | undefined {
  const target = formatEightBoard(to);
  const walk = (b: EightBoard, line: string): string | undefined => {
    if (line.length === length) return formatEightBoard(b) === target ? line : undefined;
    for (const move of BLANK_MOVES[b.indexOf(0)]) {
      const found = walk(playEightLine(b, 'dlru'[move]), line + 'dlru'[move]);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(from, '');
}

describe('eight lines are the lexicographically smallest shortest ones', () => {
  it('checked by exhaustive enumeration on positions up to 9 moves away', () => {
    const table = tables.table(4);
    const near = table.levels.slice(0, 10).reduce((a, b) => a + b, 0);
    for (const index of samples(fc.nat({ max: near - 1 }), 200)) {
      const from = decodeEight(table.order[index]);
      const answer = tables.lookup({ from, to: CANONICAL_GOALS[4] });
      expect(answer.path).toBe(bruteForceLexMin(from, CANONICAL_GOALS[4], answer.steps));
    }
  });
});

describe('the eight search estimate', () => {
  it('never overestimates (Manhattan distance plus linear conflicts, checked against the BFS distances)', () => {
    for (const goal of [8, 4, 1]) {
      const table = tables.table(goal);
      let conflicts = 0;
      for (const index of samples(fc.nat({ max: table.order.length - 1 }), 2000, goal)) {
        const from = decodeEight(table.order[index]);
        const truth = table.distance[table.order[index]];
        const search = new EightSearch({ from, to: CANONICAL_GOALS[goal] });
        const estimate = search.estimate();
        expect(estimate, formatEightBoard(from)).toBeLessThanOrEqual(truth);
        expect((truth - estimate) % 2).toBe(0);
        if (estimate > manhattanOf(from, CANONICAL_GOALS[goal])) conflicts++;
      }
      expect(conflicts).toBeGreaterThan(100); // the conflicts really add to the estimate
    }
  });
});

function manhattanOf(from: EightBoard, to: EightBoard): number {
  let sum = 0;
  from.forEach((tile, cell) => {
    if (tile === 0) return;
    const home = to.indexOf(tile);
    sum += Math.abs(Math.floor(cell / 3) - Math.floor(home / 3)) + Math.abs((cell % 3) - (home % 3));
  });
  return sum;
}

describe('eight search', () => {
  const budget = searchBudget(550);
  it('answers the SPEC samples and cases', () => {
    for (const [from, to, steps, path] of SPEC_CASES) expect(searchEight(query(from, to), budget)).toEqual({ steps, path });
  });

  it('solves both 31-move positions', () => {
    const budget = searchBudget(8_100);
    const table = tables.table(8);
    const farthest = table.order.slice(-2);
    for (const code of farthest) {
      const from = decodeEight(code);
      const answer = searchEight({ from, to: board('12345678X') }, budget);
      expect(answer.steps).toBe(31);
      expect(answer.path).toBe(lineOf(table, code)!.map((m) => 'dlru'[m]).join(''));
    }
  });
});

describe('relabelling', () => {
  const reachablePairs = samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), 600).filter(([a, b]) => isReachable(a, b));

  it('maps B to the canonical goal with the blank in the same cell', () => {
    for (const [from, to] of reachablePairs.slice(0, 100)) {
      const canonical = canonicalize(from, to);
      expect(canonical.goalIndex).toBe(to.indexOf(0));
      expect(canonicalize(to, to).from).toEqual(CANONICAL_GOALS[canonical.goalIndex]);
      expect(canonical.from.indexOf(0)).toBe(from.indexOf(0));
    }
  });

  it('changes no answer when both boards are renamed alike', () => {
    const budget = searchBudget(5_800);
    const renamings = samples(fc.shuffledSubarray([1, 2, 3, 4, 5, 6, 7, 8], { minLength: 8, maxLength: 8 }), 100);
    reachablePairs.slice(0, 100).forEach(([from, to], i) => {
      const rename = (b: EightBoard) => b.map((v) => (v === 0 ? 0 : renamings[i][v - 1]));
      expect(searchEight({ from: rename(from), to: rename(to) }, budget)).toEqual(searchEight({ from, to }, budget));
    });
  });
});

describe('eight table and IDA* agree', () => {
  it('on 2,000 seeded random pairs: distance and line; unreachable pairs refused by both', () => {
    const budget = searchBudget(13_000);
    const pairs = samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), 2000, 7);
    let reachable = 0;
    for (const [from, to] of pairs) {
      if (!isReachable(from, to)) {
        expect(() => searchEight({ from, to }, budget)).toThrow(UnreachableError);
        expect(() => tables.lookup({ from, to })).toThrow(UnreachableError);
        continue;
      }
      reachable++;
      const fromSearch = searchEight({ from, to }, budget);
      expect(fromSearch, `${formatEightBoard(from)} -> ${formatEightBoard(to)}`).toEqual(tables.lookup({ from, to }));
      expect(playEightLine(from, fromSearch.path)).toEqual(to);
    }
    expect(reachable).toBeGreaterThan(800);
  });

  it('on 2,000 seeded reachable pairs', () => {
    const budget = searchBudget(14_000);
    const pairs = samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), 4200, 11).filter(([a, b]) => isReachable(a, b)).slice(0, 2000);
    expect(pairs.length).toBe(2000);
    for (const [from, to] of pairs) expect(searchEight({ from, to }, budget)).toEqual(tables.lookup({ from, to }));
  });
});
