/**
 * DynamoDB's read cap in front of dynalite: an HTTP proxy the function's DYNAMODB_ENDPOINT points
 * at, which counts the read units each read costs as DynamoDB bills them and throttles reads past
 * the table's on-demand maximum (lib/tablebase-table.ts TABLE_MAX_READ_UNITS) as DynamoDB answers
 * them. dynalite itself never throttles and bills nothing.
 *
 * Units (DynamoDB developer guide, "DynamoDB throughput capacity" / "Read/write capacity mode", and
 * "Item sizes and formats"): a read of an item up to 4 KB is one unit strongly consistent and half a
 * unit eventually consistent, rounded up per item per 4 KB; a read of an item that does not exist
 * costs the minimum; BatchGetItem counts each item on its own; Query and Scan count the total size
 * of the items they read, before any filter or projection (a Scan with Select=COUNT costs as much
 * as one returning the items), rounded up to 4 KB once: dynalite counts that itself when asked
 * (ReturnConsumedCapacity), so the proxy asks, and hands the answer back as the caller asked for it.
 * Writes are passed through unbilled (the cap here is on reads alone), their requests counted.
 *
 * The cap (DynamoDB developer guide, "DynamoDB maximum throughput for on-demand tables"): a token
 * bucket of the table's maximum read units, refilled at that many a second (a second of burst). A
 * read that finds less than half a unit (the cheapest read) is refused before it reaches dynalite;
 * one that finds more is served and its whole cost taken afterwards (DynamoDB cannot know an item's
 * size before reading it either), which may leave the bucket in debt for the next reads. A
 * BatchGetItem is served as far as the bucket goes and the rest of its keys come back in
 * UnprocessedKeys, as DynamoDB does when a batch meets the table's throughput (API reference,
 * "BatchGetItem"): it is refused outright only when none of its items can be read.
 */
import { type IncomingMessage, type Server, type ServerResponse, Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Clock, systemClock } from '../core/clock';

/** The read operations DynamoDB bills in read units (X-Amz-Target: DynamoDB_20120810.<Operation>). */
export const READ_OPERATIONS = ['GetItem', 'BatchGetItem', 'Query', 'Scan'] as const;

/** The operations that write items: passed through, and counted as requests. */
export const WRITE_OPERATIONS = ['PutItem', 'BatchWriteItem', 'DeleteItem', 'UpdateItem', 'TransactWriteItems'] as const;

/** A read unit covers 4 KB of an item. */
const READ_UNIT_BYTES = 4096;

/**
 * How DynamoDB refuses a read past an on-demand table's MaxReadRequestUnits. The developer guide
 * ("On-demand maximum throughput exceeded", "Diagnosing throttling") documents the throttling
 * reason, TableReadMaxOnDemandThroughputExceeded (ResourceType + OperationType + LimitType, API
 * reference "ThrottlingReason"), and that the exceptions carrying it are
 * ProvisionedThroughputExceededException, RequestLimitExceeded or ThrottlingException; no page
 * found here says which of the three this reason comes with, nor the message's words: this uses
 * ThrottlingException (which the SDK's standard retry mode and store/retry.ts both retry, as they
 * retry the other two) and a message of its own.
 */
export const THROTTLE = {
  type: 'com.amazonaws.dynamodb.v20120810#ThrottlingException',
  reason: 'TableReadMaxOnDemandThroughputExceeded',
  message: 'Throughput exceeds the maximum OnDemandThroughput configured on table or index',
} as const;

export interface ReadCounts {
  /** Read units billed for the reads served. */
  readonly units: number;
  /** Reads (GetItem, BatchGetItem, Query, Scan) asked, throttled ones included. */
  readonly requests: number;
  /** Reads refused past the cap. */
  readonly throttled: number;
  /** Writes and other calls passed through unbilled. */
  readonly passed: number;
  /** Of those, the requests that write items (WRITE_OPERATIONS): a load that writes nothing makes none. */
  readonly writes: number;
  /** The most read units billed within one second (whole seconds since the proxy started). */
  readonly peakUnitsPerSecond: number;
  /** dynalite's time to answer the reads served, in ms: its median, 99th percentile and slowest (one server on this machine's cores, unlike DynamoDB's). */
  readonly readMs: { readonly p50: number; readonly p99: number; readonly max: number };
}

