/**
 * A load's part of the catalogue (catalog.ts): listing the table it loaded, by updates of that
 * table's entry alone, so that loads of other tables running at once lose nothing.
 */
import { type AttributeValue, ConditionalCheckFailedException, type DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { CATALOG_ATTRIBUTE, CATALOG_KEY, type CatalogEntry, catalogCountAttribute, catalogEntryValue } from './catalog';
import type { TableId } from './table-keys';
import { PARTITION_KEY } from './table-schema';

/** The catalogue has no room for another table of this kind. */
export class CatalogFullError extends Error {
  override readonly name = 'CatalogFullError';
}

/** A bound on the tables of a kind (a puzzle's goals of one's own), kept by the catalogue as a count of them. */
export interface CatalogBound {
  readonly kind: string;
  readonly max: number;
}

/**
 * Lists `table` in the catalogue with `entry`. A table that bounds its kind is counted on its first
 * listing, under a condition, so that two loads racing for the last place cannot both take it.
 */
export async function listInCatalog(client: DynamoDBClient, tableName: string, table: TableId, entry: CatalogEntry, bound: CatalogBound | undefined): Promise<void> {
  const update = (expression: string, condition: string | undefined, names: Record<string, string>, values: Record<string, AttributeValue>) =>
    client.send(
      new UpdateItemCommand({
        TableName: tableName,
        Key: { [PARTITION_KEY]: { S: CATALOG_KEY } },
        UpdateExpression: expression,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  await update('SET #tables = if_not_exists(#tables, :none)', undefined, { '#tables': CATALOG_ATTRIBUTE }, { ':none': { M: {} } });
  const names = { '#tables': CATALOG_ATTRIBUTE, '#table': table };
  const value = { ':entry': catalogEntryValue(entry) };
  if (!bound) return void (await update('SET #tables.#table = :entry', undefined, names, value));
  const counted = { ...names, '#count': catalogCountAttribute(bound.kind) };
  try {
    // listed already: its place is its own
    await update('SET #tables.#table = :entry', 'attribute_exists(#tables.#table)', names, value);
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    try {
      await update('SET #tables.#table = :entry ADD #count :one', 'attribute_not_exists(#tables.#table) AND (attribute_not_exists(#count) OR #count < :max)', counted, {
        ...value,
        ':one': { N: '1' },
        ':max': { N: String(bound.max) },
      });
    } catch (full) {
      if (!(full instanceof ConditionalCheckFailedException)) throw full;
      throw new CatalogFullError(`The table already lists ${bound.max} ${bound.kind} tables, the most it serves; ${table} was loaded but is not listed. Reuse a name with --force to replace one.`);
    }
  }
}
