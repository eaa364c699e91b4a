/**
 * Faults a person meets with npm start, rehearsed on the real processes: its embedded DynamoDB
 * killed (while serving, and during a load), stopped (SIGSTOP) and continued, and a full disk.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveKnightsGoal } from '../../puzzles/knights/rules/goals';
import { searchKnights } from '../../puzzles/knights/rules/search';
import { searchBudget } from '../support/search-budget';
import { knightsWalkArbitrary } from '../../puzzles/knights/seeded-inputs';
import { samples } from '../../core/seeded';

const children: ChildProcess[] = [];
const folders: string[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folder(label: string): string {
  const made = mkdtempSync(join(tmpdir(), `tablebase-${label}-`));
  folders.push(made);
  return made;
}

function start(data: string, ...options: string[]) {
  // A process group of its own, as a terminal gives it: Ctrl-C reaches every process in it.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--tables', 'standard', '--data', data, ...options], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /tablebase is answering on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code} before it was ready:\n${output}`)));
  });
  return { child, ready, output: () => output };
}

const until = async (condition: () => boolean | Promise<boolean>, seconds = 60) => {
  for (let i = 0; i < seconds * 10; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
};
/** Its exit code once its output is read to the end ('exit' may come before the last lines are read). */
const stopped = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null && (child.stdout?.closed ?? true) && (child.stderr?.closed ?? true) ? resolve(child.exitCode) : child.on('close', (code) => resolve(code))));
/** The embedded server's process: the one whose arguments name the data folder's dynamodb/. */
const serverPid = (data: string) => Number(execFileSync('pgrep', ['-f', `local-dynamodb-server.ts .* ${data}/dynamodb`], { encoding: 'utf8' }).trim().split('\n')[0]);
const ask = async (url: string, board: string, limit = 6) => (await fetch(`${url}/knights?board=${encodeURIComponent(board)}&limit=${limit}`)).json();
/** Positions within the loaded depth, each asked once (an answer found by search is kept a while). */
const near = [...new Set(samples(knightsWalkArbitrary(resolveKnightsGoal('standard').board, 6), 400, 91))];

