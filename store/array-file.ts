/**
 * A table of byte arrays (array-pages.ts) kept in one file rather than in DynamoDB: the arrays a
 * function carries in its own package, read from its disk in milliseconds and synchronously, so
 * that no read waits on the network, on a search holding the event loop, or on a frozen container.
 *
 * The file is a line naming the format, a line of JSON (the table, its arrays' names and lengths,
 * and the checksum), then the arrays' bytes back to back. The checksum is the one a load of the
 * same arrays writes into the table's manifest (the sha256 of every page's key and bytes, in load
 * order), so a file and a loaded table of the same build say the same `sha256:…`, and a file that
 * was changed, cut short or built for another table is refused with a sentence saying how.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type ArrayPages, type ArrayShape, arrayPageBytes, arrayPageRefs } from './array-pages';
import type { TableId } from './table-keys';

/**
 * Bumped whenever the checksum of the same arrays changes: it is the manifest's, over the pages a
 * load cuts them into, so a change in the pages' size changes it.
 *   2: pages a few bytes smaller, for the checksum in every page item (schema 5).
 */
const FORMAT_LINE = 'tablebase arrays 2\n';

/** The folder of a function's package that holds its tables' files, beside its bundle. */
export const PACKAGED_TABLES_FOLDER = 'tables';

/** Where files of arrays built on this machine are kept between runs, under a project's root (the usual home of tools' caches). */
export const arrayCacheFolder = (projectRoot: string) => join(projectRoot, 'node_modules', '.cache', 'tablebase');

/** Where the file of `table` is in a folder of such files. */
export const packagedArrayFile = (folder: string, table: TableId) => join(folder, `${table}.arrays`);

/** The file does not hold the arrays it should: missing, of another format or table, or damaged. */
export class ArrayFileError extends Error {
  override readonly name = 'ArrayFileError';
}

export interface NamedArray {
  readonly name: string;
  readonly bytes: Uint8Array;
}

export interface ArrayFile {
  readonly table: TableId;
  /** Each array by name, in the file's order (views of the file's one buffer). */
  readonly arrays: ReadonlyMap<string, Uint8Array>;
  /** The checksum a load of the same arrays writes into its manifest. */
  readonly checksum: string;
}

interface Header {
  readonly table: TableId;
  readonly arrays: readonly ArrayShape[];
  readonly checksum: string;
}

/** The named arrays a table's pages are cut from, put back together. */
export function arraysOfPages(pages: ArrayPages): NamedArray[] {
  const arrays = pages.arrays.map(({ name, length }) => ({ name, bytes: new Uint8Array(length) }));
  pages.pages.forEach((ref, index) => arrays[ref.array].bytes.set(pages.encode(index), ref.start));
  return arrays;
}

/** The checksum a load of `arrays` as `table` writes into its manifest (store/array-reads.ts checks the same). */
export function arraysChecksum(table: TableId, arrays: readonly NamedArray[]): string {
  const shapes = arrays.map(({ name, bytes }) => ({ name, length: bytes.length }));
  const hash = createHash('sha256');
  for (const ref of arrayPageRefs(table, shapes, arrayPageBytes(table, shapes))) {
    hash.update(`${ref.key}\n`).update(arrays[ref.array].bytes.subarray(ref.start, ref.end));
  }
  return `sha256:${hash.digest('hex')}`;
}

/** Writes `arrays` as `table` to `path` (whole or not at all: a rename puts it in place). */
export function writeArrayFile(path: string, table: TableId, arrays: readonly NamedArray[]): ArrayFile {
  const header: Header = { table, arrays: arrays.map(({ name, bytes }) => ({ name, length: bytes.length })), checksum: arraysChecksum(table, arrays) };
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.concat([Buffer.from(`${FORMAT_LINE}${JSON.stringify(header)}\n`), ...arrays.map(({ bytes }) => bytes)]));
  renameSync(partial, path);
  return { table, arrays: new Map(arrays.map(({ name, bytes }) => [name, bytes])), checksum: header.checksum };
}

/** The arrays of `table` in the file at `path`, checked against the checksum it carries. */
export function readArrayFile(path: string, table: TableId): ArrayFile {
  let data: Buffer;
  try {
    data = readFileSync(path);
  } catch (error) {
    throw new ArrayFileError(`${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
  }
  if (!data.subarray(0, FORMAT_LINE.length).equals(Buffer.from(FORMAT_LINE))) throw new ArrayFileError(`${path} is not a file of arrays of this version (it does not begin "${FORMAT_LINE.trim()}").`);
  const headerEnd = data.indexOf(10, FORMAT_LINE.length);
  let header: Header;
  try {
    header = JSON.parse(data.subarray(FORMAT_LINE.length, headerEnd < 0 ? undefined : headerEnd).toString('utf8'));
  } catch {
    throw new ArrayFileError(`${path} has no readable description of its arrays.`);
  }
  if (header.table !== table) throw new ArrayFileError(`${path} holds the table ${JSON.stringify(header.table)}, not ${table}.`);
  const shapes = Array.isArray(header.arrays) ? header.arrays : [];
  if (shapes.length === 0 || !shapes.every((shape) => typeof shape?.name === 'string' && Number.isSafeInteger(shape.length) && shape.length >= 0)) {
    throw new ArrayFileError(`${path} does not describe its arrays (a name and a length each).`);
  }
  const expected = shapes.reduce((sum, { length }) => sum + length, 0);
  const bytes = data.subarray(headerEnd + 1);
  if (bytes.length !== expected) throw new ArrayFileError(`${path} holds ${bytes.length} bytes of arrays, not the ${expected} its description gives: it was cut short or added to.`);
  const named: NamedArray[] = [];
  let at = 0;
  for (const { name, length } of shapes) {
    // a view of the file's buffer, as a plain Uint8Array (a Buffer's methods mean other things)
    named.push({ name, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset + at, length) });
    at += length;
  }
  let checksum: string;
  try {
    checksum = arraysChecksum(table, named);
  } catch (error) {
    throw new ArrayFileError(`${path} describes arrays no table can hold (${(error as Error).message}).`);
  }
  if (checksum !== header.checksum) throw new ArrayFileError(`The arrays in ${path} do not match their checksum (read ${checksum.slice(0, 19)}…, expected ${String(header.checksum).slice(0, 19)}…): the file was changed after it was written.`);
  return { table, arrays: new Map(named.map(({ name, bytes: array }) => [name, array])), checksum };
}
