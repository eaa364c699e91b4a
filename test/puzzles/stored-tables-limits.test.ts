/**
 * The page codec's limits, told to every puzzle: the 2x3 sliding puzzle (test/puzzles/slide/)
 * made to break each limit in turn is refused, with a sentence naming the limit and its value,
 * when it registers (storedTablesProblems) and when a table of it is built (planPages, on a space
 * in which the hole alone walks the puzzle's cells).
 */
import { describe, expect, it } from 'vitest';
import { type StateSpace, breadthFirst } from '../../core/bfs';
import { registry } from '../../puzzles/registered';
import { registryOf } from '../../puzzles/registry';
import { storedTablesProblems } from '../../puzzles/roles/stored-tables';
import { LENGTH_MASK, DISTANCE_SHIFT, MOVES_SHIFT, OPTIMAL_SHIFT, TARGET_SHIFT } from '../../packing/page-encoding';
import { PAGE_CODEC_LIMITS, PageCodecLimitError } from '../../packing/page-codec-limits';
import type { PagedPuzzle } from '../../packing/paged-puzzle';
import { planPages } from '../../store/table-pages';
import { slide } from '../../puzzles/slide';
import { slideTable } from '../../puzzles/slide/rules';

type HoleMoves = readonly (readonly number[])[];

/** The slide puzzle with another hole and another greatest distance. */
const slideWith = (name: string, holeMoves: HoleMoves, greatestDistance = 21) => ({ ...slide, name, tables: { ...slide.tables, format: { ...slide.tables.format, holeMoves }, greatestDistance } });

/**
 * A space of `size` positions on these cells, position p's hole on cell hole(p), where the move to
 * the hole's i-th target leads to next(p, i): the hole's walk, with as many positions as it needs.
 */
function walkSpace(holeMoves: HoleMoves, size: number, hole: (p: number) => number, next: (p: number, index: number) => number): StateSpace {
  const step = (p: number, index: number) => next(p, index);
  return {
    size,
    maxDegree: Math.max(...holeMoves.map((moves) => moves.length)),
    rank: (p) => p,
    degree: (p) => holeMoves[hole(p)].length,
    moveAt: (p, index) => holeMoves[hole(p)][index],
    applyMove: (p, move) => step(p, holeMoves[hole(p)].indexOf(move)),
    step,
    backIndex: (p, index) => {
      const back = step(p, index);
      return Array.from({ length: holeMoves[hole(back)].length }, (_, i) => step(back, i)).indexOf(p);
    },
  };
}

/** The hole alone on the cells: a position is the hole's cell. */
const holeAlone = (holeMoves: HoleMoves) => walkSpace(holeMoves, holeMoves.length, (cell) => cell, (cell, index) => holeMoves[cell][index]);

/** A table of `space` around position 0, built as pages with the hole's cells `holeMoves`. */
function build(name: string, holeMoves: HoleMoves, space: StateSpace, hole: (p: number) => number) {
  const format: PagedPuzzle = { ranks: space.size, pageDigits: 4, holeMoves, holeOfRank: hole };
  return planPages(format, [{ name, bfs: breadthFirst(space, 0), unrank: (rank) => rank, describe: () => ({ board: '', goal: '', path: [] }) }]);
}

/** A ring of `cells` cells, each with moves to the next and the one before. */
const ring = (cells: number): HoleMoves => Array.from({ length: cells }, (_, cell) => [(cell + 1) % cells, (cell + cells - 1) % cells]);

describe("the page codec's limits", () => {
  it('are what the record entries of a build have room for, and a longest line code fits its length field', () => {
    const { maxCells, maxMovesPerCell, maxDistance } = PAGE_CODEC_LIMITS;
    expect([maxCells, maxMovesPerCell, maxDistance]).toEqual([32, 8, 63]);
    expect(2 ** (DISTANCE_SHIFT - OPTIMAL_SHIFT)).toBe(2 ** maxMovesPerCell); // the optimal-move mask
    expect(2 ** (TARGET_SHIFT - DISTANCE_SHIFT)).toBe(maxDistance + 1); // the distance
    expect(2 ** (MOVES_SHIFT - TARGET_SHIFT)).toBe(maxCells); // the first move's cell
    expect(2 ** (32 - MOVES_SHIFT)).toBeGreaterThan(maxMovesPerCell); // the number of moves
    expect((maxDistance - 1) * Math.ceil(Math.log2(maxMovesPerCell - 1))).toBeLessThanOrEqual(LENGTH_MASK);
  });

  it('hold for every registered puzzle and the slide puzzle, whose greatest distances are their farthest positions', () => {
    expect([...registry.PUZZLES, slide].flatMap(storedTablesProblems)).toEqual([]);
    expect(slideTable().depth).toBe(slide.tables.greatestDistance);
  });
});

