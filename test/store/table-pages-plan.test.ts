/**
 * Planning a table's pages (store/table-pages.ts planPages): the page size it picks, held to a
 * computation of its own here (every page's bytes by the codec's bound, for any page size), and
 * the pages, samples and expected pages it lists.
 *
 * The tables are eight's positions near one goal, moved to chosen places of a space of chosen
 * size: a real puzzle's records (distances, masks, lines), with their scrambled ranks spread,
 * crowded to one end, or filling every rank, which the eight space itself, scrambled, never gives.
 */
import { describe, expect, it } from 'vitest';
import { type BfsTable, NONE, type StateSpace, lowestMove } from '../../core/bfs';
import { buildEightBfsTable } from '../../puzzles/eight/rules/bfs-table';
import { blankOfRank, eightSpace } from '../../puzzles/eight/rules/space';
import { EIGHT_FORMAT } from '../../puzzles/eight/tables';
import { type PositionRecord, pageBytesBound } from '../../packing/page-codec';
import { pageCodecProblems } from '../../packing/page-codec-limits';
import { MAX_PAGE_ITEM_BYTES, itemBytes, pageCapacity, pageItem } from '../../store/page-items';
import { type PageLayout, goldenMultiplier, scramble, slotsIn, unscramble } from '../../packing/page-layout';
import type { PagedPuzzle } from '../../packing/paged-puzzle';
import { pageKey } from '../../store/table-keys';
import { type Section, type TablePages, planPages } from '../../store/table-pages';
import { encodeAsLoaded } from '../support/pages';

/** A deterministic stream of numbers in [0, 1), so that every run arranges the positions alike. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

/** 0 .. n-1 shuffled by `random`. */
function shuffled(n: number, random: () => number): number[] {
  const values = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [values[i], values[j]] = [values[j], values[i]];
  }
  return values;
}

/** Where a table's positions are put: the scrambled rank of each, in BFS order, all distinct and below `ranks`. */
type Arrangement = (positions: number, ranks: number) => number[];

/** Anywhere in the space, each rank as likely as another. */
const spread =
  (seed: number): Arrangement =>
  (positions, ranks) =>
    shuffled(ranks, seeded(seed)).slice(0, positions);

/** More of them towards the low end: pages there hold more than the average, so the first guess of a page size is off. */
const crowded =
  (seed: number): Arrangement =>
  (positions, ranks) => {
    const random = seeded(seed);
    const weighed = shuffled(ranks, random).map((value) => ({ value, weight: random() * (1 + (3 * value) / ranks) }));
    return weighed
      .sort((a, b) => a.weight - b.weight)
      .slice(0, positions)
      .map(({ value }) => value);
  };

/** All of them in the lowest `share` of the space's ranks: the pages above it hold none. */
const within =
  (share: number, seed: number): Arrangement =>
  (positions, ranks) =>
    shuffled(Math.floor(ranks * share), seeded(seed)).slice(0, positions);

interface Placed {
  readonly format: PagedPuzzle;
  readonly bfs: BfsTable;
}

/**
 * eight's positions within `depth` moves of goal `goalIndex` in a space of `ranks` ranks, each at
 * the rank that scrambles to its place in `arrange` (the records stay eight's: only ranks move).
 * `positionsPerRank` sizes the space from the positions found.
 */
function placed(goalIndex: number, depth: number, ranksOf: (positions: number) => number, arrange: Arrangement, pageDigits = 4): Placed {
  const eight = buildEightBfsTable(goalIndex, depth);
  const ranks = ranksOf(eight.order.length);
  const values = arrange(eight.order.length, ranks);
  const layout = { ranks, ranksPerPage: ranks, multiplier: goldenMultiplier(ranks) };
  const rankOf = new Map<number, number>();
  const distance = new Uint8Array(ranks).fill(NONE);
  const optimal = new Uint8Array(ranks);
  const hole = new Uint8Array(ranks);
  eight.order.forEach((code, i) => {
    const rank = unscramble(layout, values[i]);
    rankOf.set(code, rank);
    distance[rank] = eight.distance[code];
    optimal[rank] = eight.optimal[code];
    hole[rank] = blankOfRank(code);
  });
  const space: StateSpace = {
    size: ranks,
    maxDegree: eightSpace.maxDegree,
    rank: (code) => rankOf.get(code) ?? expect.fail(`position ${code} was not placed`),
    degree: (code) => eightSpace.degree(code),
    backIndex: (code, index) => eightSpace.backIndex(code, index),
    moveAt: (code, index) => eightSpace.moveAt(code, index),
    applyMove: (code, move) => eightSpace.applyMove(code, move),
    step: (code, index) => eightSpace.step(code, index),
  };
  return {
    format: { ranks, pageDigits, holeMoves: EIGHT_FORMAT.holeMoves, holeOfRank: (rank) => hole[rank] },
    bfs: { ...eight, space, distance, optimal },
  };
}

