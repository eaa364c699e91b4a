/**
 * A table of arrays kept in a file (store/array-file.ts): the same checksum as a load of the same
 * arrays writes into its manifest, and a file that was changed, cut short, added to or written for
 * another table is refused with a sentence, never read as arrays.
 */
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fifteenSpec } from '../../puzzles/fifteen/offline/loads';
import { PARTITION_33333 } from '../../puzzles/fifteen/rules/pattern-set';
import { ArrayFileError, arrayCacheFolder, arraysOfPages, packagedArrayFile, readArrayFile, writeArrayFile } from '../../store/array-file';
import type { ArrayPages } from '../../store/array-pages';
import { loadTable } from '../../store/loader';
import { PARTITION_KEY } from '../../store/table-schema';
import { manifestKey } from '../../store/table-keys';
import { type Manifest, readManifest } from '../../store/manifests';
import { freshTable, testClient } from '../support/dynamodb';

const client = testClient();
const folder = mkdtempSync(join(tmpdir(), 'tablebase-array-file-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const ARRAYS = [
  { name: 'small', bytes: Uint8Array.from([1, 2, 3, 250]) },
  { name: 'empty', bytes: new Uint8Array(0) },
  { name: 'large', bytes: Uint8Array.from({ length: 300 }, (_, i) => (i * 7) % 31) },
];

describe('a file of arrays', () => {
  it('gives back the arrays it was written with, by name and in order', () => {
    const path = packagedArrayFile(folder, 'demo');
    expect(path).toBe(join(folder, 'demo.arrays'));
    const written = writeArrayFile(path, 'demo', ARRAYS);
    expect([...written.arrays]).toEqual(ARRAYS.map(({ name, bytes }) => [name, bytes]));
    const read = readArrayFile(path, 'demo');
    expect([...read.arrays.keys()]).toEqual(['small', 'empty', 'large']);
    for (const { name, bytes } of ARRAYS) expect(read.arrays.get(name)).toEqual(bytes);
    expect(read.checksum).toBe(written.checksum);
    expect(read.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('says the checksum a load of the same arrays writes into its manifest', async () => {
    const spec = fifteenSpec(PARTITION_33333);
    const pages = (await spec.build()) as ArrayPages;
    const file = writeArrayFile(join(folder, 'fifteen.arrays'), 'fifteen', arraysOfPages(pages));
    const tableName = await freshTable(client, 'array-file');
    await loadTable(client, spec, { tableName, concurrency: 8 });
    const item = (await client.send(new GetItemCommand({ TableName: tableName, Key: { [PARTITION_KEY]: { S: manifestKey('fifteen') } } }))).Item!;
    expect((readManifest(item) as Manifest).checksum).toBe(file.checksum);
  });

  it('refuses every byte changed, and says so', () => {
    const path = join(folder, 'flipped.arrays');
    writeArrayFile(path, 'demo', ARRAYS);
    const original = readFileSync(path);
    const headerEnd = original.indexOf(10, original.indexOf(10) + 1) + 1;
    // every byte of the arrays, and a sample of the description's
    for (let at = 0; at < original.length; at += at < headerEnd ? 7 : 1) {
      const changed = Buffer.from(original);
      changed[at] ^= 1 << (at % 8);
      writeFileSync(path, changed);
      expect(() => readArrayFile(path, 'demo'), `byte ${at}`).toThrow(ArrayFileError);
    }
    writeFileSync(path, original);
    expect(readArrayFile(path, 'demo').arrays.get('small')).toEqual(ARRAYS[0].bytes);
    const changed = Buffer.from(original);
    changed[headerEnd + 2] ^= 0x10;
    writeFileSync(path, changed);
    expect(() => readArrayFile(path, 'demo')).toThrow(/do not match their checksum \(read sha256:[0-9a-f]{12}…, expected sha256:[0-9a-f]{12}…\): the file was changed after it was written/);
  });

  it('refuses a file cut short or added to, of another table, of another format, or missing', () => {
    const path = join(folder, 'cut.arrays');
    writeArrayFile(path, 'demo', ARRAYS);
    const size = readFileSync(path).length;
    truncateSync(path, size - 1);
    expect(() => readArrayFile(path, 'demo')).toThrow(/holds 303 bytes of arrays, not the 304 its description gives: it was cut short or added to/);
    writeArrayFile(path, 'demo', ARRAYS);
    appendFileSync(path, 'x');
    expect(() => readArrayFile(path, 'demo')).toThrow(/cut short or added to/);
    writeArrayFile(path, 'demo', ARRAYS);
    expect(() => readArrayFile(path, 'other')).toThrow(/holds the table "demo", not other/);
    writeFileSync(path, 'PK\u0003\u0004 not this');
    expect(() => readArrayFile(path, 'demo')).toThrow(/is not a file of arrays of this version/);
    writeFileSync(path, 'tablebase arrays 1\n{"table":"demo","arrays":[],"checksum":"sha256:x"}\n');
    expect(() => readArrayFile(path, 'demo')).toThrow(/is not a file of arrays of this version \(it does not begin "tablebase arrays 2"\)/);
    writeFileSync(path, 'tablebase arrays 2\n{not json\n');
    expect(() => readArrayFile(path, 'demo')).toThrow(/has no readable description of its arrays/);
    expect(() => readArrayFile(join(folder, 'nowhere.arrays'), 'demo')).toThrow(/nowhere\.arrays cannot be read \(ENOENT\)/);
  });

  it('refuses a description without its arrays\' names and lengths, or with names no table can hold', () => {
    const path = join(folder, 'described.arrays');
    const described = (arrays: string, rest = '\n') => writeFileSync(path, `tablebase arrays 2\n{"table":"demo","arrays":${arrays},"checksum":"sha256:x"}${rest}`);
    for (const arrays of ['[]', '"small"', '[null]', '[{"length":1}]', '[{"name":1,"length":1}]', '[{"name":"a"}]', '[{"name":"a","length":-1}]', '[{"name":"a","length":1.5}]', '[{"name":"a","length":1},{"name":"b","length":"2"}]']) {
      described(arrays);
      let error: unknown;
      try {
        readArrayFile(path, 'demo');
      } catch (thrown) {
        error = thrown;
      }
      expect(error, arrays).toBeInstanceOf(ArrayFileError);
      expect((error as Error).name).toBe('ArrayFileError');
      expect((error as Error).message, arrays).toBe(`${path} does not describe its arrays (a name and a length each).`);
    }
    described('[{"name":"a b","length":1}]', '\nx');
    expect(() => readArrayFile(path, 'demo')).toThrow(`${path} describes arrays no table can hold (an array's name is 1 to 64 letters, digits or "-"; got "a b").`);
    // a description that does not end its line: what follows the format line is all description, and no bytes are left for the arrays
    described('[{"name":"a","length":1}]', '');
    expect(() => readArrayFile(path, 'demo')).toThrow(/holds \d+ bytes of arrays, not the 1 its description gives/);
  });

  it('is kept, when built on this machine, in the project\'s cache of tools', () => {
    expect(arrayCacheFolder('/project')).toBe(join('/project', 'node_modules', '.cache', 'tablebase'));
  });
});
