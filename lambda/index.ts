/** The Lambda entry point: the configuration is checked and the dependencies built once per container. */
import { createAppState } from './app-state';
import { readConfig } from './config';
import { createHandler } from './handler';

export const handler = createHandler(createAppState(readConfig(process.env)));
