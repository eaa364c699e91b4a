/**
 * The ways a load of a table refuses to go on, each a class of its own so that a caller (the
 * precompute command, the deploy's loader, the tests) can tell them apart; each message says what
 * was found and what to do.
 */
import { type ForeignManifest, SCHEMA_VERSION } from './manifests';

/** The pages written differ from the computed tables, or are not all there: no manifest was written. */
export class VerificationError extends Error {
  override readonly name = 'VerificationError';
}

/** The table holds a load written by another schema version, and the load was not forced. */
export class OutdatedTableError extends Error {
  override readonly name = 'OutdatedTableError';
  constructor(readonly found: ForeignManifest, tableName: string) {
    super(
      `Table ${tableName} holds ${found.table} as written by schema version ${found.schemaVersion}` +
        `${found.items === undefined ? '' : ` (${found.items.toLocaleString('en-US')} items)`}${found.completedAt ? ` on ${found.completedAt}` : ''}; ` +
        `this version stores pages (schema ${SCHEMA_VERSION}) and cannot read it. Run again with --force to replace it ` +
        `(the old items are deleted, one write unit each), or load into a new table with --table NAME and point the stack at it.`,
    );
  }
}

/**
 * The table holds, or is loading, another goal under this table's name: loading over it would
 * silently change what the name answers, so it takes --force.
 */
export class GoalConflictError extends Error {
  override readonly name = 'GoalConflictError';
}

/** Another load switched the table to its generation while this one was loading. */
export class LoadRaceError extends Error {
  override readonly name = 'LoadRaceError';
}
