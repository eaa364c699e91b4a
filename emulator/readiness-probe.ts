/**
 * npm start's own check that its local URL answers, made once before it says it is ready: a GET of
 * /health through the URL. It is no client's request, so it is not logged as one: it would be the
 * first line a person reads, a 503 (degraded, as /health is until the tables are loaded) that no
 * client met. The probe carries a token made for this process alone, so no client's request can
 * pass for it and go unlogged.
 */
import { randomUUID } from 'node:crypto';
import type { AppState } from '../lambda/app-state';
import { type FunctionUrlHandler, createHandler } from '../lambda/handler';
import { NO_LOG } from '../lambda/log';
import { NO_METRICS } from '../lambda/metrics';

const HEADER = 'x-tablebase-readiness-probe';

export interface ProbedHandler {
  /** The function as the local URL serves it: every request logged but the probe. */
  readonly handler: FunctionUrlHandler;
  /** Asks `url`'s /health as the probe; its status. */
  probe(url: string): Promise<number>;
}

export function withReadinessProbe(app: AppState): ProbedHandler {
  const token = randomUUID();
  const served = createHandler(app);
  // the same function, its request neither logged nor counted
  const unlogged = createHandler({ ...app, log: NO_LOG, metrics: NO_METRICS });
  return {
    handler: (event, context) => (event.headers?.[HEADER] === token ? unlogged : served)(event, context),
    probe: async (url) => (await fetch(`${url}/health`, { headers: { [HEADER]: token } })).status,
  };
}
