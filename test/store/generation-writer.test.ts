/**
 * Writing a generation's pages (store/generation-writer.ts), without a server: batches of 25 from
 * where an interrupted run stopped, a bounded number in flight, and checkpoints that only ever
 * claim the pages of batches finished in order (the low-water mark), however the batches finish.
 */
import { describe, expect, it, vi } from 'vitest';
import { planArrayPages } from '../../store/array-pages';
import { BATCH_SIZE } from '../../store/batch-writer';
import { type WriteHooks, writeGeneration } from '../../store/generation-writer';
import { generationKey } from '../../store/generations';
import { itemBytes, pageBytesOf, pageItem, writeUnitsOf } from '../../store/page-items';
import { type DynamoItem, PARTITION_KEY } from '../../store/table-schema';

/** About 130 pages of arrays: 5 whole batches and a short one. */
const pages = planArrayPages('generation-writer', [{ name: 'values', bytes: Uint8Array.from({ length: 500_000 }, (_, i) => (i * 7) % 251) }]);
const total = pages.pages.length;

/** Hooks that record what is written and checkpointed; `settle` decides when each batch's write finishes. */
function recorder(options: { concurrency?: number; checkpointEveryMs?: number; settle?: (batch: number) => Promise<void> } = {}) {
  const written: DynamoItem[][] = [];
  const checkpoints: number[] = [];
  const reports: [generated: number, written: number][] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const hooks: WriteHooks = {
    concurrency: options.concurrency ?? 4,
    checkpointEveryMs: options.checkpointEveryMs ?? 0,
    write: async (items) => {
      const batch = written.push(items) - 1;
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      try {
        await (options.settle?.(batch) ?? Promise.resolve());
      } finally {
        inFlight--;
      }
    },
    checkpoint: async (storedUpTo) => void checkpoints.push(storedUpTo),
    report: (generated, writtenSoFar) => void reports.push([generated, writtenSoFar]),
  };
  return { hooks, written, checkpoints, reports, mostInFlight: () => mostInFlight };
}

const keysOf = (batches: DynamoItem[][]) => batches.flat().map((item) => item[PARTITION_KEY].S);

/**
 * A later turn of the event loop: a write that settles so lets the writer go on with every step it
 * can take without it (its promise reactions all run first), however loaded the machine.
 */
const laterTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('writing a generation', () => {
  it(`writes every page under its generation's key, in batches of ${BATCH_SIZE}, the last one short`, async () => {
    expect(total % BATCH_SIZE).not.toBe(0);
    const { hooks, written } = recorder();
    const result = await writeGeneration(pages, 7, 0, hooks);
    expect(written.map((batch) => batch.length)).toEqual([...Array(Math.floor(total / BATCH_SIZE)).fill(BATCH_SIZE), total % BATCH_SIZE]);
    expect(keysOf(written)).toEqual(pages.pages.map(({ key }) => generationKey(7, key)));
    written.flat().forEach((item, index) => expect(pageBytesOf(item)).toEqual(pages.encode(index)));
    expect(result.written).toBe(total);
  });

  it('resumes from a page, writing none before it, yet sizes and hashes every page as a whole run does, in any generation', async () => {
    const whole = await writeGeneration(pages, 3, 0, recorder().hooks);
    const { hooks, written } = recorder();
    const resumed = await writeGeneration(pages, 4, 2 * BATCH_SIZE, hooks);
    expect(keysOf(written)).toEqual(pages.pages.slice(2 * BATCH_SIZE).map(({ key }) => generationKey(4, key)));
    expect(resumed).toEqual({ ...whole, written: total - 2 * BATCH_SIZE });
  });

  it('sends no empty batch when the pages from where it resumes are a whole number of batches', async () => {
    const { hooks, written } = recorder();
    await writeGeneration(pages, 1, total - 2 * BATCH_SIZE, hooks);
    expect(written.map((batch) => batch.length)).toEqual([BATCH_SIZE, BATCH_SIZE]);
  });

  it("counts the bytes and write units of every page's item", async () => {
    const result = await writeGeneration(pages, 5, 3 * BATCH_SIZE, recorder().hooks);
    const items = pages.pages.map(({ key }, index) => pageItem(generationKey(5, key), pages.encode(index)));
    expect(result.bytes).toBe(items.reduce((sum, item) => sum + itemBytes(item), 0));
    expect(result.writeUnits).toBe(items.reduce((sum, item) => sum + writeUnitsOf(itemBytes(item)), 0));
    expect(result.writeUnits).toBeGreaterThanOrEqual(total);
  });

  it('reports its progress with the first batch, then at most every quarter second, and once at its end with every page', async () => {
    // the clock is the test's: a loaded machine's slow writes cannot add a report
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      vi.advanceTimersByTime(300); // the first report is due once a quarter second has passed since the clock's start
      const { hooks, reports } = recorder({ checkpointEveryMs: 3_600_000 });
      await writeGeneration(pages, 1, 0, hooks); // no time passes: no second report is due before the end
      expect(reports).toEqual([
        [BATCH_SIZE, 0], // reported as the first batch is sent: none written yet
        [total, total],
      ]);
      // each batch's write takes a tenth of a second: a report as batches 0 and 3 are sent, and the last
      const slow = recorder({ concurrency: 1, checkpointEveryMs: 3_600_000, settle: async () => void vi.advanceTimersByTime(100) });
      await writeGeneration(pages, 1, 0, slow.hooks);
      expect(slow.reports).toEqual([
        [BATCH_SIZE, 0],
        [4 * BATCH_SIZE, 3 * BATCH_SIZE],
        [total, total],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('checkpoints only at its end when the interval is never reached', async () => {
    const { hooks, checkpoints } = recorder({ checkpointEveryMs: 3_600_000 });
    await writeGeneration(pages, 1, 0, hooks);
    expect(checkpoints).toEqual([total]);
  });

  it('measures the interval from its start, however long the process has run', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      vi.advanceTimersByTime(1000);
      // an interval as long as the process has lived, and no time passing in the write: none is due before the end
      const { hooks, checkpoints } = recorder({ checkpointEveryMs: performance.now() });
      await writeGeneration(pages, 1, 0, hooks);
      expect(checkpoints).toEqual([total]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never claims a page whose batch, or an earlier one, has not finished, however the batches finish', async () => {
    // batch 0 finishes last of all, once every other batch has: until then no checkpoint may claim
    // anything, though the batches after it finish one by one (two in flight: batch 0 and one other)
    const batches = Math.ceil((total - BATCH_SIZE) / BATCH_SIZE);
    let releaseFirst = () => {};
    const first = new Promise<void>((resolve) => (releaseFirst = resolve));
    let othersDone = () => {};
    const others = new Promise<void>((resolve) => (othersDone = resolve));
    let settled = 0;
    const { hooks, checkpoints, written } = recorder({
      concurrency: 2,
      settle: async (batch) => {
        if (batch === 0) return first;
        await laterTurn();
        if (++settled === batches - 1) othersDone();
      },
    });
    const writing = writeGeneration(pages, 1, BATCH_SIZE, hooks);
    await others;
    expect(written.length).toBe(batches);
    releaseFirst();
    await writing;
    // resumed at 25 pages: those are stored already, and nothing past them until batch 0 is
    expect(checkpoints.length).toBeGreaterThan(2);
    expect(checkpoints.slice(0, -1)).toEqual(checkpoints.slice(0, -1).map(() => BATCH_SIZE));
    expect(checkpoints.at(-1)).toBe(total);
  });

  it('claims, one batch at a time, every page of the batches before the one it has just sent', async () => {
    const { hooks, checkpoints } = recorder({ concurrency: 1, checkpointEveryMs: 0 });
    await writeGeneration(pages, 1, 0, hooks);
    const whole = Math.floor(total / BATCH_SIZE);
    expect(checkpoints).toEqual([...Array.from({ length: whole }, (_, batch) => batch * BATCH_SIZE), total]);
  });

  it(`keeps at most the concurrency's batches in flight`, async () => {
    for (const concurrency of [1, 2, 5]) {
      const { hooks, mostInFlight } = recorder({ concurrency, settle: laterTurn });
      await writeGeneration(pages, 1, 0, hooks);
      expect(mostInFlight(), `concurrency ${concurrency}`).toBe(concurrency);
    }
  });

  it('fails with the first write that failed, once the batches in flight have settled, and checkpoints nothing past it', async () => {
    const refused = new Error('the table refused the batch');
    let settled = 0;
    // batch 2 fails first; batches 0 and 1 finish only after it, however late the timers run
    let told = () => {};
    const failed = new Promise<void>((resolve) => (told = resolve));
    const { hooks, checkpoints } = recorder({
      concurrency: 3,
      settle: async (batch) => {
        if (batch === 2) {
          await null;
          settled++;
          told();
          throw refused;
        }
        await failed;
        await laterTurn(); // the writer has seen the failure by then
        settled++;
      },
    });
    await expect(writeGeneration(pages, 1, 0, hooks)).rejects.toBe(refused);
    expect(settled).toBe(3);
    expect(checkpoints.every((storedUpTo) => storedUpTo <= 2 * BATCH_SIZE)).toBe(true);
    expect(checkpoints).not.toContain(total);
  });

  it('writes a page the check finds wrong all the same, and counts it with the first problem', async () => {
    const { hooks } = recorder();
    const result = await writeGeneration(pages, 1, 0, { ...hooks, check: (index) => (index % 40 === 3 ? `page ${index} is wrong` : undefined) });
    expect(result.differing).toEqual({ count: Math.ceil((total - 3) / 40), first: 'page 3 is wrong' });
    expect(result.written).toBe(total);
  });
});
