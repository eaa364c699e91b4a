/**
 * An embedded DynamoDB-compatible server (dynalite) for running the service and its tests with
 * no AWS account: in memory or on disk, in this process or in a child process (so that the server
 * and its client each get a core of their own).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import dynalite from 'dynalite';

export interface LocalDynamoOptions {
  /** Port to listen on, on 127.0.0.1; 0 picks a free one. */
  port?: number;
  /** Directory for the data, kept between runs; in memory when omitted. */
  path?: string;
  /** Run the server in a child process instead of this one. */
  childProcess?: boolean;
}

export interface LocalDynamo {
  /** e.g. http://127.0.0.1:43125 */
  readonly endpoint: string;
  close(): Promise<void>;
}

/** A server in a child process, which may die on its own (killed, a full disk) and be started again. */
export interface ChildDynamo extends LocalDynamo {
  /** Settles when the server's process ends other than by close(), with why in a sentence. */
  readonly died: Promise<string>;
  /** Starts it again on the same port and folder (the data is kept); resolves to the new one. */
  restart(): Promise<ChildDynamo>;
}

/** The server could not start or keep going, said in a sentence that names the folder or port. */
export class LocalDynamoError extends Error {
  override readonly name = 'LocalDynamoError';
}

/** Less room than this on the data folder's disk is a full disk, whatever the server said. */
const NEARLY_FULL_BYTES = 4 * 1024 * 1024;

function freeBytes(path: string): number {
  try {
    const { bavail, bsize } = statfsSync(path);
    return bavail * bsize;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * Why a server on `path` failed, in a sentence, from what it wrote or the error it met: a full
 * disk and a folder that cannot be written are told apart from the rest.
 */
export function causeOf(path: string | undefined, said: string): string {
  const where = path ? `the data folder ${path}` : 'its memory';
  const full = `the disk holding ${where} is full (no space left on device): free some space, or start with --data DIR on another disk`;
  if (/ENOSPC|No space left on device/i.test(said)) return full;
  const taken = /EADDRINUSE[^\n]*?:(\d+)\b/.exec(said);
  if (taken) return `port ${taken[1]} is in use (EADDRINUSE): stop what holds it, or let it pick a free one`;
  if (/EACCES|EPERM|EROFS|permission denied|read-only file system/i.test(said)) {
    return `${where} cannot be written (${/EROFS|read-only/i.test(said) ? 'a read-only file system' : 'permission denied'}): make it writable, or start with --data DIR elsewhere`;
  }
  // A full disk says ENOSPC once; the deaths after it say other things ("Database is closed").
  if (path !== undefined && freeBytes(path) < NEARLY_FULL_BYTES) return full;
  // the error's own line: not a stack frame, not the Node.js version printed after it
  const line = said
    .split('\n')
    .map((one) => one.trim())
    .filter((one) => one !== '' && !one.startsWith('at ') && !/^Node\.js v\d/.test(one) && !/^[\^~]+$/.test(one) && !one.startsWith('{') && !one.startsWith('}'))
    .at(-1);
  return line ? line.slice(0, 300) : 'no reason given';
}

const SERVER_OPTIONS = { createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 };

/** The data folder is held by another running server: two servers on one LevelDB folder corrupt it. */
export class DataFolderInUseError extends Error {
  override readonly name = 'DataFolderInUseError';
}

const LOCK_FILE = 'tablebase.lock';

/**
 * Takes the data folder for this process: a lock file holding its process id. A lock left by a
 * process that no longer runs (killed, crashed) is taken over.
 */
function lockDataFolder(path: string): () => void {
  const lock = join(path, LOCK_FILE);
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      let held = true;
      // Released once, and only while the lock is still this process's.
      return () => {
        if (!held) return;
        held = false;
        try {
          if (readFileSync(lock, 'utf8').trim() === String(process.pid)) rmSync(lock, { force: true });
        } catch {
          // gone already
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(lock, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
      throw new DataFolderInUseError(
        `The data folder ${path} is in use by another local DynamoDB server (process ${holder}, an \`npm start\` most likely); stop that one, or give this one another folder with --data DIR.`,
      );
    }
    rmSync(lock, { force: true }); // left behind by a process that is gone
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, but someone else's
  }
}

export function startLocalDynamo(options: LocalDynamoOptions & { childProcess: true }): Promise<ChildDynamo>;
export function startLocalDynamo(options?: LocalDynamoOptions): Promise<LocalDynamo>;
export async function startLocalDynamo(options: LocalDynamoOptions = {}): Promise<LocalDynamo> {
  if (!options.path) return options.childProcess ? startChild(options, () => {}) : startInProcess(options);
  try {
    mkdirSync(options.path, { recursive: true });
  } catch (error) {
    throw new LocalDynamoError(`The embedded DynamoDB cannot start: ${causeOf(options.path, String((error as Error).message))}.`);
  }
  let unlock: () => void;
  try {
    unlock = lockDataFolder(options.path);
  } catch (error) {
    if (error instanceof DataFolderInUseError) throw error;
    throw new LocalDynamoError(`The embedded DynamoDB cannot start: ${causeOf(options.path, String((error as Error).message))}.`);
  }
  try {
    if (options.childProcess) return await startChild(options, unlock);
    const local = await startInProcess(options);
    return { endpoint: local.endpoint, close: () => local.close().finally(unlock) };
  } catch (error) {
    unlock();
    throw error;
  }
}

async function startInProcess(options: LocalDynamoOptions): Promise<LocalDynamo> {
  const server = dynalite({ ...SERVER_OPTIONS, path: options.path });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** The server in a child process; `release` gives up the data folder once it is closed for good. */
async function startChild(options: LocalDynamoOptions, release: () => void): Promise<ChildDynamo> {
  const script = fileURLToPath(new URL('./local-dynamodb-server.ts', import.meta.url));
  const child: ChildProcess = fork(script, [String(options.port ?? 0), options.path ?? ''], {
    execArgv: ['--import', 'tsx'],
    // Its stderr is kept, not shown: a death is told in one sentence with its cause (causeOf).
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let said = '';
  child.stderr!.on('data', (chunk) => (said = (said + chunk).slice(-4000)));
  let closing = false;
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`)));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => {
      const reply = message as { port?: number; error?: string };
      if (reply.port !== undefined) resolve(reply.port);
      else reject(new LocalDynamoError(`The embedded DynamoDB could not start${options.path ? ` on ${options.path}` : ''}: ${causeOf(options.path, `${reply.error}\n${said}`)}.`));
    });
    child.once('error', (error) => reject(new LocalDynamoError(`The embedded DynamoDB could not start: ${error.message}.`)));
    void exited.then((how) => reject(new LocalDynamoError(`The embedded DynamoDB stopped before it started (${how}): ${causeOf(options.path, said)}.`)));
  });
  const died = exited.then((how) => (closing ? new Promise<string>(() => {}) : said.trim() === '' ? how : `${causeOf(options.path, said)} (${how})`));
  const stopChild = () =>
    new Promise<void>((resolve) => {
      closing = true;
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    died,
    close: () => stopChild().finally(release),
    restart: async () => {
      await stopChild();
      return startChild({ ...options, port }, release);
    },
  };
}