function sectionOf(name: string, bfs: BfsTable): Section {
  return { name, bfs, unrank: (rank) => rank, describe: () => ({ board: name, goal: name, path: '' }) };
}

/** A position's record, walked here from its BFS table: the smallest optimal move at each step. */
function recordOf(format: PagedPuzzle, bfs: BfsTable, code: number): { hole: number; record: PositionRecord } {
  const rank = bfs.space.rank(code);
  const hole = format.holeOfRank(rank);
  const line: number[] = [];
  let at = hole;
  let state = code;
  for (let t = bfs.distance[rank]; t > 0; t--) {
    const index = lowestMove(bfs.optimal[bfs.space.rank(state)]);
    at = format.holeMoves[at][index];
    line.push(at);
    state = bfs.space.step(state, index);
  }
  return { hole, record: { distance: bfs.distance[rank], optimal: bfs.optimal[rank], line } };
}

/** Each position's scrambled rank and its record's bits as a page stores them, in BFS order. */
function recordsOf(format: PagedPuzzle, bfs: BfsTable): { value: number; bits: number }[] {
  const layout = { ranks: format.ranks, ranksPerPage: format.ranks, multiplier: goldenMultiplier(format.ranks) };
  return Array.from(bfs.order, (code) => ({
    value: scramble(layout, bfs.space.rank(code)),
    bits: encodeAsLoaded(format, 1, [{ slot: 0, ...recordOf(format, bfs, code) }]).recordBits,
  }));
}

/** The largest page, by the codec's bound on a page's bytes, of any section were its pages `ranksPerPage` ranks. */
function largestPage(format: PagedPuzzle, sections: readonly { value: number; bits: number }[][], ranksPerPage: number): number {
  const layout: PageLayout = { ranks: format.ranks, ranksPerPage, multiplier: goldenMultiplier(format.ranks) };
  const pages = Math.ceil(format.ranks / ranksPerPage);
  let largest = 0;
  for (const records of sections) {
    const count = new Array<number>(pages).fill(0);
    const bits = new Array<number>(pages).fill(0);
    for (const record of records) {
      const page = Math.floor(record.value / ranksPerPage);
      count[page]++;
      bits[page] += record.bits;
    }
    for (let page = 0; page < pages; page++) largest = Math.max(largest, pageBytesBound(slotsIn(layout, page), count[page], bits[page]));
  }
  return largest;
}

/** The bytes a page may hold: its item under the longest key a page of these sections could have (a page per rank). */
function capacityOf(format: PagedPuzzle, names: readonly string[]): number {
  return Math.min(...names.map((name) => pageCapacity(pageKey(name, format.ranks, format.pageDigits))));
}

/**
 * The page size holds every page within an item, and is the largest that does as far as one rank
 * more goes: with one more rank a page, some page would outgrow it (or the whole space is one page).
 */
function expectFilledPages(format: PagedPuzzle, sections: readonly Section[], pages: TablePages): void {
  const records = sections.map(({ bfs }) => recordsOf(format, bfs));
  const capacity = capacityOf(format, sections.map(({ name }) => name));
  const { ranksPerPage } = pages.layout;
  expect(ranksPerPage).toBeGreaterThanOrEqual(1);
  expect(ranksPerPage).toBeLessThanOrEqual(format.ranks);
  expect(largestPage(format, records, ranksPerPage)).toBeLessThanOrEqual(capacity);
  if (ranksPerPage < format.ranks) expect(largestPage(format, records, ranksPerPage + 1)).toBeGreaterThan(capacity);
  pages.pages.forEach(({ key }, index) => expect(itemBytes(pageItem(key, pages.encode(index)))).toBeLessThanOrEqual(MAX_PAGE_ITEM_BYTES));
}