type AttributeValue = { S?: string; N?: string; B?: string; BOOL?: boolean; NULL?: boolean; M?: Record<string, AttributeValue>; L?: AttributeValue[]; SS?: string[]; NS?: string[]; BS?: string[] };
type Item = Record<string, AttributeValue>;

/** The size of a number as DynamoDB counts it: about a byte per two significant digits, plus one. */
function numberBytes(text: string): number {
  const digits = text.replace(/^[-+]/, '').replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(1, digits.length) / 2) + 1;
}

/** An attribute value's size in bytes ("Item sizes and formats": names and values, 3 bytes and 1 per element for a map or list). */
function valueBytes(value: AttributeValue): number {
  if (value.S !== undefined) return Buffer.byteLength(value.S, 'utf8');
  if (value.N !== undefined) return numberBytes(value.N);
  if (value.B !== undefined) return Buffer.from(value.B, 'base64').length;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS) return value.SS.reduce((sum, one) => sum + Buffer.byteLength(one, 'utf8'), 0);
  if (value.NS) return value.NS.reduce((sum, one) => sum + numberBytes(one), 0);
  if (value.BS) return value.BS.reduce((sum, one) => sum + Buffer.from(one, 'base64').length, 0);
  if (value.M) return 3 + Object.entries(value.M).reduce((sum, [name, one]) => sum + Buffer.byteLength(name, 'utf8') + valueBytes(one) + 1, 0);
  if (value.L) return 3 + value.L.reduce((sum, one) => sum + valueBytes(one) + 1, 0);
  return 0;
}

/** An item's size in bytes: its attributes' names and values. */
export function itemBytes(item: Item): number {
  return Object.entries(item).reduce((sum, [name, value]) => sum + Buffer.byteLength(name, 'utf8') + valueBytes(value), 0);
}

/** Units for reading `bytes` in one go (one item, or a Query's or Scan's whole result): at least the minimum. */
function unitsFor(bytes: number, consistent: boolean): number {
  return Math.max(1, Math.ceil(bytes / READ_UNIT_BYTES)) * (consistent ? 1 : 0.5);
}

/** The read units a served read costs, from its request and dynalite's answer. */
export function readUnits(operation: string, requestBody: Record<string, unknown>, responseBody: Record<string, unknown>): number {
  switch (operation) {
    case 'GetItem': {
      const item = responseBody.Item as Item | undefined;
      return unitsFor(item ? itemBytes(item) : 0, requestBody.ConsistentRead === true);
    }
    case 'BatchGetItem': {
      const asked = (requestBody.RequestItems ?? {}) as Record<string, { Keys: unknown[]; ConsistentRead?: boolean }>;
      const got = (responseBody.Responses ?? {}) as Record<string, Item[]>;
      const unprocessed = (responseBody.UnprocessedKeys ?? {}) as Record<string, { Keys: unknown[] }>;
      let units = 0;
      for (const [table, { Keys, ConsistentRead }] of Object.entries(asked)) {
        const items = got[table] ?? [];
        const consistent = ConsistentRead === true;
        for (const item of items) units += unitsFor(itemBytes(item), consistent);
        // Keys asked for and not found cost the minimum each; those left unprocessed cost nothing.
        const missing = Keys.length - items.length - (unprocessed[table]?.Keys.length ?? 0);
        units += Math.max(0, missing) * unitsFor(0, consistent);
      }
      return units;
    }
    case 'Query':
    case 'Scan': {
      const items = (responseBody.Items ?? []) as Item[];
      return unitsFor(items.reduce((sum, item) => sum + itemBytes(item), 0), requestBody.ConsistentRead === true);
    }
    default:
      return 0;
  }
}

