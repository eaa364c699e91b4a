/**
 * The function's bundle, built as `cdk synth` builds it, loaded by a stand-in of Lambda's runtime
 * on the project's Node and called with Function URL events against real tables: what ships is
 * what is tested. The AWS SDK is in the bundle; the runtime's copy (the project's stands in for it)
 * is offered, as on Lambda, and not used.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundledFunction, type FunctionBundle, buildFunctionBundle, startBundledFunction } from '../../emulator/function-bundle';
import { functionUrlEvent } from '../../emulator/function-url-event';
import { loadTable } from '../../store/loader';
import { fifteenSpec } from '../../puzzles/fifteen/offline/loads';
import { PARTITION_33333, PARTITION_663 } from '../../puzzles/fifteen/rules/pattern-set';
import { PARTITION_78 } from '../../puzzles/fifteen/rules/packed-pattern-set';
import { PACKED_TABLE, packedDatabasesOf } from '../../puzzles/fifteen/packed-file';
import { PACKAGED_TABLES_FOLDER, packagedArrayFile, readArrayFile } from '../../store/array-file';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { BENCHMARKS_IMPORT, OFFLINE_IMPORT } from '../../puzzles/puzzle';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { nearEightSpec } from '../support/small-tables';
import { describedApi } from '../support/openapi-check';
import { registry } from '../../puzzles/registered';

const client = testClient();
const SAMPLE = '10110/01*11/10111/01001/00000';
const FAR = '01011/110*1/01110/01010/00100';
const dir = mkdtempSync(join(tmpdir(), 'tablebase-bundle-'));
let bundle: FunctionBundle;
let fn: BundledFunction;

beforeAll(async () => {
  bundle = await buildFunctionBundle(registry, dir);
  const tableName = await freshTable(client, 'bundle');
  await loadTable(client, knightsSpec('standard', 8), { tableName, concurrency: 8 });
  await loadTable(client, nearEightSpec(8), { tableName, concurrency: 8 });
  await loadTable(client, fifteenSpec(PARTITION_33333), { tableName, concurrency: 8 });
  // A first event waiting as the process starts, as a cold start's does on Lambda.
  fn = await startBundledFunction(bundle, { environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint() }, firstEvent: request('GET', '/eight?from=12X453786&to=12345678X') });
});

afterAll(async () => {
  await fn?.close();
  rmSync(dir, { recursive: true, force: true });
});

const request = (method: string, target: string, headers: Record<string, string> = {}, body?: string) =>
  functionUrlEvent({ method, target, headers: { host: 'abc.lambda-url.us-east-1.on.aws', ...headers }, body });
const json = (body: string | undefined) => JSON.parse(body ?? 'null');

describe('the bundle as the stack builds it', () => {
  it('is one minified file with its source map, the AWS SDK in it (only what the function calls), and the function\'s environment', () => {
    expect(readdirSync(dirname(bundle.file)).sort()).toEqual(['index.js', 'index.js.map', PACKAGED_TABLES_FOLDER]);
    const code = readFileSync(bundle.file, 'utf8');
    // nothing of the SDK is required from the runtime
    expect(code.match(/require\("@aws-sdk\/[^"]+"\)/g)).toBeNull();
    // its ES modules, which esbuild cuts to what the function calls (the CommonJS builds make 700 kB),
    // without the credential providers the function's own chain replaces (about 500 kB with them),
    // beside the project's own code (the two WebAssembly passes and the 7-8 set's code among it)
    expect(bundle.bytes).toBeLessThan(495_000);
    // node:http is required, never imported (lambda/node-http.cjs)
    expect(code).not.toMatch(/import\("(node:)?http"\)/);
    expect(bundle.environment).toMatchObject({ NODE_OPTIONS: '--enable-source-maps' });
  });

  it('leaves out the credential providers its own chain replaces: each only named by an import the function never makes', () => {
    const code = readFileSync(bundle.file, 'utf8');
    for (const provider of ['@aws-sdk/credential-provider-ini', '@aws-sdk/credential-provider-sso', '@aws-sdk/credential-provider-process', '@aws-sdk/credential-provider-web-identity']) {
      expect(code.split(provider).length - 1).toBe(code.split(`import("${provider}")`).length - 1);
    }
    // what those providers would have brought: the SSO, STS and sign-in clients
    expect(code).not.toMatch(/GetRoleCredentials|AssumeRoleWithWebIdentity|CreateOAuth2Token/);
  });

  it('has a source map that names the sources\' files without holding their text (Node reads it whole at require)', () => {
    const map = JSON.parse(readFileSync(`${bundle.file}.map`, 'utf8'));
    expect(map.sources).toEqual(expect.arrayContaining([expect.stringMatching(/lambda\/handler\.ts$/)]));
    expect(map.sourcesContent).toBeUndefined();
  });

  it('leaves out the roles only the commands and the benchmarks use: each puzzle\'s offline and benchmark imports stay imports, and none of their text is bundled', async () => {
    const code = readFileSync(bundle.file, 'utf8');
    expect(code).toContain(`import("${OFFLINE_IMPORT}")`);
    expect(code).toContain(`import("${BENCHMARKS_IMPORT}")`);
    for (const { offline } of await registry.withOfflineRoles()) {
      expect(code).not.toContain(offline.commandLine.usage);
      if (offline.loads?.usage) expect(code).not.toContain(offline.loads.usage.trim().split('\n')[0].trim());
    }
  });

  it('carries the 15-puzzle\'s 6-6-3 and 7-8 pattern databases in its package, and answers its first 15-puzzle question with the 7-8', async () => {
    const folder = join(dirname(bundle.file), PACKAGED_TABLES_FOLDER);
    expect(readdirSync(folder).sort()).toEqual(['fifteen-78.arrays', 'fifteen.arrays']);
    const file = readArrayFile(packagedArrayFile(folder, 'fifteen'), 'fifteen');
    expect([...file.arrays.keys()]).toEqual(PARTITION_663.map((group) => `tiles-${group.join('-')}`));
    expect(packedDatabasesOf(readArrayFile(packagedArrayFile(folder, PACKED_TABLE), PACKED_TABLE).arrays).partition).toEqual(PARTITION_78);
    // the table holds 3-3-3-3-3 (loaded above): the answer's 7-8 came from the package, at once
    const { result } = await fn.invoke(request('GET', '/fifteen?board=15,5,13,12,6,4,1,0,7,10,3,9,11,8,2,14'));
    expect(json(result.body)).toMatchObject({ steps: 58, path: 'lluldrurdruldddluuurddlurrdldluldrrrulurdllluurdrdluldrdrr', heuristic: 'pattern databases 7-8' });
  });

  it('fits Lambda\'s 250 MB for a package unzipped (Lambda developer guide, "Lambda quotas": deployment package size)', () => {
    const bytes = (readdirSync(dirname(bundle.file), { recursive: true }) as string[]).reduce((sum, path) => {
      const stat = statSync(join(dirname(bundle.file), path));
      return stat.isFile() ? sum + stat.size : sum;
    }, 0);
    expect(bytes).toBeGreaterThan(144_000_000);
    expect(bytes).toBeLessThan(250 * 1024 * 1024);
  });

  it('answers the event that waited for its start once it is initialised, timed from the start of its require', async () => {
    const first = await fn.first!;
    expect(json(first.result.body)).toMatchObject({ steps: 2, path: 'dd', source: 'table' });
    expect(first.sinceInitMs).toBeGreaterThanOrEqual(fn.init.initMs + first.handlerMs);
  });

  it('answers from the table, by search, in judge batches, and refuses a malformed request', async () => {
    const table = await fn.invoke(request('GET', '/eight?from=12X453786&to=12345678X'));
    expect(table.result.statusCode).toBe(200);
    expect(json(table.result.body)).toMatchObject({ steps: 2, path: 'dd', source: 'table' });

    const knights = await fn.invoke(request('POST', '/knights', { 'content-type': 'application/json' }, JSON.stringify({ board: SAMPLE, limit: 8 })));
    expect(json(knights.result.body)).toMatchObject({ steps: 7, path: [4, 13, 16, 7, 10, 1, 12], source: 'table' });

    // 18 moves: past the depth-8 table, so the bounded search answers
    const search = await fn.invoke(request('GET', `/knights?board=${FAR}&limit=20`));
    expect(search.result.statusCode).toBe(200);
    expect(json(search.result.body)).toMatchObject({ steps: 18, source: 'search' });

    const judge = await fn.invoke(request('POST', '/eight', { 'content-type': 'text/plain' }, '2\n12X453786\n12345678X\n564178X23\n7568X4123\n'));
    expect(judge.result).toMatchObject({ statusCode: 200, body: 'Case 1: 2\ndd\nCase 2: 8\nurrulldr\n' });
    expect(judge.result.headers?.['content-type']).toMatch(/^text\/plain/);

    // without a content type the body arrives base64: decoded, parsed, and its short board refused
    const shortBoard = await fn.invoke(request('POST', '/eight', {}, '{"from":"12X45378","to":"12345678X"}'));
    expect(shortBoard.result.statusCode).toBe(400);
    expect(json(shortBoard.result.body).error).toMatch(/"from" "12X45378" has 8 characters/);

    const notJson = await fn.invoke(request('POST', '/knights', { 'content-type': 'application/json' }, '{"board": "10110/01*11'));
    expect(notJson.result.statusCode).toBe(400);
    expect(json(notJson.result.body).error).toMatch(/JSON/);
  });

  it('serves the page with its content security policy', async () => {
    const { result } = await fn.invoke(request('GET', '/'));
    expect(result.statusCode).toBe(200);
    expect(result.headers?.['content-type']).toBe('text/html; charset=utf-8');
    const policy = String(result.headers?.['content-security-policy']);
    const script = /<script>([\s\S]*?)<\/script>/.exec(result.body ?? '')![1];
    expect(policy).toMatch(/^default-src 'none'; /);
    expect(policy).toContain(`script-src 'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}';`);
  });

  it('serves the API\'s description, made in the bundle as in the tests', async () => {
    const { result } = await fn.invoke(request('GET', '/openapi.json'));
    expect(result.statusCode).toBe(200);
    const { document } = await describedApi();
    expect(json(result.body)).toEqual(document);
  });

  it('ends a request within the little time the invocation has left', async () => {
    // the standard goal with its colours swapped, far past the depth-8 table: a search of seconds
    const remainingMs = 500;
    const { result, elapsedMs } = await fn.invoke(request('GET', '/knights?board=00000/10000/11*00/11110/11111&limit=39'), remainingMs);
    expect(elapsedMs).toBeLessThan(remainingMs);
    expect(result.statusCode).toBe(503);
    expect(json(result.body).error).toMatch(/\S/);
  });

  it('writes one JSON log line per request, as Lambda collects them', async () => {
    await fn.invoke(request('GET', '/health'));
    // stdout and the answer travel apart: the line may come a moment after the answer
    const lastLine = () => JSON.parse(fn.stdout().trim().split('\n').at(-1) ?? 'null');
    await expect.poll(lastLine, { timeout: 5000 }).toMatchObject({ level: 'INFO', route: '/health', status: 200, service: expect.any(String) });
    for (const line of fn.stdout().trim().split('\n')) expect(() => JSON.parse(line), line).not.toThrow();
  });

  it('writes each request\'s metrics in CloudWatch\'s embedded format, by source', async () => {
    await fn.invoke(request('GET', `/knights?board=${SAMPLE}&limit=8`));
    const metricLines = () => fn.stdout().trim().split('\n').map((line) => JSON.parse(line)).filter((line) => line._aws);
    await expect.poll(() => metricLines().some((line) => line.Source === 'table' && line.Requests === 1), { timeout: 5000 }).toBe(true);
    expect(metricLines()[0]._aws.CloudWatchMetrics[0].Namespace).toBe('tablebase');
  });
});
