/** The function as index.ts builds it, for tests: without a table (every answer searched) unless told. */
import { type AppStateParts, createAppState } from '../../lambda/app-state';
import { readConfig } from '../../lambda/config';
import { type FunctionUrlHandler, createHandler } from '../../lambda/handler';
import { quietLog } from './log';
import { registry } from '../../puzzles/registered';

export function searchOnlyHandler(parts: AppStateParts = {}): FunctionUrlHandler {
  return createHandler(createAppState(registry, readConfig({}), { log: quietLog(), ...parts }));
}