describe('the page size of a table', () => {
  it('is the whole space when every position fits one page: one page a section, of all its ranks', async () => {
    const table = placed(0, 9, (positions) => 3 * positions, spread(5));
    const sections = [sectionOf('near', table.bfs), sectionOf('again', table.bfs)];
    const pages = await planPages(table.format, sections);
    expect(pages.layout.ranksPerPage).toBe(table.format.ranks);
    expect(pages.pages.map(({ key }) => key)).toEqual([pageKey('near', 0, 4), pageKey('again', 0, 4)]);
    expectFilledPages(table.format, sections, pages);
  });

  // Each arrangement takes the search of a page size another way from its first guess (up, down,
  // at a page filling its item to the byte); a size one rank short, or past an item, fails here.
  it.each([
    { case: 'positions spread over twice their ranks', goal: 0, depth: 13, ranksOf: (n: number) => 2 * n, arrange: spread(24160) },
    { case: 'positions crowded to the low end of five times their ranks', goal: 4, depth: 16, ranksOf: (n: number) => 5 * n, arrange: crowded(8419) },
    { case: 'every rank a position, crowded records to the low end', goal: 0, depth: 13, ranksOf: (n: number) => n, arrange: crowded(16241) },
    // The goal's record (its distance alone) in the page that decides the size; and page numbers
    // of one digit, so that the longest key is the one numbered as high as the space has ranks.
    { case: 'positions spread over ten times their ranks, page numbers of one digit', goal: 4, depth: 12, ranksOf: (n: number) => 10 * n, arrange: spread(8), pageDigits: 1 },
  ])('fills pages as far as an item allows: every page within it, one rank more overflowing one ($case)', async ({ goal, depth, ranksOf, arrange, pageDigits }) => {
    const table = placed(goal, depth, ranksOf, arrange, pageDigits);
    const sections = [sectionOf('s0', table.bfs)];
    expectFilledPages(table.format, sections, await planPages(table.format, sections));
  });

  it('keeps within an item the pages of a sparse table whose upper pages hold no position', async () => {
    // 3,685 positions in the lowest 30% of ten times as many ranks: the table keeps entries for its
    // positions only, and the empty pages (the last among them) are sized apart from the others.
    const table = placed(4, 13, (positions) => 10 * positions, within(0.3, 1));
    const sections = [sectionOf('s0', table.bfs)];
    const pages = await planPages(table.format, sections);
    expectFilledPages(table.format, sections, pages);
    const empty = pages.pages.filter((_, index) => pages.expectedPage(index).positions === 0);
    expect(empty.length).toBeGreaterThan(1);
    expect(empty.at(-1)).toEqual(pages.pages.at(-1));
    // an empty page is expected to hold no first and no last position
    const last = pages.expectedPage(pages.pages.length - 1);
    expect([last.positions, last.first, last.last]).toEqual([0, undefined, undefined]);
  });

  it('takes pages of one rank when a section name leaves room for one record: each holds its position at slot 0, first and last', async () => {
    const table = placed(0, 2, (positions) => positions, spread(7));
    // a name that leaves a page a few bytes more than a page of one of these records needs, and
    // fewer than a page of two
    const records = recordsOf(table.format, table.bfs);
    const name = 'x'.repeat(1 + capacityOf(table.format, ['x']) - largestPage(table.format, [records], 1));
    const sections = [sectionOf(name, table.bfs)];
    const pages = await planPages(table.format, sections);
    expect(pages.layout.ranksPerPage).toBe(1);
    expectFilledPages(table.format, sections, pages);
    pages.pages.forEach((_, index) => {
      const expected = pages.expectedPage(index);
      expect([expected.positions, expected.first?.slot, expected.last?.slot]).toEqual([1, 0, 0]);
    });
  }, 10_000);

  it('leaves room in every item for the longest page key of its sections, whichever section has it', async () => {
    // The same positions under three names, the longest in the middle; one digit a page number
    // (the longest key has as many as the space has ranks).
    const table = placed(0, 13, (positions) => 2 * positions, spread(24160), 1);
    const names = ['s', `a-section-named-at-length-${'x'.repeat(60)}`, 't'];
    const sections = names.map((name) => sectionOf(name, table.bfs));
    expectFilledPages(table.format, sections, await planPages(table.format, sections));
  });

  it('is refused when not even a page of one rank fits an item: a section name takes nearly all of it', async () => {
    const table = placed(0, 2, (positions) => 4 * positions, spread(7));
    // The longest name whose page items leave a page 3 bytes: a page's header and no record.
    const name = 'x'.repeat(1 + capacityOf(table.format, ['x']) - 3);
    expect(capacityOf(table.format, [name])).toBe(3);
    await expect(planPages(table.format, [sectionOf(name, table.bfs)])).rejects.toThrow(/^no page size keeps every page within an item$/);
  }, 10_000);
});

