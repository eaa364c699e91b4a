/**
 * The API's shapes that every puzzle shares, declared once as schemas (Valibot: see
 * docs/api-schemas.md): how an answer was found, /health, /stats and errors. Their TypeScript types
 * are derived in api/shapes.ts; /openapi.json describes them from here (lambda/openapi.ts). Each
 * puzzle declares its own query and answer in its folder (puzzles/<name>/schema.ts).
 *
 * The answers are strict objects: the description says every field the function writes, and the
 * tests that check each answer against it catch a field that leaks in unannounced.
 */
import * as v from 'valibot';

/** A count, a distance, a cell: a whole number. */
export const int = (description: string) => v.pipe(v.number(), v.integer(), v.description(description));

/** A list the function writes and nobody changes after (read-only in the derived types; JSON Schema has no such word). */
export const list = <T extends v.GenericSchema>(item: T) => v.pipe(v.array(item), v.readonly());

export const AnswerSourceSchema = v.pipe(v.picklist(['table', 'search', 'kept']), v.description('How the answer was found: the position\'s stored record ("table"), the bounded search ("search"), or a background solve whose checked answer was kept ("kept", the 15-puzzle\'s hardest boards).'));

export const DynamoStateSchema = v.pipe(
  v.picklist(['reachable', 'unreachable', 'not configured']),
  v.description('Whether the tables could be read: "not configured" when the function has none.'),
);

export const FarthestPositionSchema = v.strictObject({
  board: v.pipe(v.string(), v.description('The position, written as its puzzle\'s queries write it.')),
  goal: v.pipe(v.string(), v.description('The goal it is this far from.')),
  steps: int('Its distance from the goal.'),
  path: v.pipe(v.union([list(v.pipe(v.number(), v.integer())), v.string()]), v.description('The lex-min line, in its puzzle\'s move notation: cells, or letters.')),
});

/** Which puzzle and goal a table answers, loaded or not (the fields every table's entry starts with). */
const IDENTITY = {
  puzzle: v.pipe(v.string(), v.description('The puzzle, by its path.')),
  goal: v.pipe(v.string(), v.description('The goal board, or the goals of a table of several, comma-separated.')),
  goalName: v.optional(v.pipe(v.string(), v.description('For a puzzle whose questions name a goal: the goal\'s name, which `goal=NAME` asks by.'))),
  maxLimit: v.optional(int('For a puzzle whose questions have a move limit: the largest this table\'s questions accept.')),
};

export const TableIdentitySchema = v.object(IDENTITY);

/** What /health and /stats both say of a loaded table. */
const LOADED = {
  state: v.literal('loaded'),
  ...IDENTITY,
  depth: int('The farthest distance the table holds.'),
  whole: v.pipe(v.boolean(), v.description('Every position of the space is in it: `depth` is the goal\'s true depth.')),
  positions: int('Positions stored: the sum of the levels.'),
  pages: int('Pages stored.'),
  bytes: int('The pages\' size as DynamoDB counts items.'),
  writeUnits: int('What writing the pages cost (DynamoDB write units).'),
};

export const LoadedTableSchema = v.strictObject(LOADED);

export const TableHealthSchema = v.union([
  v.strictObject({
    ...LOADED,
    schemaVersion: int('The version of the page format the table was written in (this one reads only its own).'),
    generation: int('Which load answers: each load writes a generation of its own, and the table switches to it once it is complete.'),
    completedAt: v.pipe(v.string(), v.description('When its load completed and was verified (ISO 8601).')),
    checksum: v.pipe(v.string(), v.description('sha256 over every page, in load order: two loads with one checksum stored the same bytes.')),
  }),
  v.strictObject({ ...IDENTITY, state: v.picklist(['missing', 'unknown']) }),
  v.strictObject({ ...IDENTITY, state: v.literal('outdated'), schemaVersion: int('The page format it was written in.'), message: v.pipe(v.string(), v.description('What that means, and how to load it again.')) }),
]);

