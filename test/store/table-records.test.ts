/**
 * The store's small records, without a server: the next generation of a table, the rule for table
 * names, what is said of a manifest of another schema version or one missing its fields, and the
 * refusal of an outdated table, when two loads are the same one, and the catalogue's entries.
 */
import { describe, expect, it } from 'vitest';
import { MAX_GENERATION, nextGeneration } from '../../store/generations';
import { readCatalog } from '../../store/catalog';
import { GoalConflictError, LoadRaceError, OutdatedTableError, VerificationError } from '../../store/load-errors';
import { MalformedItemError, tableNameProblem } from '../../store/table-schema';
import { SCHEMA_VERSION, readManifest, sameIdentity } from '../../store/manifests';

describe('the next generation', () => {
  it('follows the largest taken, skips those taken, and wraps after the last to 1', () => {
    expect(nextGeneration([])).toBe(1);
    expect(nextGeneration([3])).toBe(4);
    expect(nextGeneration([4, 3])).toBe(5);
    expect(nextGeneration([MAX_GENERATION])).toBe(1);
    expect(nextGeneration([MAX_GENERATION, 1, 2])).toBe(3);
    expect(nextGeneration([MAX_GENERATION - 1, MAX_GENERATION, 1])).toBe(2);
  });
});

describe('a table name', () => {
  it('is 3 to 255 letters, digits, "_", "-" or ".", or a sentence says what it must be', () => {
    for (const name of ['tablebase', 'a_b-c.d', 'x'.repeat(255)]) expect(tableNameProblem(name), name).toBeUndefined();
    for (const name of ['ab', 'x'.repeat(256), 'a b', 'tábla', '']) expect(tableNameProblem(name), name).toBe(`must be a DynamoDB table name (3 to 255 letters, digits, "_", "-" or "."); got "${name}"`);
  });
});

describe('a manifest', () => {
  it('of another schema version is described by what can be read of it', () => {
    expect(readManifest({ pk: { S: 'manifest#x' }, schemaVersion: { N: '2' }, table: { S: 'knights#standard' }, completedAt: { S: '2025-01-01T00:00:00Z' }, items: { N: '1234' } })).toEqual({
      table: 'knights#standard',
      schemaVersion: 2,
      completedAt: '2025-01-01T00:00:00Z',
      items: 1234,
    });
    expect(readManifest({ pk: { S: 'manifest#x' }, schemaVersion: { N: '2' } })).toEqual({ table: '?', schemaVersion: 2, completedAt: undefined, items: undefined });
    // the first version wrote none
    expect(readManifest({ pk: { S: 'manifest#x' }, table: { S: 'knights#standard' } })).toMatchObject({ table: 'knights#standard', schemaVersion: 1 });
  });

  it('of this version without its fields is refused, naming its key', () => {
    const read = () => readManifest({ pk: { S: 'manifest#knights#standard' }, schemaVersion: { N: String(SCHEMA_VERSION) }, table: { S: 'knights#standard' } });
    expect(read).toThrow(MalformedItemError);
    expect(read).toThrow(`the manifest manifest#knights#standard says schema version ${SCHEMA_VERSION} but lacks its fields`);
    expect(() => readManifest({ schemaVersion: { N: String(SCHEMA_VERSION) } })).toThrow(`the manifest ? says schema version ${SCHEMA_VERSION} but lacks its fields`);
  });
});

describe('the identity of a load', () => {
  const identity = { table: 'knights#standard', schemaVersion: SCHEMA_VERSION, goal: 'goal', parts: 'parts', depth: 9, layout: { ranks: 1000, ranksPerPage: 100, multiplier: 7 }, pages: 10 };

  it('is the same for the same table, version, goal, parts, depth, pages and layout, and only then: a progress of another is never resumed', () => {
    expect(sameIdentity(identity, { ...identity, layout: { ...identity.layout } })).toBe(true);
    const others = [
      { table: 'knights#other' },
      { schemaVersion: SCHEMA_VERSION - 1 },
      { goal: 'another goal' },
      { parts: undefined },
      { depth: 8 },
      { pages: 11 },
      { layout: { ...identity.layout, ranks: 1001 } },
      { layout: { ...identity.layout, ranksPerPage: 101 } },
      { layout: { ...identity.layout, multiplier: 11 } },
    ];
    for (const other of others) {
      expect(sameIdentity(identity, { ...identity, ...other }), JSON.stringify(other)).toBe(false);
      expect(sameIdentity({ ...identity, ...other }, identity), JSON.stringify(other)).toBe(false);
    }
  });
});

describe('the catalogue item', () => {
  it('lists the entries of its shape and leaves out those that are not, never failing on them', () => {
    const entry = { goal: { S: 'g' }, whole: { BOOL: true }, depth: { N: '9' } };
    const item = {
      tables: {
        M: {
          good: { M: entry },
          'no-goal': { M: { whole: entry.whole, depth: entry.depth } },
          'no-whole': { M: { goal: entry.goal, depth: entry.depth } },
          'no-depth': { M: { goal: entry.goal, whole: entry.whole } },
          'not-a-map': { S: 'x' },
        },
      },
    };
    expect([...readCatalog(item)]).toEqual([['good', { goal: 'g', whole: true, depth: 9 }]]);
    expect(readCatalog(undefined).size).toBe(0);
    expect(readCatalog({ pk: { S: 'catalog' } }).size).toBe(0);
  });
});

describe('the errors of a load', () => {
  it('are named for what went wrong, so that logs and callers tell them apart', () => {
    for (const [error, name] of [
      [new VerificationError('v'), 'VerificationError'],
      [new GoalConflictError('g'), 'GoalConflictError'],
      [new LoadRaceError('r'), 'LoadRaceError'],
    ] as const) {
      expect(error.name).toBe(name);
      expect(error).toBeInstanceOf(Error);
    }
  });
});

describe('an outdated table', () => {
  it('is refused with what it holds, when it was written and how many items, and what to do', () => {
    const error = new OutdatedTableError({ table: 'knights#standard', schemaVersion: 4, completedAt: '2025-01-01T00:00:00Z', items: 12_345 }, 'tablebase');
    expect(error.name).toBe('OutdatedTableError');
    expect(error.message).toBe(
      `Table tablebase holds knights#standard as written by schema version 4 (12,345 items) on 2025-01-01T00:00:00Z; this version stores pages (schema ${SCHEMA_VERSION}) and cannot read it. ` +
        'Run again with --force to replace it (the old items are deleted, one write unit each), or load into a new table with --table NAME and point the stack at it.',
    );
    expect(new OutdatedTableError({ table: 'knights#standard', schemaVersion: 4, completedAt: undefined, items: undefined }, 'tablebase').message).toMatch(/^Table tablebase holds knights#standard as written by schema version 4; this version/);
  });
});
