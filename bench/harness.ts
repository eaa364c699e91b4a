/**
 * What every benchmark shares: the row it prints, the trial counts, timing and peak memory, the C
 * references (built with the system cc), a benchmark run again in a fresh process, and the table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

export const peakMiB = () => Math.round(process.resourceUsage().maxRSS / 1024);

/** Builds a C reference under bench/ with the system cc; undefined (with a note) when there is none. */
export function compileReference(name: string): { binary: string; cleanup(): void } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-cc-'));
  const binary = join(dir, name);
  const compiled = spawnSync('cc', ['-O2', '-o', binary, fileURLToPath(new URL(`./${name}.c`, import.meta.url))], { encoding: 'utf8' });
  if (compiled.error || compiled.status !== 0) {
    process.stderr.write(`no C reference ${name} (cc ${compiled.error ? 'is not installed' : `failed: ${compiled.stderr.trim()}`}); the TypeScript figures stand alone.\n`);
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return { binary, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** This benchmark script again, in a fresh process: one benchmark's rows. */
export function benchInFreshProcess(name: string): Row[] {
  const script = fileURLToPath(new URL('./run.ts', import.meta.url));
  const run = spawnSync(process.execPath, [...process.execArgv, script, '--only', name, '--json'], { encoding: 'utf8', maxBuffer: 1 << 24, stdio: ['ignore', 'pipe', 'inherit'] });
  if (run.status !== 0) throw new Error(`npm run bench -- --only ${name} failed (exit ${run.status}); its stderr is above`);
  return JSON.parse(run.stdout).results[name];
}

export const spreadOf = (values: readonly number[], digits: number) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
export const medianOf = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export function printTable(rows: Row[]): void {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cells = rows.map((row) => columns.map((column) => String(row[column] ?? '')));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i].length)));
  const line = (values: string[]) => values.map((value, i) => value.padEnd(widths[i])).join('  ');
  console.log(line(columns));
  for (const values of cells) console.log(line(values));
}