describe('a puzzle past a limit', () => {
  it('with more than 32 cells is refused when it registers and when its table is built', async () => {
    expect(storedTablesProblems(slideWith('slide-wide', ring(34)))).toEqual([
      "The slide-wide puzzle's stored tables do not fit a page: maxCells is 32 (a record names the hole's cell in 5 bits): the hole stands on 34 cells.",
    ]);
    // a registry refuses it beside the real puzzles, with the same sentence
    expect(() => registryOf([...registry.PUZZLES, slideWith('slide-wide', ring(34))])).toThrow("The slide-wide puzzle's stored tables do not fit a page: maxCells is 32");
    await expect(build('wide', ring(34), holeAlone(ring(34)), (cell) => cell)).rejects.toThrow(
      new PageCodecLimitError("The table of wide cannot be stored as pages. maxCells is 32 (a record names the hole's cell in 5 bits): the hole stands on 34 cells."),
    );
  });

  it('with a cell of more than 8 moves is refused when it registers and when its table is built', async () => {
    const star: HoleMoves = [[1, 2, 3, 4, 5, 6, 7, 8, 9], ...Array.from({ length: 9 }, () => [0])];
    expect(storedTablesProblems(slideWith('slide-star', star))).toEqual([
      "The slide-star puzzle's stored tables do not fit a page: maxMovesPerCell is 8 (a record's optimal-move mask is a byte): cell 0 has 9 moves.",
    ]);
    await expect(build('star', star, holeAlone(star), (cell) => cell)).rejects.toThrow(/^The table of star cannot be stored as pages\. maxMovesPerCell is 8 .*: cell 0 has 9 moves\.$/);
  });

  it('with positions more than 63 moves from the goal is refused when it registers and when its table is built', async () => {
    // the hole going round four cells, 144 positions in a ring: the farthest is 72 moves away
    const positions = 144;
    const space = walkSpace(ring(4), positions, (p) => p % 4, (p, index) => (p + (index === 0 ? 1 : positions - 1)) % positions);
    expect(breadthFirst(space, 0).depth).toBe(72);
    expect(storedTablesProblems(slideWith('slide-far', ring(4), 72))).toEqual([
      "The slide-far puzzle's stored tables do not fit a page: maxDistance is 63 (a record's distance is 6 bits): distances reach 72.",
    ]);
    await expect(build('far', ring(4), space, (p) => p % 4)).rejects.toThrow(/^The table of far cannot be stored as pages\. maxDistance is 63 .*: distances reach 72\.$/);
  });

  it('with a move that can keep the distance is refused when it registers and when its table is built', async () => {
    const triangle = ring(3);
    const sentence = 'distanceChangesByOne (a record marks the optimal moves, and every other move is read as one step farther): the hole\'s cells cannot be coloured in two with every move changing the colour (the move from 1 to 2 joins cells of one colour), so a move could keep the distance.';
    expect(storedTablesProblems(slideWith('slide-triangle', triangle))).toEqual([`The slide-triangle puzzle's stored tables do not fit a page: ${sentence}`]);
    // cells 1 and 2 are both one move from the goal, and one move apart
    const bfs = breadthFirst(holeAlone(triangle), 0);
    expect([bfs.distance[1], bfs.distance[2]]).toEqual([1, 1]);
    await expect(build('triangle', triangle, holeAlone(triangle), (cell) => cell)).rejects.toThrow(new PageCodecLimitError(`The table of triangle cannot be stored as pages. ${sentence}`));
  });

  it('with a move that has no move straight back is refused when it registers and when its table is built', async () => {
    // a corridor of four cells whose hole steps from 2 to 3 and cannot come back
    const oneWay: HoleMoves = [[1], [0, 2], [1, 3], [0]];
    expect(storedTablesProblems(slideWith('slide-one-way', oneWay))).toEqual([
      "The slide-one-way puzzle's stored tables do not fit a page: reversibleMoves (a line's code leaves out the move straight back, so every move needs one): the hole moves from 2 to 3, 3 to 0 but not back.",
    ]);
    await expect(build('one-way', oneWay, holeAlone(oneWay), (cell) => cell)).rejects.toThrow(/^The table of one-way cannot be stored as pages\. reversibleMoves .*: the hole moves from 2 to 3, 3 to 0 but not back\./);
  });

  it('with moves to cells it does not have is refused, saying which', () => {
    expect(storedTablesProblems(slideWith('slide-stray', [[1, 1], [0, 7]]))).toEqual([
      "The slide-stray puzzle's stored tables do not fit a page: cell 0 names its move to 1 twice.",
      "The slide-stray puzzle's stored tables do not fit a page: cell 1 has a move to 7, which is no cell (they are 0 to 1).",
    ]);
  });
});
