/** Two builds of a table hold the same pages, byte for byte, and so the same manifest checksum. */
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { TablePages } from '../../store/table-pages';

/** Every page's key and bytes, hashed in load order as the manifest's checksum is. */
export function checksumOf(pages: TablePages): string {
  const hash = createHash('sha256');
  pages.pages.forEach(({ key }, index) => hash.update(`${key}\n`).update(pages.encode(index)));
  return hash.digest('hex');
}

export function samePages(built: TablePages, expected: TablePages): void {
  expect(built.pages).toEqual(expected.pages);
  expect(built.layout).toEqual(expected.layout);
  for (let index = 0; index < expected.pages.length; index++) {
    if (!Buffer.from(built.encode(index)).equals(expected.encode(index))) expect.fail(`page ${expected.pages[index].key} differs`);
  }
  expect(checksumOf(built)).toBe(checksumOf(expected));
}
