/** The Lambda entry point: the configuration is checked and the dependencies built once per container. */
import { fileURLToPath } from 'node:url';
import { PACKAGED_TABLES_FOLDER } from '../store/array-file';
import { createAppState } from '../lambda/app-state';
import { readConfig } from '../lambda/config';
import { createHandler } from '../lambda/handler';
import { registry } from '../puzzles/registered';

// The estimate tables the stack builds into the package, beside the bundle (lib/tablebase-function.ts).
const packagedTables = fileURLToPath(new URL(`./${PACKAGED_TABLES_FOLDER}/`, import.meta.url));

export const handler = createHandler(createAppState(registry, readConfig(process.env), { packagedTables }));
