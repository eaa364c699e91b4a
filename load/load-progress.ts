/**
 * Progress of a load on stderr: a live cli-progress bar on a terminal, otherwise (CI, logs) one
 * plain line every few seconds for each table still loading, whether or not the load reported
 * anything new (a table's computing can be silent for half a minute).
 */
import { MultiBar, type SingleBar } from 'cli-progress';
import type { LoadProgress } from '../store/loader';

export interface ProgressReporter {
  update(progress: LoadProgress): void;
  /** The table is loaded: its bar ends here (its summary line follows on stdout). */
  done(table: string): void;
  stop(): void;
}

const PLAIN_EVERY_MS = 5000;

export function createProgressReporter(stream: NodeJS.WriteStream = process.stderr, everyMs = PLAIN_EVERY_MS): ProgressReporter {
  return stream.isTTY ? barReporter(stream) : plainReporter(stream, everyMs);
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

/** The rate since the table's writing began. */
interface Since {
  time: number;
  generated: number;
  written: number;
}

const notWriting = (): Since => ({ time: 0, generated: 0, written: 0 });

/** Each table's writing rate, measured from the first report of its writing phase. */
function ratesByTable() {
  const since = new Map<string, Since>();
  return (progress: LoadProgress) => {
    if (progress.phase === 'computing' || !since.has(progress.table)) since.set(progress.table, notWriting());
    const start = since.get(progress.table)!;
    if (progress.phase === 'writing' && start.time === 0) Object.assign(start, { time: performance.now(), generated: progress.generated, written: progress.written });
    return start.time ? rates(progress, start) : { writtenPerSecond: 0, eta: Number.POSITIVE_INFINITY };
  };
}

/** A bar per table being loaded (several load at once on several threads). */
function barReporter(stream: NodeJS.WriteStream): ProgressReporter {
  const options = {
    stream,
    format: '{table} {phase} [{bar}] {percentage}% | {value}/{total} pages | {writtenPerSecond} pages/s | ETA {etaText} | retries {retries}',
    barsize: 24,
    hideCursor: true,
    clearOnComplete: false,
    etaBuffer: 50,
  };
  let bars: MultiBar | undefined;
  const byTable = new Map<string, SingleBar>();
  const rateOf = ratesByTable();
  const stopBars = () => {
    bars?.stop();
    bars = undefined;
    byTable.clear();
  };
  return {
    update(progress) {
      bars ??= new MultiBar(options);
      let bar = byTable.get(progress.table);
      if (!bar) byTable.set(progress.table, (bar = bars.create(Math.max(progress.total, 1), 0)));
      const r = rateOf(progress);
      bar.setTotal(Math.max(progress.total, 1));
      bar.update(progress.generated, {
        table: progress.table,
        phase: progress.phase.padEnd(9),
        writtenPerSecond: Math.round(r.writtenPerSecond),
        etaText: progress.phase === 'writing' ? formatDuration(r.eta) : '-',
        retries: retriesOf(progress),
      });
    },
    // The bars stop before the summary line is written, so that they do not draw over it; the
    // tables still loading get bars again with their next report.
    done: stopBars,
    stop: stopBars,
  };
}

function plainReporter(stream: NodeJS.WriteStream, everyMs: number): ProgressReporter {
  const lastLine = new Map<string, number>();
  const lastPhase = new Map<string, string>();
  /** Each table still loading: its latest report, and when its phase began. */
  const loading = new Map<string, { progress: LoadProgress; since: number }>();
  const rateOf = ratesByTable();
  const line = (progress: LoadProgress, since: number): string => {
    if (progress.phase !== 'writing') return `${progress.table}: ${progress.phase}… ${Math.round((performance.now() - since) / 1000)} s so far`;
    const r = rateOf(progress);
    const percent = progress.total ? Math.floor((100 * progress.generated) / progress.total) : 0;
    return `${progress.table}: writing ${progress.generated}/${progress.total} pages (${percent}%), ${Math.round(r.writtenPerSecond)} pages/s, ETA ${formatDuration(r.eta)}, retries ${retriesOf(progress)}`;
  };
  const write = (table: string) => {
    const state = loading.get(table);
    if (!state) return;
    lastLine.set(table, performance.now());
    stream.write(`${line(state.progress, state.since)}\n`);
  };
  // a line for each table still loading every few seconds, however long its load stays silent;
  // checked four times as often as lines are due, so that a tick landing a hair before a line is
  // due delays it by a quarter of the interval, not by a whole one
  const timer = setInterval(() => {
    for (const table of loading.keys()) if (performance.now() - (lastLine.get(table) ?? 0) >= everyMs) write(table);
  }, everyMs / 4);
  timer.unref();
  return {
    update(progress) {
      const phaseChanged = progress.phase !== lastPhase.get(progress.table);
      lastPhase.set(progress.table, progress.phase);
      if (progress.phase === 'done') {
        loading.delete(progress.table);
        return;
      }
      const since = phaseChanged ? performance.now() : (loading.get(progress.table)?.since ?? performance.now());
      loading.set(progress.table, { progress, since });
      rateOf(progress);
      if (phaseChanged || performance.now() - (lastLine.get(progress.table) ?? 0) >= everyMs) write(progress.table);
    },
    done(table) {
      loading.delete(table);
    },
    stop() {
      clearInterval(timer);
      loading.clear();
    },
  };
}