/** A token bucket of read units: `perSecond` units a second, at most a second's worth saved. */
export class ReadBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly clock: Clock = systemClock,
  ) {
    this.tokens = perSecond;
    this.last = clock.now();
  }

  private refill(): void {
    const now = this.clock.now();
    this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
  }

  /** Whether a read may go ahead now: at least the cheapest read's half unit left (its whole cost is taken once known). */
  admits(): boolean {
    this.refill();
    return this.tokens >= 0.5;
  }

  /** Units left now (negative while in debt). */
  available(): number {
    this.refill();
    return this.tokens;
  }

  take(units: number): void {
    this.refill();
    this.tokens -= units;
  }
}

/**
 * A BatchGetItem's answer cut to what the bucket can pay for: items are kept in order while units
 * are left (the first always, the bucket having admitted the call), and the keys of the others are
 * moved to UnprocessedKeys. Whether anything was held back.
 */
function holdBack(requestBody: Record<string, unknown>, responseBody: Record<string, unknown>, bucket: ReadBucket): boolean {
  const asked = (requestBody.RequestItems ?? {}) as Record<string, { Keys: Item[]; ConsistentRead?: boolean }>;
  const got = (responseBody.Responses ?? {}) as Record<string, Item[]>;
  const unprocessed = (responseBody.UnprocessedKeys ?? {}) as Record<string, { Keys: Item[] }>;
  let left = bucket.available();
  let first = true;
  let held = false;
  for (const [table, items] of Object.entries(got)) {
    const request = asked[table];
    const keyNames = Object.keys(request?.Keys[0] ?? {});
    const kept: Item[] = [];
    for (const item of items) {
      const units = unitsFor(itemBytes(item), request?.ConsistentRead === true);
      if (first || left >= units) {
        kept.push(item);
        left -= units;
        first = false;
        continue;
      }
      held = true;
      const key = Object.fromEntries(keyNames.map((name) => [name, item[name]]));
      unprocessed[table] = { ...request, Keys: [...(unprocessed[table]?.Keys ?? []), key] };
    }
    got[table] = kept;
  }
  if (held) responseBody.UnprocessedKeys = unprocessed;
  return held;
}

export interface ReadCapacityProxy {
  /**
   * An endpoint for one caller (a container): every endpoint reads the same table through the same
   * cap; each counts its own caller's reads too.
   */
  endpointFor(label: string): Promise<string>;
  /** The table's counts, all callers together. */
  counts(): ReadCounts;
  /** One caller's counts (its peak is its own). */
  countsOf(label: string): ReadCounts;
  /** Forgets every count (the cap's bucket is kept: the table's capacity does not reset). */
  resetCounts(): void;
  close(): Promise<void>;
}

class Meter {
  units = 0;
  requests = 0;
  throttled = 0;
  passed = 0;
  writes = 0;
  private bySecond = new Map<number, number>();
  private latencies: number[] = [];

  constructor(private readonly clock: Clock) {}

  bill(units: number, ms: number): void {
    this.latencies.push(ms);
    this.units += units;
    const second = Math.floor(this.clock.now() / 1000);
    this.bySecond.set(second, (this.bySecond.get(second) ?? 0) + units);
  }

  counts(): ReadCounts {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]);
    return { units: this.units, requests: this.requests, throttled: this.throttled, passed: this.passed, writes: this.writes, peakUnitsPerSecond: Math.max(0, ...this.bySecond.values()), readMs: { p50: at(0.5), p99: at(0.99), max: at(1) } };
  }
}

/**
 * Starts a proxy in front of `target` (dynalite's endpoint) with the table's cap of `maxReadUnits` a
 * second; the bucket's refill, the peak's seconds and dynalite's times are on `clock`.
 */
