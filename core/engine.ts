/**
 * Which way a batch of questions is answered: `search` runs IDA* per question, `table` builds the
 * BFS table for each goal in memory and reads every answer from it, `auto` builds a table only for
 * goals asked often enough in the batch that building it is cheaper than searching.
 */
import { InvalidInputError } from './errors';
import { printable } from './printable';

export const ENGINES = ['search', 'table', 'auto'] as const;
export type Engine = (typeof ENGINES)[number];

export function parseEngine(text: string): Engine {
  if ((ENGINES as readonly string[]).includes(text)) return text as Engine;
  throw new InvalidInputError(`There is no engine "${printable(text)}": use ${ENGINES.join(', ')}.`);
}

/** Groups item indexes by key, keeping first-seen order. */
export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string | number): Map<string | number, number[]> {
  const groups = new Map<string | number, number[]>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(index);
    else groups.set(key, [index]);
  });
  return groups;
}
