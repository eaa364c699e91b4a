/**
 * The stand-in runtime's rules, each shown to bite on a bundle of the test's own (a handler that
 * spins, grows or sets a timer): an answer past the timeout fails with Lambda's sentence, a
 * process past its memory with Lambda's, a frozen container runs no timer between invocations, and
 * a share of a vCPU stretches a spin's wall time. Only lower bounds on times are asserted: a busy
 * machine makes them longer, never shorter.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type FunctionBundle, type StartOptions, startBundledFunction } from '../../emulator/function-bundle';

const folder = mkdtempSync(join(tmpdir(), 'tablebase-lambda-rules-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const file = join(folder, 'index.js');
writeFileSync(
  file,
  `let firedAt;
exports.handler = async (event) => {
  if (event.kind === 'spin') {
    const started = Date.now(), cpu = process.cpuUsage();
    while (Date.now() - started < event.ms);
    const used = process.cpuUsage(cpu);
    return { wallMs: Date.now() - started, cpuMs: (used.user + used.system) / 1000 };
  }
  if (event.kind === 'grow') { globalThis.kept = Buffer.alloc(event.mb * 1024 * 1024, 1); return {}; }
  if (event.kind === 'timer') { firedAt = undefined; setTimeout(() => (firedAt = Date.now()), event.ms); return { at: Date.now() }; }
  if (event.kind === 'fired') return { firedAt };
};
`,
);
const bundle: FunctionBundle = { file, environment: {}, bytes: 0 };

async function withFunction<T>(options: StartOptions, use: (fn: Awaited<ReturnType<typeof startBundledFunction>>) => Promise<T>): Promise<T> {
  const fn = await startBundledFunction(bundle, options);
  try {
    return await use(fn);
  } finally {
    await fn.close();
  }
}

describe("the stand-in runtime's Lambda rules", () => {
  it('fails an answer past the timeout with Lambda\'s sentence, and ends the process', async () => {
    await withFunction({ timeoutSeconds: 0.3 }, async (fn) => {
      await expect(fn.invokeWith({ kind: 'spin', ms: 2000 })).rejects.toThrow('Task timed out after 0.30 seconds');
      expect(fn.failures()).toEqual(['Task timed out after 0.30 seconds']);
    });
  });

  it('fails a process past its memory with Lambda\'s sentence', async () => {
    await withFunction({ memoryMb: 128 }, async (fn) => {
      await expect(fn.invokeWith({ kind: 'grow', mb: 200 })).rejects.toThrow('Runtime exited with error: signal: killed');
      expect(fn.failures()[0]).toMatch(/^Runtime exited with error: signal: killed \(peak \d+ MB, memory 128 MB\)$/);
    });
  });

  it('runs no timer while the container is frozen between invocations (and does without the freeze)', async () => {
    /** When the 50 ms timer fired, against when the next event was sent 400 ms later. */
    const timerAgainstNextEvent = (freezeBetween: boolean) =>
      withFunction({ freezeBetween }, async (fn) => {
        await fn.invokeWith({ kind: 'timer', ms: 50 });
        await new Promise((resolve) => setTimeout(resolve, 400));
        const sent = Date.now();
        const { firedAt } = (await fn.invokeWith({ kind: 'fired' })).result as { firedAt: number };
        return firedAt - sent;
      });
    expect(await timerAgainstNextEvent(true)).toBeGreaterThanOrEqual(0); // fired only once the next event thawed it
    expect(await timerAgainstNextEvent(false)).toBeLessThan(0); // fired while the container waited
  });

  it('gives a process a share of a vCPU as its memory does (885 MB: half of one)', async () => {
    await withFunction({ memoryMb: 885, cpuShare: 'lambda' }, async (fn) => {
      const { wallMs, cpuMs } = (await fn.invokeWith({ kind: 'spin', ms: 600 })).result as { wallMs: number; cpuMs: number };
      // a spin of 600 ms on the wall got at most a little over half of it on a core
      expect(wallMs).toBeGreaterThanOrEqual(600);
      expect(cpuMs / wallMs).toBeLessThan(0.75);
    });
  });
});