describe('npm start under faults of its embedded DynamoDB', () => {
  it('says the server was killed, starts it again with its data, and answers from the table again', async () => {
    const data = folder('killed');
    const run = start(data, '--knights-depth', '6');
    const url = await run.ready;
    await until(() => /knights#standard: answering from the table/.test(run.output()));
    const service = JSON.parse(readFileSync(join(data, 'service.json'), 'utf8'));
    expect(service).toMatchObject({ url, endpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
    // the load's process is gone once its work is done
    await until(() => spawnSync('pgrep', ['-f', `precompute.ts --endpoint ${service.endpoint}`]).status === 1, 10);

    process.kill(serverPid(data), 'SIGKILL');
    await until(() => /The embedded DynamoDB is back after [\d.]+ s, its data intact/.test(run.output()), 30);
    expect(run.output()).toMatch(/^The embedded DynamoDB stopped: killed by SIGKILL\. Answering by search while it starts again on .*dynamodb\.$/m);
    // questions never asked before come from the table again, nothing reloaded
    let next = 0;
    await until(async () => (await ask(url, near[next++])).source === 'table', 15);
    for (const board of near.slice(next, next + 5)) expect(await ask(url, board)).toMatchObject({ ...searchKnights({ board, goal: resolveKnightsGoal('standard'), limit: 6 }, searchBudget(10)), source: 'table' });
    expect(run.output().match(/knights#standard: loaded/g)).toHaveLength(1);
    // lookup and ask find this npm start by themselves, from what it recorded in its folder
    const lookup = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/lookup.ts', 'knights', '1*111/01111/00111/00001/00000', '--data', data], { encoding: 'utf8' });
    expect(lookup.stdout).toMatch(/^distance {3}1$/m);
    const asked = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ask.ts', 'knights', '1*111/01111/00111/00001/00000', '--data', data], { encoding: 'utf8' });
    expect(asked.stdout).toMatch(/^1 move from the standard goal \(table\)$/m);
    const nowhere = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/lookup.ts', 'knights', '1*111/01111/00111/00001/00000', '--data', folder('none')], { encoding: 'utf8' });
    expect(nowhere.status).toBe(1); // nothing to talk to, as ask says it too
    expect(nowhere.stderr).toMatch(/^No npm start is running on the data folder .*\. Start one with npm start; if npm start runs on another data folder \(npm start -- --data DIR\), name it here with --data DIR; or give --endpoint URL/m);

    run.child.kill('SIGINT');
    expect(await stopped(run.child)).toBe(0);
    expect(run.output()).toMatch(/^Stopped: the local URL and the embedded DynamoDB \(its data stays in .*dynamodb\)\.$/m);
  });

  it('is degraded while the server is stopped (SIGSTOP), answering by search within the deadline, and back to the table on SIGCONT', async () => {
    const data = folder('stopped');
    const run = start(data, '--knights-depth', '6');
    const url = await run.ready;
    await until(() => /knights#standard: answering from the table/.test(run.output()));
    const pid = serverPid(data);
    process.kill(pid, 'SIGSTOP');
    try {
      const started = performance.now();
      const answer = await ask(url, near[7]);
      expect(answer).toMatchObject({ ...searchKnights({ board: near[7], goal: resolveKnightsGoal('standard'), limit: 6 }, searchBudget(10)), source: 'search' });
      expect(performance.now() - started).toBeLessThan(2500);
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'degraded', message: expect.stringMatching(/^DynamoDB cannot be read now \(.+\), so answers are found by search\.$/) });
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    // a new question each time: an answer found by search is kept a while, as it should be
    let next = 8;
    await until(async () => (await ask(url, near[next++])).source === 'table', 20);
    run.child.kill('SIGINT');
    expect(await stopped(run.child)).toBe(0);
  });

  it('resumes a load the server\'s death cut short, and ends with the exact table', async () => {
    const data = folder('load');
    const run = start(data, '--knights-depth', '15');
    const url = await run.ready;
    await until(() => /knights#standard: writing [1-9]\d*\/\d+/.test(run.output()) || /knights#standard: loaded/.test(run.output()));
    expect(run.output()).not.toMatch(/knights#standard: loaded/); // killed while writing
    process.kill(serverPid(data), 'SIGKILL');
    await until(() => /knights#standard: answering from the table/.test(run.output()), 120);
    expect(run.output()).toMatch(/The embedded DynamoDB stopped: killed by SIGKILL/);
    const health = await (await fetch(`${url}/health`)).json();
    expect(health.tables['knights#standard']).toMatchObject({ state: 'loaded', positions: 1_671_855 });
    for (const board of samples(knightsWalkArbitrary(resolveKnightsGoal('standard').board, 18), 12, 92)) {
      expect(await ask(url, board, 15)).toMatchObject({ ...searchKnights({ board, goal: resolveKnightsGoal('standard'), limit: 15 }, searchBudget(40)), source: 'table' });
    }
    run.child.kill('SIGINT');
    expect(await stopped(run.child)).toBe(0);
  });

  // A small tmpfs is a full disk to order; mounting one takes root (CAP_SYS_ADMIN), so elsewhere the test is skipped.
  const canMount = (() => {
    if (process.getuid?.() !== 0) return false;
    const probe = mkdtempSync(join(tmpdir(), 'tablebase-mount-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
      execFileSync('umount', [probe], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    } finally {
      rmSync(probe, { recursive: true, force: true });
    }
  })();
  it.runIf(canMount)('names the full disk and its folder in one line, and still answers exactly, by search', async () => {
    const disk = folder('full');
    mkdirSync(disk, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=6m', 'tmpfs', disk]);
    try {
      const run = start(disk, '--knights-depth', '15');
      const url = await run.ready;
      await until(() => /stopped \d+ times within a minute/.test(run.output()), 90);
      expect(run.output()).toMatch(new RegExp(`^The embedded DynamoDB stopped: the disk holding the data folder ${disk}/dynamodb is full \\(no space left on device\\): free some space, or start with --data DIR on another disk`, 'm'));
      expect(run.output()).not.toMatch(/\n\s+at /); // no stack trace
      const sample = '10110/01*11/10111/01001/00000';
      expect(await ask(url, sample, 15)).toMatchObject({ steps: 7, path: [4, 13, 16, 7, 10, 1, 12], source: 'search' });
      expect((await fetch(`${url}/health`)).status).toBe(503);
      run.child.kill('SIGINT');
      await stopped(run.child);
    } finally {
      execFileSync('umount', ['-l', disk]);
    }
  });
});

describe('Ctrl-C', () => {
  it('during a load stops everything in the terminal\'s process group, the database not started again, and says so', async () => {
    const data = folder('ctrl-c');
    const run = start(data, '--knights-depth', '15');
    await run.ready;
    await until(() => /knights#standard: (computing|writing)/.test(run.output()));
    process.kill(-run.child.pid!, 'SIGINT'); // what a terminal does: the whole group
    expect(await stopped(run.child)).toBe(0);
    expect(run.output()).not.toMatch(/The embedded DynamoDB stopped/);
    expect(run.output()).toMatch(/^Stopped: the local URL and the embedded DynamoDB \(its data stays in .*dynamodb\)\.$/m);
    expect(spawnSync('pgrep', ['-f', `${data}/dynamodb`]).status).toBe(1); // nothing left running
  });
});

describe('npm start, as a newcomer meets it', () => {
  it('prints its usage for --help and exits 0, and takes --force', () => {
    const help = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: \[PORT=3000\] npm start -- .*--force/);
    expect(help.stdout).toMatch(/--force {16}reload the tables/);
    expect(help.stderr).not.toMatch(/Unknown option/);
  });

  it('says which folder cannot be written', () => {
    const data = folder('readonly');
    const blocked = join(data, 'file');
    execFileSync('sh', ['-c', `echo x > ${blocked}`]);
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--data', blocked], { encoding: 'utf8', env: { ...process.env, PORT: '0' }, timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^npm start failed: The embedded DynamoDB cannot start: .*${blocked}/dynamodb`, 'm'));
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