describe("a table's pages", () => {
  // Two sections of the same positions over pages of their space: several pages each.
  const table = placed(0, 13, (positions) => 2 * positions, crowded(3));
  const sections = [sectionOf('first', table.bfs), sectionOf('second', table.bfs)];
  const built = planPages(table.format, sections);
  const positions = table.bfs.order.length;

  it('are every page of each section, in section order then page order', async () => {
    const pages = await built;
    const perSection = Math.ceil(table.format.ranks / pages.layout.ranksPerPage);
    expect(perSection).toBeGreaterThan(1);
    expect(pages.pages).toEqual(sections.flatMap(({ name }, section) => Array.from({ length: perSection }, (_, page) => ({ key: pageKey(name, page, 4), section, page }))));
  });

  it('hold as expected pages the positions whose scrambled ranks fall in them, the lowest and the highest slot at their ends', async () => {
    const pages = await built;
    const { ranksPerPage } = pages.layout;
    const records = recordsOf(table.format, table.bfs);
    pages.pages.forEach(({ key, page }, index) => {
      const held = records.map(({ value }, i) => ({ i, slot: value - page * ranksPerPage })).filter(({ slot }) => slot >= 0 && slot < ranksPerPage);
      held.sort((a, b) => a.slot - b.slot);
      const expected = pages.expectedPage(index);
      expect([expected.key, expected.positions, expected.first?.slot, expected.last?.slot]).toEqual([key, held.length, held[0]?.slot, held.at(-1)?.slot]);
      if (held.length > 0) expect(expected.first!.record).toEqual(recordOf(table.format, table.bfs, table.bfs.order[held[0].i]).record);
    });
  });

  it('sample positions of every section alike: a draw past the first section\'s positions is one of the second\'s', async () => {
    const pages = await built;
    const { ranksPerPage } = pages.layout;
    const records = recordsOf(table.format, table.bfs);
    for (const [draw, section, index] of [
      [0, 0, 0],
      [positions - 1, 0, positions - 1],
      [positions, 1, 0],
      [2 * positions - 1, 1, positions - 1],
    ]) {
      const sample = pages.samplePosition(() => (draw + 0.5) / (2 * positions));
      const { value } = records[index];
      const page = Math.floor(value / ranksPerPage);
      expect(sample).toEqual({
        key: pageKey(sections[section].name, page, 4),
        section,
        page,
        slot: value % ranksPerPage,
        record: recordOf(table.format, table.bfs, table.bfs.order[index]).record,
      });
    }
  });

  it('refuse to sample a position its BFS order holds without a distance (a table changed under them)', async () => {
    const spoilt = placed(0, 5, (n) => 4 * n, spread(11));
    const pages = await planPages(spoilt.format, [sectionOf('spoilt', spoilt.bfs)]);
    const last = spoilt.bfs.order.length - 1;
    spoilt.bfs.distance[spoilt.bfs.space.rank(spoilt.bfs.order[last])] = NONE;
    expect(() => pages.samplePosition(() => 0.999_999)).toThrow(/^a BFS order holds a position without a distance$/);
  });
});

describe("a table's farthest positions", () => {
  // Two sections of the same positions, each position told apart by what its section says of it.
  const table = placed(0, 13, (positions) => 2 * positions, spread(5));
  const named = (name: string): Section => ({ ...sectionOf(name, table.bfs), describe: (code) => ({ board: `${name} ${code}`, goal: name, path: '' }) });
  const built = planPages(table.format, [named('first'), named('second')]);
  const { order, levels } = table.bfs;
  const deepest = levels.length - 1;

  it('are, for a check, a share of each section\'s last level, the section\'s last positions, and no more than asked in all', async () => {
    const pages = await built;
    expect(levels[deepest]).toBeGreaterThan(3);
    // 5 asked of two sections: 3 of the first, 2 of the second
    const farthest = pages.farthestPositions(5);
    expect(farthest.map(({ section, record }) => [section, record.distance])).toEqual([[0, deepest], [0, deepest], [0, deepest], [1, deepest], [1, deepest]]);
    expect(farthest.slice(0, 3).map(({ record }) => record)).toEqual(Array.from(order.slice(-3), (code) => recordOf(table.format, table.bfs, code).record));
  });

  it('are, to tell, the last positions of the deepest level in BFS order, ties between sections going to the first', async () => {
    const pages = await built;
    // the deepest level holds more than asked: the last of it, not the first
    expect(pages.farthest(3)).toEqual(Array.from(order.slice(-3), (code) => ({ board: `first ${code}`, goal: 'first', path: '', steps: deepest })));
  });
});

describe('a table past the codec\'s limits', () => {
  it('is refused before anything is measured, naming its sections and every limit it breaks', async () => {
    // A cell with nine moves, one of them to a cell that does not exist: two problems.
    const format: PagedPuzzle = { ranks: 10, pageDigits: 1, holeMoves: [[1, 2, 3, 4, 5, 6, 7, 8, 9], [0], [0], [0], [0], [0], [0], [0], [0]], holeOfRank: () => 0 };
    const problems = pageCodecProblems(format, 0);
    expect(problems.length).toBeGreaterThan(1);
    const unmeasured = (name: string) => ({ name, bfs: { levels: [1] } }) as unknown as Section;
    await expect(planPages(format, [unmeasured('first'), unmeasured('second')])).rejects.toThrow(`The table of first, second cannot be stored as pages. ${problems.join(' ')}`);
  });
});
