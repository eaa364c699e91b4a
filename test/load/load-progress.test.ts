import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createProgressReporter, formatDuration } from '../../load/load-progress';
import { newWriteStats } from '../../store/batch-writer';
import type { LoadProgress } from '../../store/loader';

function capture(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY, columns: 160 }) as unknown as NodeJS.WriteStream & PassThrough;
  let text = '';
  stream.on('data', (chunk) => (text += chunk));
  return { stream, text: () => text };
}

const event = (phase: LoadProgress['phase'], generated: number, written: number): LoadProgress => ({
  table: 'knights#standard',
  phase,
  total: 1000,
  generated,
  written,
  resumedFrom: 0,
  stats: { ...newWriteStats(), unprocessedRetries: 2, errorRetries: 1 },
});

describe('load progress', () => {
  it('writes plain lines when stderr is not a terminal', () => {
    const { stream, text } = capture(false);
    const reporter = createProgressReporter(stream);
    reporter.update(event('computing', 0, 0));
    reporter.update(event('writing', 100, 75));
    reporter.update(event('writing', 200, 175)); // within 5 s of the last line: not printed
    reporter.update(event('verifying', 1000, 1000));
    reporter.update(event('done', 1000, 1000));
    reporter.stop();
    expect(text().split('\n')).toEqual([
      'knights#standard: computing… 0 s so far',
      expect.stringMatching(/^knights#standard: writing 100\/1000 pages \(10%\), \d+ pages\/s, ETA \S+, retries 3$/),
      'knights#standard: verifying… 0 s so far',
      '',
    ]);
  });

  it('writes a line every few seconds for a table whose load says nothing new meanwhile', () => {
    // the clock is the test's: a loaded machine's late timers cannot change the count
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    try {
      const { stream, text } = capture(false);
      const reporter = createProgressReporter(stream, 40);
      reporter.update(event('computing', 0, 0));
      vi.advanceTimersByTime(39);
      expect(text().split('\n').filter(Boolean)).toHaveLength(1); // none due yet
      vi.advanceTimersByTime(111); // to 150 ms: lines due at 40, 80 and 120 ms
      reporter.update(event('done', 1000, 1000));
      const lines = text().split('\n').filter(Boolean);
      expect(lines).toHaveLength(4);
      for (const line of lines) expect(line).toMatch(/^knights#standard: computing… \d+ s so far$/);
      // done: nothing more
      vi.advanceTimersByTime(200);
      expect(text().split('\n').filter(Boolean)).toHaveLength(4);
      reporter.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws a bar with rates, ETA and retries on a terminal', () => {
    const { stream, text } = capture(true);
    const reporter = createProgressReporter(stream);
    reporter.update(event('computing', 0, 0));
    reporter.update(event('writing', 500, 450));
    reporter.stop();
    expect(text()).toMatch(/knights#standard writing\s+\[.*\] 50% \| 500\/1000 pages \| \d+ pages\/s \| ETA \S+ \| retries 3/);
  });

  it('formats durations', () => {
    expect(formatDuration(42.4)).toBe('42s');
    expect(formatDuration(185)).toBe('3m05s');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('?');
  });
});
