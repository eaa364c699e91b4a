import { describe, expect, it } from 'vitest';
import { builtInGoal } from '../../puzzles/knights/loaded-goals';
import { buildKnightsBfsTable } from '../../puzzles/knights/rules/bfs-table';
import { KNIGHTS_FORMAT } from '../../puzzles/knights/tables';
import { BitWriter } from '../../packing/bits';
import { DenseIndex, SparseIndex } from '../../packing/entry-index';
import { measureSection } from '../../packing/measure';
import { PageEncoder } from '../../packing/page-codec';
import { DISTANCE_SHIFT, MOVES_SHIFT, OPTIMAL_SHIFT, PAGES_PER_WORKER, encodePage, encodePages } from '../../packing/page-encoding';
import { MAX_PAGE_ITEM_BYTES } from '../../store/page-items';
import { goldenMultiplier } from '../../packing/page-layout';

// knights to 12 moves, in pages enough for two threads
const { bfs } = buildKnightsBfsTable({ name: 'standard', board: builtInGoal('standard')!.board }, 12);
const PAGES = 4 * PAGES_PER_WORKER;
const layout = { ranks: KNIGHTS_FORMAT.ranks, ranksPerPage: Math.ceil(KNIGHTS_FORMAT.ranks / PAGES), multiplier: goldenMultiplier(KNIGHTS_FORMAT.ranks) };
// Measured for several threads (its records in shared memory), on this one alone; once, on first use.
let sharedRecords: ReturnType<typeof measureSection> | undefined;
const measuredShared = () => (sharedRecords ??= measureSection(KNIGHTS_FORMAT, bfs, layout, 2, undefined));
const pagesOf = (encoded: { page(index: number): Uint8Array }) => Array.from({ length: PAGES }, (_, page) => encoded.page(page));

/**
 * Runs `run` with every worker thread started meanwhile loading `code` first: a worker that stops
 * at once, as one on a module that does not encode pages would. (Workers take this process's
 * options; the process's own are restored after.)
 */
async function withWorkersRunningFirst<T>(code: string, run: () => Promise<T>): Promise<T> {
  const options = [...process.execArgv];
  process.execArgv.push('--import', `data:text/javascript,${encodeURIComponent(code)}`);
  try {
    return await run();
  } finally {
    process.execArgv.splice(0, process.execArgv.length, ...options);
  }
}

describe('pages encoded on several threads', () => {
  it('are the bytes one thread writes, every page of both threads\' runs among them (knights, sparse)', async () => {
    const measured = await measuredShared();
    expect(measured.index).toBeInstanceOf(SparseIndex);
    const one = await encodePages(layout, [measured], MAX_PAGE_ITEM_BYTES, 1);
    const two = await encodePages(layout, [measured], MAX_PAGE_ITEM_BYTES, 2);
    expect([one.threads, two.threads]).toEqual([1, 2]);
    expect(pagesOf(one).every((page) => page.length > 0)).toBe(true);
    expect(pagesOf(two)).toEqual(pagesOf(one));
  }, 20_000);

  it('are kept in this thread\'s own memory when this thread encodes alone', async () => {
    // Memory no other thread shares is what a caller expects of bytes: a copy of it (structuredClone,
    // postMessage) is a copy, it can be transferred, and APIs that refuse views of shared memory
    // (WebCrypto's digest) take it.
    const one = await encodePages(layout, [await measuredShared()], MAX_PAGE_ITEM_BYTES, 1);
    const page = one.page(0);
    expect(page.buffer).toBeInstanceOf(ArrayBuffer);
    await expect(crypto.subtle.digest('SHA-256', page as Uint8Array<ArrayBuffer>)).resolves.toBeInstanceOf(ArrayBuffer);
  }, 20_000);
});

describe('encoding pages on several threads, refused', () => {
  it('of a sparse index kept in this thread\'s own memory, its records shared', async () => {
    const measured = await measuredShared();
    const own = { ...measured, index: new SparseIndex(Uint32Array.from((measured.index as SparseIndex).values)) };
    await expect(encodePages(layout, [own], MAX_PAGE_ITEM_BYTES, 2)).rejects.toThrow(/^encoding pages on several threads needs the measured records in shared memory$/);
  }, 20_000);

  it('with the sentence of the worker that found a page larger than an item', async () => {
    // The worker's first run is refused on its thread: its error is the one the caller gets.
    await expect(encodePages(layout, [await measuredShared()], 20, 2)).rejects.toThrow(/^page \d+ takes \d+ bytes, more than an item's 20$/);
  }, 20_000);

  it('when a worker stops with a code other than 0, naming the code', async () => {
    const measured = await measuredShared();
    await expect(withWorkersRunningFirst('process.exit(3)', () => encodePages(layout, [measured], MAX_PAGE_ITEM_BYTES, 2))).rejects.toThrow(/^a page-encoding thread stopped with code 3$/);
  }, 20_000);

  it('when a worker ends without encoding, rather than leaving its pages empty', async () => {
    const measured = await measuredShared();
    await expect(withWorkersRunningFirst('process.exit(0)', () => encodePages(layout, [measured], MAX_PAGE_ITEM_BYTES, 2))).rejects.toThrow(
      /^a page-encoding thread ended without encoding its share$/,
    );
  }, 20_000);
});

describe('a page encoded', () => {
  // A made-up section of 128 ranks in two pages: one record, at rank 5, whose line code (31 bits
  // from bit 0) lies in a stream word of 0x7fffffff; none on the second page.
  const small = { ranks: 128, ranksPerPage: 64, multiplier: goldenMultiplier(128) };
  const lines = new BitWriter();
  lines.write(0x7fffffff, 32);
  const entries = new Uint32Array(2 * 128);
  entries[2 * 5 + 1] = 31 | (1 << OPTIMAL_SHIFT) | (1 << DISTANCE_SHIFT) | (2 << MOVES_SHIFT);
  const section = { index: new DenseIndex(128), entries, lines };

  it('holds its records whatever the first words of their line codes add up to', () => {
    const expected = new PageEncoder(64, 1);
    expected.addCoded(5, 2, 1, 1, lines, 0, 31);
    expect(encodePage(small, section, 0)).toEqual(expected.finish());
  });

  it('without records is a page of none', () => {
    expect(encodePage(small, section, 1)).toEqual(new PageEncoder(64, 0).finish());
  });
});