export const HealthSchema = v.pipe(
  v.strictObject({
    status: v.pipe(v.picklist(['ok', 'degraded']), v.description('"ok" (200) when the tables can answer now; "degraded" (503) when answers come by search.')),
    message: v.optional(v.pipe(v.string(), v.description('Why it is degraded, in a sentence.'))),
    dynamodb: DynamoStateSchema,
    tables: v.pipe(v.record(v.string(), TableHealthSchema), v.description('Each table, by its id.')),
    estimates: v.pipe(
      v.record(
        v.string(),
        v.strictObject({
          inUse: v.pipe(v.string(), v.description('The estimate the puzzle\'s search uses now (the 15-puzzle: `pattern databases 7-8`, `pattern databases 6-6-3`, or `manhattan and linear conflicts`).')),
          coming: v.optional(v.pipe(v.string(), v.description('A stronger estimate being built now (npm start builds the 7-8 databases once), and when it will be ready.'))),
        }),
      ),
      v.description('Per puzzle whose search reads estimate tables: the estimate in use, and a stronger one on its way.'),
    ),
  }),
  v.title('Health'),
);

export const TableStatsSchema = v.union([
  v.strictObject({
    ...LOADED,
    levels: v.pipe(
      list(v.pipe(v.number(), v.integer())),
      v.description('levels[k]: positions exactly k moves from the goal (summed over the goals of a table of several); in a table of arrays, the entries that hold the value k.'),
    ),
    farthest: list(FarthestPositionSchema),
    arrays: v.optional(
      v.pipe(
        list(v.strictObject({ name: v.pipe(v.string(), v.description('The array\'s name (a pattern database: `tiles-` and its tiles).')), entries: int('Its entries (one byte each).') })),
        v.description('A table of arrays (the 15-puzzle\'s pattern databases): its arrays in load order. Its `depth` is then the largest value an entry holds.'),
      ),
    ),
  }),
  v.strictObject({
    ...IDENTITY,
    state: v.picklist(['missing', 'outdated', 'unknown']),
    message: v.pipe(v.string(), v.description('What that means for answers, and how to load the table.')),
    spacePositions: int('The positions of the table\'s whole space, which the core states without any table.'),
  }),
]);

export const StatsSchema = v.pipe(
  v.strictObject({ dynamodb: DynamoStateSchema, tables: v.pipe(v.record(v.string(), TableStatsSchema), v.description('Each table, by its id.')) }),
  v.title('Stats'),
);

export const ErrorSchema = v.pipe(
  v.strictObject({ error: v.pipe(v.string(), v.description('A sentence a person understands: what was wrong and what to send instead.')) }),
  v.title('Error'),
);

/** A batch's slot for a query that failed: its sentence, and the status it would have had alone. */
export const BatchErrorSchema = v.strictObject({
  error: v.pipe(v.string(), v.description('"Query N: " and the sentence the query alone would get.')),
  status: int('The status the query alone would get (400, 422, 503).'),
});

const solvingFields = {
  since: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/), v.description('When its solve started (ISO 8601, UTC).')),
  seconds: int('How long it has been solved so far, in whole seconds.'),
  message: v.pipe(v.string(), v.description('What is happening and what to do, in a sentence: ask again at the same URL.')),
};

/** A 202: the question is past one request's search and is being solved in the background. */
export const SolvingSchema = v.pipe(
  v.strictObject({ status: v.pipe(v.literal('solving'), v.description('The question is being solved in the background.')), ...solvingFields }),
  v.title('Solving'),
);

/** A batch's slot for a question being solved in the background: what it alone would get with its 202. */
export const BatchSolvingSchema = v.strictObject({
  status: v.pipe(v.literal(202), v.description('The status the query alone would get.')),
  ...solvingFields,
  location: v.pipe(v.string(), v.description('The GET that asks this question alone, again.')),
});
