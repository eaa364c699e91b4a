/**
 * Progress of a load on stderr: a live cli-progress bar on a terminal, otherwise (CI, logs) one
 * plain line every few seconds.
 */
import { SingleBar } from 'cli-progress';
import type { LoadProgress } from '../store/loader';

export interface ProgressReporter {
  update(progress: LoadProgress): void;
  stop(): void;
}

const PLAIN_EVERY_MS = 5000;

export function createProgressReporter(stream: NodeJS.WriteStream = process.stderr): ProgressReporter {
  return stream.isTTY ? barReporter(stream) : plainReporter(stream);
}

/** Rates over the writing phase, measured from the first report of that phase. */
function rates(progress: LoadProgress, since: { time: number; generated: number; written: number }) {
  const seconds = Math.max(1e-3, (performance.now() - since.time) / 1000);
  const writtenPerSecond = (progress.written - since.written) / seconds;
  const remaining = progress.total - progress.generated;
  const eta = writtenPerSecond > 0 ? remaining / writtenPerSecond : Number.POSITIVE_INFINITY;
  return { writtenPerSecond, eta };
}

const retriesOf = (progress: LoadProgress) => progress.stats.unprocessedRetries + progress.stats.errorRetries;

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

function barReporter(stream: NodeJS.WriteStream): ProgressReporter {
  const bar = new SingleBar(
    {
      stream,
      format: '{table} {phase} [{bar}] {percentage}% | {value}/{total} pages | {writtenPerSecond} pages/s | ETA {etaText} | retries {retries}',
      barsize: 24,
      hideCursor: true,
      clearOnComplete: false,
      etaBuffer: 50,
    },
  );
  let current: string | undefined;
  let since = { time: performance.now(), generated: 0, written: 0 };
  return {
    update(progress) {
      if (progress.table !== current || progress.phase === 'computing') {
        if (current !== undefined) bar.stop();
        current = progress.table;
        bar.start(Math.max(progress.total, 1), 0);
      }
      if (progress.phase === 'writing' && since.time === 0) since = { time: performance.now(), generated: progress.generated, written: progress.written };
      if (progress.phase === 'computing') since = { time: 0, generated: 0, written: 0 };
      const r = since.time ? rates(progress, since) : { writtenPerSecond: 0, eta: Number.POSITIVE_INFINITY };
      bar.setTotal(Math.max(progress.total, 1));
      bar.update(progress.generated, {
        table: progress.table,
        phase: progress.phase.padEnd(9),
        writtenPerSecond: Math.round(r.writtenPerSecond),
        etaText: progress.phase === 'writing' ? formatDuration(r.eta) : '-',
        retries: retriesOf(progress),
      });
    },
    stop() {
      if (current !== undefined) bar.stop();
    },
  };
}

function plainReporter(stream: NodeJS.WriteStream): ProgressReporter {
  let lastLine = 0;
  let lastPhase = '';
  let since = { time: 0, generated: 0, written: 0 };
  return {
    update(progress) {
      const now = performance.now();
      if (progress.phase === 'writing' && since.time === 0) since = { time: now, generated: progress.generated, written: progress.written };
      if (progress.phase === 'computing') since = { time: 0, generated: 0, written: 0 };
      const phaseChanged = `${progress.table}/${progress.phase}` !== lastPhase;
      if (!phaseChanged && now - lastLine < PLAIN_EVERY_MS) return;
      lastLine = now;
      lastPhase = `${progress.table}/${progress.phase}`;
      if (progress.phase !== 'writing') {
        if (progress.phase !== 'done') stream.write(`${progress.table}: ${progress.phase}…\n`);
        return;
      }
      const r = since.time ? rates(progress, since) : { writtenPerSecond: 0, eta: Number.POSITIVE_INFINITY };
      const percent = progress.total ? Math.floor((100 * progress.generated) / progress.total) : 0;
      stream.write(
        `${progress.table}: writing ${progress.generated}/${progress.total} pages (${percent}%), ${Math.round(r.writtenPerSecond)} pages/s, ETA ${formatDuration(r.eta)}, retries ${retriesOf(progress)}\n`,
      );
    },
    stop() {},
  };
}
