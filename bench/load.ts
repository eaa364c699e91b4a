/**
 * load and full-load: the loader (checksum, checkpoints, retries, verification) against a bare
 * BatchWriteItem loop writing the same pages with the same concurrency, each into a fresh dynalite
 * on disk: the default tables' pages, or each puzzle's largest load (a whole space).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BATCH_SIZE } from '../store/batch-writer';
import { createDynamoClient } from '../store/client';
import { DEFAULT_CONCURRENCY, loadTable } from '../store/loader';
import { startLocalDynamo } from '../store/local-dynamodb';
import { type AnyTableSpec, type TablePages } from '../store/table-pages';
import type { ArrayPages } from '../store/array-pages';
import { type Registry, tableSpecs } from '../puzzles/registry';
import { ensureTable } from '../store/table-admin';
import type { DynamoItem } from '../store/table-schema';
import { pageItem } from '../store/page-items';
import type { Row } from '../core/benchmark';

/** The baseline: the same pages, the same concurrency, nothing but BatchWriteItem calls. */
async function bareLoop(client: DynamoDBClient, tableName: string, tables: (TablePages | ArrayPages)[], concurrency: number): Promise<number> {
  let items = 0;
  const inFlight = new Set<Promise<unknown>>();
  for (const table of tables) {
    for (let start = 0; start < table.pages.length; start += BATCH_SIZE) {
      const chunk: DynamoItem[] = [];
      for (let i = start; i < Math.min(table.pages.length, start + BATCH_SIZE); i++) chunk.push(pageItem(table.pages[i].key, table.encode(i)));
      items += chunk.length;
      const call = client.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: chunk.map((Item) => ({ PutRequest: { Item } })) } }));
      const tracked = call.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      if (inFlight.size >= concurrency) await Promise.race(inFlight);
    }
  }
  await Promise.all(inFlight);
  return items;
}

/** The default tables' pages: the loader against a bare loop. */
export async function load(registry: Registry): Promise<Row[]> {
  const choices = await registry.loadChoices();
  return loadAgainstBareLoop('load', 'default tables', () => tableSpecs(choices, undefined, {}));
}

/** Each puzzle's largest load (a whole space): the loader against a bare loop. */
export async function fullLoad(registry: Registry): Promise<Row[]> {
  const rows: Row[] = [];
  for (const { puzzle, benchmarks } of await registry.withBenchmarks()) {
    const largest = benchmarks.largestLoad;
    if (largest) rows.push(...(await loadAgainstBareLoop('full-load', `${puzzle.name}, its largest load`, largest)));
  }
  return rows;
}

/** A fresh dynalite on disk (like `npm start`'s) and a client for it, for one run of `use`. */
async function withFreshDynamo<T>(use: (client: DynamoDBClient) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-bench-'));
  const local = await startLocalDynamo({ path: dir, childProcess: true });
  const client = createDynamoClient({ endpoint: local.endpoint, maxSockets: DEFAULT_CONCURRENCY + 8 });
  try {
    return await use(client);
  } finally {
    client.destroy();
    await local.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The pages of `specs`, written by a bare BatchWriteItem loop into a fresh dynalite on disk, then
 * loaded end to end by the loader into another fresh one (a server that already holds the bare
 * loop's pages writes slower: its store compacts more).
 */
async function loadAgainstBareLoop(benchmark: string, label: string, specs: () => AnyTableSpec[]): Promise<Row[]> {
  const concurrency = DEFAULT_CONCURRENCY;
  const { bareItems, bareSeconds } = await withFreshDynamo(async (client) => {
    await ensureTable(client, 'bare');
    const built = await Promise.all(specs().map((spec) => spec.build()));
    const bareStart = performance.now();
    const bareItems = await bareLoop(client, 'bare', built, concurrency);
    return { bareItems, bareSeconds: (performance.now() - bareStart) / 1000 };
  });
  return withFreshDynamo(async (client) => {
    await ensureTable(client, 'loader');
    const loaderStart = performance.now();
    let loaderItems = 0;
    let writeSeconds = 0;
    let bytes = 0;
    let writeUnits = 0;
    let positions = 0;
    for (const spec of specs()) {
      let writeStart = 0;
      let writeEnd = 0;
      const result = await loadTable(client, spec, {
        tableName: 'loader',
        concurrency,
        onProgress: (p) => {
          if (p.phase === 'writing' && !writeStart) writeStart = performance.now();
          if (p.phase === 'verifying' && !writeEnd) writeEnd = performance.now();
        },
      });
      writeSeconds += (writeEnd - writeStart) / 1000;
      loaderItems += result.written;
      bytes += result.manifest.bytes;
      writeUnits += result.manifest.writeUnits;
      positions += result.manifest.positions;
    }
    const loaderSeconds = (performance.now() - loaderStart) / 1000;
    const bareRate = bareItems / bareSeconds;
    const rows: Row[] = [
      { benchmark, input: `dynalite on disk: bare BatchWriteItem loop of the same pages, ${concurrency} in flight (baseline)`, pages: bareItems, seconds: bareSeconds.toFixed(1), 'pages/s': Math.round(bareRate), 'vs baseline': '1.00' },
      { benchmark, input: 'loader, writing phase', pages: loaderItems, seconds: writeSeconds.toFixed(1), 'pages/s': Math.round(loaderItems / writeSeconds), 'vs baseline': (loaderItems / writeSeconds / bareRate).toFixed(2) },
      { benchmark, input: 'loader, end to end (BFS, lines, pages, write and page checks, count, spot check, manifest)', pages: loaderItems, seconds: loaderSeconds.toFixed(1), 'pages/s': Math.round(loaderItems / loaderSeconds), 'vs baseline': (loaderItems / loaderSeconds / bareRate).toFixed(2) },
      { benchmark, input: `${label} as stored: ${positions} positions, ${bytes} bytes (${(bytes / positions).toFixed(2)} bytes a position), ${writeUnits} write units ($${((writeUnits * 0.625) / 1e6).toFixed(4)} on demand)`, pages: loaderItems },
    ];
    return rows;
  });
}
