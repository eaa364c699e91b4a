/**
 * Generations: each load writes its pages under a number of its own (`g3/puzzle#goal#p000123`),
 * so that a reload never touches the pages being read, and a reader never mixes two loads. Only two
 * are ever kept: the one the manifest names, and the one it replaced (for a rollback).
 */
import { type TableId, keyPrefix } from './table-keys';

/** Generations are numbered 1 to this, then from 1 again (only two are ever kept). */
export const MAX_GENERATION = 99_999;

/** Where a page of a generation is stored: the page's own key, after its generation. */
export function generationKey(generation: number, key: string): string {
  return `g${generation}/${key}`;
}

/** Every page key of one generation of a logical table starts with this. */
export function generationPrefix(generation: number, table: TableId): string {
  return generationKey(generation, keyPrefix(table));
}

/** The generation after all of `taken` (the ones kept or being written), within 1..MAX_GENERATION. */
export function nextGeneration(taken: readonly number[]): number {
  let next = (Math.max(0, ...taken) % MAX_GENERATION) + 1;
  while (taken.includes(next)) next = (next % MAX_GENERATION) + 1;
  return next;
}
