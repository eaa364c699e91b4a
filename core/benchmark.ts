/**
 * What every benchmark shares, the service's and each puzzle's (`npm run bench`): the row it
 * prints, the trial counts, timing and peak memory, and the C references (built with the system
 * cc) that a puzzle's figures are compared with.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type Row = Record<string, string | number>;
/** Trials of each side in a comparison with a C reference, interleaved; the fastest of each counts (the machine is shared). */
export const TRIALS = 10;
/**
 * Runs of each whole-space BFS (10-15 s each): on this shared machine single runs of the same
 * BFS moved by half within an hour, and the fastest of five is a steadier measure than of three.
 */
export const BFS_TRIALS = 5;
/** Fresh processes for the benchmarks that measure how a process starts, or how it differs from the next. */
export const PROCESSES = 5;

export function timed<T>(run: () => T): { value: T; seconds: number } {
  const start = performance.now();
  const value = run();
  return { value, seconds: (performance.now() - start) / 1000 };
}

/** timed, for work that ends later. */
export async function timedAsync<T>(run: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const start = performance.now();
  const value = await run();
  return { value, seconds: (performance.now() - start) / 1000 };
}

export const peakMiB = () => Math.round(process.resourceUsage().maxRSS / 1024);

/** Builds a C reference (`source`, a .c file) with the system cc; undefined (with a note) when there is none. */
export function compileReference(source: URL): { binary: string; cleanup(): void } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-cc-'));
  const name = basename(fileURLToPath(source), '.c');
  const binary = join(dir, name);
  const compiled = spawnSync('cc', ['-O2', '-o', binary, fileURLToPath(source)], { encoding: 'utf8' });
  if (compiled.error || compiled.status !== 0) {
    process.stderr.write(`no C reference ${name} (cc ${compiled.error ? 'is not installed' : `failed: ${compiled.stderr.trim()}`}); the TypeScript figures stand alone.\n`);
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return { binary, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const spreadOf = (values: readonly number[], digits: number) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
export const medianOf = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** Per-query times over `inputs`, after one untimed pass so that the JIT has compiled the search (as in a warm function). */
export function latencies<T>(inputs: readonly T[], solve: (input: T) => unknown): Row {
  for (const input of inputs) solve(input);
  const times = inputs.map((input) => timed(() => solve(input)).seconds * 1000).sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(3);
  return { queries: times.length, 'total ms': total.toFixed(1), 'mean ms': (total / times.length).toFixed(3), 'p50 ms': at(0.5), 'p99 ms': at(0.99), 'max ms': times.at(-1)!.toFixed(3) };
}

/** `compute`, run at its first call only: an expected answer worked out once, however often it is asked for. */
export function computedOnce<T>(compute: () => T): () => T {
  let value: { readonly result: T } | undefined;
  return () => (value ??= { result: compute() }).result;
}

/** Rows as a table of aligned columns on stdout (the benchmarks', the rehearsal's). */
export function printTable(rows: Row[]): void {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cells = rows.map((row) => columns.map((column) => String(row[column] ?? '')));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i].length)));
  const line = (values: string[]) => values.map((value, i) => value.padEnd(widths[i])).join('  ');
  console.log(line(columns));
  for (const values of cells) console.log(line(values));
}
