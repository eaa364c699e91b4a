/**
 * No test searches without a budget of nodes (test/support/search-budget.ts): a synchronous search
 * cannot be stopped by the test runner's timeout, so one that a wrong estimate sends on would hold
 * the suite for hours. The searches take their budget as an argument, so the compiler sees that one
 * is given; this sees that no test gives one without bounds: UNLIMITED (the offline commands'
 * budget), or a budget written out whose nodes and time are both unbounded.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const TESTS = resolve(import.meta.dirname);

function codeFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return codeFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** A bound that is none: written as infinity, as the largest number, or as a power of ten past 10^15. */
const ENDLESS = /^(?:Infinity|Number\.(?:POSITIVE_INFINITY|MAX_SAFE_INTEGER|MAX_VALUE)|\d+(?:\.\d+)?e\+?(?:1[5-9]|[2-9]\d|\d{3,}))$/;

/** The text of an object literal's property `name`, if it has one. */
function propertyText(literal: ts.ObjectLiteralExpression, name: string): string | undefined {
  for (const property of literal.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === name) return property.initializer.getText();
  }
  return undefined;
}

/** Whether the text of a test file hands a search a budget without bounds: UNLIMITED, or an object literal whose nodes are endless and whose deadline is endless or missing. */
function searchesUnbounded(text: string): boolean {
  if (/\bUNLIMITED\b/.test(text)) return true;
  let endless = false;
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const nodes = propertyText(node, 'maxNodes');
      const deadline = propertyText(node, 'deadline');
      // a deadline bounds a search on the real clock only: a test's own clock may never reach it
      const timed = deadline !== undefined && !ENDLESS.test(deadline) && propertyText(node, 'clock') === undefined;
      if (nodes !== undefined && ENDLESS.test(nodes) && !timed) endless = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('test.ts', text, ts.ScriptTarget.Latest, true));
  return endless;
}

describe('the searches of the tests', () => {
  it('each have a bound: no test file uses UNLIMITED or writes a budget with neither nodes nor time bounded', () => {
    const files = codeFiles(TESTS).filter((file) => file !== resolve(import.meta.filename));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => searchesUnbounded(readFileSync(file, 'utf8'))).map((file) => relative(TESTS, file))).toEqual([]);
  });

  it('catch a planted unlimited search, and let a budgeted one be', () => {
    expect(searchesUnbounded("import { UNLIMITED } from '../../core/ida-star';\nsearchEight(query, UNLIMITED);")).toBe(true);
    expect(searchesUnbounded('searchEight(query, searchBudget(600));')).toBe(false);
    expect(searchesUnbounded('searchEight(query, { maxNodes: Infinity, deadline: Infinity });')).toBe(true);
    expect(searchesUnbounded('searchEight(query, { deadline: Number.POSITIVE_INFINITY, maxNodes: Number.MAX_SAFE_INTEGER });')).toBe(true);
    expect(searchesUnbounded('const budget = { maxNodes: Number.POSITIVE_INFINITY };')).toBe(true);
    expect(searchesUnbounded('const budget = { maxNodes: 1e308, deadline: Infinity };')).toBe(true);
    // a deadline on a test's own clock may never come
    expect(searchesUnbounded('idaStar(search, 39, { maxNodes: Infinity, deadline: 3, clock: { now } });')).toBe(true);
    // bounded by one of the two: nodes, or a deadline on the real clock
    expect(searchesUnbounded('searchEight(query, { maxNodes: Infinity, deadline: Date.now() + 1000 });')).toBe(false);
    expect(searchesUnbounded('idaStar(search, 39, { clock: { now }, maxNodes: Infinity, deadline: Infinity });')).toBe(true);
    expect(searchesUnbounded('searchEight(query, { maxNodes: 10, deadline: Infinity });')).toBe(false);
  });
});