export async function startReadCapacityProxy(target: string, maxReadUnits: number, clock: Clock = systemClock): Promise<ReadCapacityProxy> {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const bucket = new ReadBucket(maxReadUnits, clock);
  let table = new Meter(clock);
  const callers = new Map<string, { meter: Meter; server: Server; endpoint: string }>();

  const handle = (label: string) => (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
      const isRead = (READ_OPERATIONS as readonly string[]).includes(operation);
      const meters = [table, callers.get(label)!.meter];
      const isWrite = (WRITE_OPERATIONS as readonly string[]).includes(operation);
      if (!isRead) {
        for (const meter of meters) {
          meter.passed++;
          if (isWrite) meter.writes++;
        }
      } else {
        for (const meter of meters) meter.requests++;
        if (!bucket.admits()) {
          for (const meter of meters) meter.throttled++;
          const requestBody = JSON.parse(body.toString('utf8') || '{}') as { TableName?: string; RequestItems?: Record<string, unknown> };
          const tableName = requestBody.TableName ?? Object.keys(requestBody.RequestItems ?? {})[0] ?? 'table';
          const answer = JSON.stringify({ __type: THROTTLE.type, message: THROTTLE.message, ThrottlingReasons: [{ reason: THROTTLE.reason, resource: `arn:aws:dynamodb:us-east-1:000000000000:table/${tableName}` }] });
          res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0', 'content-length': Buffer.byteLength(answer), 'x-amzn-requestid': `throttled-${table.throttled}` });
          res.end(answer);
          return;
        }
      }
      const requestBody = isRead ? (JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>) : {};
      // A Query or Scan's cost is dynalite's own count of what it read: asked for, and handed back only if the caller asked.
      const askCapacity = (operation === 'Query' || operation === 'Scan') && (requestBody.ReturnConsumedCapacity === undefined || requestBody.ReturnConsumedCapacity === 'NONE');
      const sent = askCapacity ? Buffer.from(JSON.stringify({ ...requestBody, ReturnConsumedCapacity: 'TOTAL' })) : body;
      const sentAt = clock.now();
      const forward = request(
        { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, 'content-length': String(sent.length) }, agent },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            let responseBody = Buffer.concat(parts);
            const headers = { ...answer.headers };
            if (isRead && answer.statusCode === 200) {
              const parsed = JSON.parse(responseBody.toString('utf8')) as Record<string, unknown>;
              let rewritten = false;
              let units: number;
              if (operation === 'BatchGetItem') {
                rewritten = holdBack(requestBody, parsed, bucket);
                units = readUnits(operation, requestBody, parsed);
              } else if (askCapacity) {
                units = (parsed.ConsumedCapacity as { CapacityUnits?: number } | undefined)?.CapacityUnits ?? readUnits(operation, requestBody, parsed);
                delete parsed.ConsumedCapacity;
                rewritten = true;
              } else {
                units = (operation === 'Query' || operation === 'Scan') && parsed.ConsumedCapacity ? ((parsed.ConsumedCapacity as { CapacityUnits: number }).CapacityUnits) : readUnits(operation, requestBody, parsed);
              }
              bucket.take(units);
              for (const meter of meters) meter.bill(units, clock.now() - sentAt);
              if (rewritten) {
                responseBody = Buffer.from(JSON.stringify(parsed));
                headers['content-length'] = String(responseBody.length);
                // The SDK checks a DynamoDB answer's CRC32 when it has one: the body is no longer the one it was computed on.
                delete headers['x-amz-crc32'];
              }
            }
            res.writeHead(answer.statusCode ?? 500, headers);
            res.end(responseBody);
          });
        },
      );
      forward.on('error', (error) => {
        res.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: error.message }));
      });
      forward.end(sent);
    });
  };

  return {
    async endpointFor(label) {
      const known = callers.get(label);
      if (known) return known.endpoint;
      const server = createServer(handle(label));
      server.keepAliveTimeout = 60_000;
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      callers.set(label, { meter: new Meter(clock), server, endpoint });
      return endpoint;
    },
    counts: () => table.counts(),
    countsOf: (label) => callers.get(label)?.meter.counts() ?? new Meter(clock).counts(),
    resetCounts() {
      table = new Meter(clock);
      for (const caller of callers.values()) caller.meter = new Meter(clock);
    },
    async close() {
      for (const { server } of callers.values()) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      agent.destroy();
    },
  };
}
