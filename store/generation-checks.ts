/**
 * The checks a load makes of its generation before any manifest names it: an exact count of the
 * generation's items, then a table of positions' random positions and farthest ones read back and
 * decoded against the in-memory tables, or a table of arrays read back whole and compared byte for
 * byte. Anything amiss is a VerificationError that says what, and no manifest is written.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ArrayPages } from './array-pages';
import { generationKey, generationPrefix } from './generations';
import { VerificationError } from './load-errors';
import { pageBytesOf } from './page-items';
import { readPages } from './page-reads';
import type { ReadPace } from './read-pace';
import type { RetryPolicy } from './retry';
import type { AnyTableSpec, TablePages } from './table-pages';
import { type DynamoItem, MalformedItemError } from './table-schema';
import { countItems, spotCheck } from './verify';

/**
 * Random positions read back before the manifest is written: one in a thousand, at least 1,000
 * (enough to catch any systematic fault, a wrong layout or a codec mismatch, with certainty) and
 * at most 10,000 (a whole space of tens of millions: reading them costs a few thousand page reads).
 */
export function spotChecksFor(positions: number): number {
  return Math.min(positions, Math.max(1000, Math.min(10_000, Math.ceil(positions / 1000))));
}
/** The farthest positions (the longest lines, the deepest records) are read back as well, up to this many. */
export const FARTHEST_CHECKS = 100;

/** How a load reads its table back. */
export interface CheckReads {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  readonly policy: RetryPolicy;
  /** The pace the load's reads keep to, if any. */
  readonly pace?: ReadPace;
  /** Parallel segments of the counting Scan. */
  readonly scanSegments?: number;
  /** Random positions read back (spotChecksFor by default). */
  readonly spotChecks?: number;
  readonly random?: () => number;
}

/** Checks that `generation` of `spec`'s table holds exactly `pages`, read back. */
export async function verifyGeneration(reads: CheckReads, spec: AnyTableSpec, pages: TablePages | ArrayPages, generation: number): Promise<void> {
  // A generation holds this load's keys alone (a resumed one, the same load's), all written: its count says whether any is missing.
  const count = await countItems(reads.client, reads.tableName, generationPrefix(generation, spec.table), reads.scanSegments, reads.policy, reads.pace);
  if (count !== pages.pages.length) {
    throw new VerificationError(
      `The table holds ${count} items for ${spec.table} after the load, but ${pages.pages.length} pages were written; no manifest was written. Run the load again to repair it.`,
    );
  }
  const stored = (key: string) => generationKey(generation, key);
  if (pages.kind === 'arrays') await verifyArrays(reads, spec.table, pages, stored);
  else await verifySample(reads, pages, spec.depth, stored);
}

async function verifySample(reads: CheckReads, pages: TablePages, depth: number, stored: (key: string) => string): Promise<void> {
  const random = reads.random ?? Math.random;
  const checks = Math.min(reads.spotChecks ?? spotChecksFor(pages.positions), pages.positions);
  const sample = [...Array.from({ length: checks }, () => pages.samplePosition(random)), ...pages.farthestPositions(FARTHEST_CHECKS)];
  const failures = await spotCheck(reads.client, reads.tableName, pages, depth, sample, stored, reads.policy, reads.pace);
  if (failures.length > 0) {
    const first = failures[0];
    throw new VerificationError(
      `${failures.length} of ${sample.length} positions read back differ from the computed tables (first: slot ${first.expected.slot} of ${first.expected.key} should be ${JSON.stringify(first.expected.record)}, found ${first.found}); no manifest was written.`,
    );
  }
}

/**
 * A table of arrays is read back whole (every page, a few thousand at most, in BatchGetItem calls
 * of 100) and compared byte for byte with what was built: arrays have no positions to sample, and
 * a reader needs every page anyway.
 */
async function verifyArrays(reads: CheckReads, table: string, pages: ArrayPages, stored: (key: string) => string): Promise<void> {
  const items = await readPages(reads.client, reads.tableName, pages.pages.map(({ key }) => stored(key)), { policy: reads.policy, consistent: true, pace: reads.pace });
  const differing = pages.pages.filter(({ key }, index) => {
    const item = items.get(stored(key));
    const bytes = item && bytesIfIntact(item);
    return !bytes || !Buffer.from(bytes).equals(pages.encode(index));
  });
  if (differing.length > 0) {
    throw new VerificationError(`${differing.length} of ${pages.pages.length} pages of ${table} read back differ from the arrays built (first: ${differing[0].key}); no manifest was written.`);
  }
}

/** A page item's bytes, or undefined when its checksum says it was changed after it was written. */
function bytesIfIntact(item: DynamoItem): Uint8Array | undefined {
  try {
    return pageBytesOf(item);
  } catch (error) {
    if (error instanceof MalformedItemError) return undefined;
    throw error;
  }
}
