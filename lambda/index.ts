/** The Lambda entry point: dependencies are built once per container, then every event is handled. */
import { tablebaseFromEnvironment } from './dependencies';
import { createHandler } from './handler';

export const handler = createHandler({ tablebase: tablebaseFromEnvironment(process.env) });
