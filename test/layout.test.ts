/**
 * A puzzle is a folder: no code outside puzzles/ and test/ names a registered puzzle, or imports
 * from a puzzle's folder (the registry itself lives in puzzles/). Adding a puzzle is its folder and
 * one line of puzzles/registered.ts; this keeps it so.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registry } from '../puzzles/registered';
import { LAYERS } from './layers';

/** Every top folder of the product but the puzzles' own: the folders given a layer (layout-direction.test.ts). */
const OUTSIDE = Object.keys(LAYERS).filter((folder) => folder !== 'puzzles');
const CODE = /\.(ts|mjs|js|c|html|css)$/;
const GENERATED = /\.generated\.ts$/;

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : filesUnder(path);
    return CODE.test(name) && !GENERATED.test(name) ? [path] : [];
  });
}

describe('the layout', () => {
  const files = OUTSIDE.flatMap(filesUnder);

  it('has code outside the puzzles to check', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(registry.PUZZLES.map((puzzle) => puzzle.name))('names %s nowhere outside puzzles/ and test/, and imports nothing from its folder', (name) => {
    const named = new RegExp(`\\b${name}\\b`, 'i');
    const imported = new RegExp(`['"][./]*puzzles/${name}/`);
    const offenders = files.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return named.test(text) || imported.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
