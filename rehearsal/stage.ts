/**
 * What the rehearsal's scenarios share: dynalite in a process of its own (so that this process's
 * event loop is the proxy's and the containers' alone), the default tables loaded once by the real
 * loader (store/loader.ts, the same tables as `npm run precompute` with no options: every puzzle's
 * default tables, 30 to 60 s on a 2-core machine), each puzzle's questions, the
 * read-capacity proxy at the table's cap in front of it, and the API's bundle as `cdk synth` builds it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TABLE_MAX_READ_UNITS } from '../lib/tablebase-table';
import type { RehearsalQuestions } from '../puzzles/roles/benchmarks';
import { type Registry, tableSpecs } from '../puzzles/registry';
import { createDynamoClient } from '../store/client';
import { loadTable } from '../store/loader';
import { type LocalDynamo, startLocalDynamo } from '../store/local-dynamodb';
import { ensureTable } from '../store/table-admin';
import { type FunctionBundle, buildFunctionBundle } from '../emulator/function-bundle';
import { type ReadCapacityProxy, startReadCapacityProxy } from './read-capacity-proxy';

export interface Stage {
  readonly dynamo: LocalDynamo;
  /** A client straight to dynalite (loads, manifests), past the proxy. */
  readonly client: DynamoDBClient;
  readonly proxy: ReadCapacityProxy;
  readonly bundle: FunctionBundle;
  readonly tableName: string;
  /** The tables loaded, with the seconds each took. */
  readonly loaded: readonly { table: string; seconds: number }[];
  /** Each puzzle's questions (its benchmarks' rehearsal role), in the registry's order. */
  readonly puzzles: readonly { readonly name: string; readonly questions: RehearsalQuestions }[];
  close(): Promise<void>;
}

export const REHEARSAL_TABLE = 'tablebase-rehearsal';

export async function startStage(registry: Registry, log: (line: string) => void = () => {}): Promise<Stage> {
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-rehearsal-'));
  const dynamo = await startLocalDynamo({ port: 0, childProcess: true });
  const client = createDynamoClient({ endpoint: dynamo.endpoint });
  const proxy = await startReadCapacityProxy(dynamo.endpoint, TABLE_MAX_READ_UNITS);
  const close = async () => {
    client.destroy();
    await proxy.close();
    await dynamo.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const bundle = await buildFunctionBundle(registry, join(dir, 'api'));
    await ensureTable(client, REHEARSAL_TABLE);
    const loaded = [];
    for (const spec of tableSpecs(await registry.loadChoices(), undefined, {})) {
      const started = performance.now();
      await loadTable(client, spec, { tableName: REHEARSAL_TABLE });
      const seconds = (performance.now() - started) / 1000;
      log(`loaded ${spec.table} in ${seconds.toFixed(1)} s`);
      loaded.push({ table: spec.table, seconds });
    }
    const puzzles = (await registry.withBenchmarks()).flatMap(({ puzzle, benchmarks }) => (benchmarks.rehearsal ? [{ name: puzzle.name, questions: benchmarks.rehearsal }] : []));
    return { dynamo, client, proxy, bundle, tableName: REHEARSAL_TABLE, loaded, puzzles, close };
  } catch (error) {
    await close();
    throw error;
  }
}
