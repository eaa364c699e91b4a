import { describe, expect, it } from 'vitest';
import { createAppState } from '../../lambda/app-state';
import { readConfig } from '../../lambda/config';
import { serveFunctionUrl } from '../../emulator/function-url-server';
import { withReadinessProbe } from '../../emulator/readiness-probe';
import { memoryLog } from '../support/log';
import { registry } from '../../puzzles/registered';

describe("npm start's readiness probe", () => {
  it('is answered as /health is, but not logged as a request: only clients are', async () => {
    const log = memoryLog();
    const { handler, probe } = withReadinessProbe(createAppState(registry, readConfig({}), { log }));
    const server = await serveFunctionUrl(handler, { port: 0 });
    try {
      expect(await probe(server.url)).toBe(503); // no table here: degraded, as before a load
      expect(log.lines.filter((line) => line.message.startsWith('request'))).toEqual([]);
      // a client's /health is logged, and so is one that only names the probe's header
      expect((await fetch(`${server.url}/health`)).status).toBe(503);
      expect((await fetch(`${server.url}/health`, { headers: { 'x-tablebase-readiness-probe': 'guess' } })).status).toBe(503);
      expect(log.lines.filter((line) => line.message.startsWith('request'))).toMatchObject([
        { route: '/health', status: 503 },
        { route: '/health', status: 503 },
      ]);
    } finally {
      await server.close();
    }
  });
});
