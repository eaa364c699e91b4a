/**
 * `npm run smoke -- --url URL`, run as a process against `npm start`'s local URL (as after a
 * deploy against the edge), and in-process against a local URL that answers the raw form
 * differently, which it must catch.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { serveFunctionUrl } from '../../emulator/function-url-server';
import { main } from '../../scripts/smoke';
import { searchOnlyHandler } from '../support/service';

const run = promisify(execFile);

describe('npm run smoke', () => {
  const data = mkdtempSync(join(tmpdir(), 'tablebase-smoke-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  });

  it('asks each puzzle\'s example through npm start\'s local URL, raw and encoded, prints what each got, and exits 0 when they agree', async () => {
    const start = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--tables', 'standard', '--knights-depth', '6', '--data', data], {
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(start);
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      start.stdout!.on('data', (chunk) => {
        output += chunk;
        const match = /tablebase is answering on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) resolve(match[1]);
      });
      start.stderr!.on('data', (chunk) => (output += chunk));
      start.on('exit', (code) => reject(new Error(`npm start exited with ${code} before it was ready:\n${output}`)));
    });

    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/smoke.ts', '--url', url], { encoding: 'utf8' });
    expect(stdout).toContain('knights  raw      GET /knights?board=10110/01*11/10111/01001/00000  ->  200 steps 7 (');
    expect(stdout).toContain('knights  encoded  GET /knights?board=10110%2F01%2A11%2F10111%2F01001%2F00000  ->  200 steps 7 (');
    expect(stdout).toMatch(/^eight +raw +GET \/eight\?from=12X453786&to=12345678X {2}-> {2}200 steps 2 \(/m);
    expect(stdout).toMatch(/^fifteen +encoded +GET \/fifteen\?board=2%2C3%2C4%2C0%2C1%2C5/m);
    expect(stdout.match(/the same answer both ways/g)).toHaveLength(3);
    expect(stdout).toContain(`smoke: 3 puzzles answered alike, raw and encoded, at ${url}`);

    start.kill('SIGINT');
    expect(await new Promise((resolve) => start.on('exit', resolve))).toBe(0);
  });

  it('exits 1 when the raw form gets another answer than the encoded one, and 2 without --url', async () => {
    const handler = searchOnlyHandler();
    // a front that mishandles an unencoded * (what the edge must never do)
    const server = await serveFunctionUrl(
      async (event, context) => (event.rawQueryString.includes('*') ? { statusCode: 403, body: '{"message":"Forbidden"}' } : handler(event, context)),
      { port: 0 },
    );
    try {
      const lines: string[] = [];
      expect(await main(['--url', server.url], (line) => lines.push(line))).toBe(1);
      expect(lines).toContain('knights  raw      GET /knights?board=10110/01*11/10111/01001/00000  ->  403 refused: Forbidden');
      expect(lines).toContain('knights  FAILED: not an answer');
      expect(lines.at(-1)).toBe(`smoke: 1 of 3 puzzles failed at ${server.url}`);
    } finally {
      await server.close();
    }
    expect(await main([], () => {})).toBe(2);
    expect(await main(['--url', 'ftp://example.com'], () => {})).toBe(2);
  });
});
