/**
 * No test searches without a budget of nodes (test/support/search-budget.ts): a synchronous search
 * cannot be stopped by the test runner's timeout, so one that a wrong estimate sends on would hold
 * the suite for hours. The searches take their budget as an argument, so the compiler sees that one
 * is given; this sees that no test gives UNLIMITED, the offline commands' budget.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const TESTS = resolve(import.meta.dirname);

function codeFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return codeFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** Whether the text of a test file hands a search the unlimited budget. */
const searchesUnbounded = (text: string) => /\bUNLIMITED\b/.test(text);

describe('the searches of the tests', () => {
  it('each have a budget of nodes: no test file uses UNLIMITED', () => {
    const files = codeFiles(TESTS).filter((file) => file !== resolve(import.meta.filename));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => searchesUnbounded(readFileSync(file, 'utf8'))).map((file) => relative(TESTS, file))).toEqual([]);
  });

  it('catch a planted unlimited search, and let a budgeted one be', () => {
    expect(searchesUnbounded("import { UNLIMITED } from '../../core/ida-star';\nsearchEight(query, UNLIMITED);")).toBe(true);
    expect(searchesUnbounded('searchEight(query, searchBudget(600));')).toBe(false);
  });
});
