/**
 * An embedded DynamoDB-compatible server (dynalite) for running the service and its tests with
 * no AWS account: in memory or on disk, in this process or in a child process (so that the server
 * and its client each get a core of their own).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
      return () => rmSync(lock, { force: true });
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

export async function startLocalDynamo(options: LocalDynamoOptions = {}): Promise<LocalDynamo> {
  if (!options.path) return options.childProcess ? startChild(options) : startInProcess(options);
  mkdirSync(options.path, { recursive: true });
  const unlock = lockDataFolder(options.path);
  try {
    const local = await (options.childProcess ? startChild(options) : startInProcess(options));
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

async function startChild(options: LocalDynamoOptions): Promise<LocalDynamo> {
  const script = fileURLToPath(new URL('./local-dynamodb-server.ts', import.meta.url));
  const child: ChildProcess = fork(script, [String(options.port ?? 0), options.path ?? ''], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => {
      const reply = message as { port?: number; error?: string };
      if (reply.port !== undefined) resolve(reply.port);
      else reject(new Error(`The local DynamoDB server could not start: ${reply.error}`));
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The local DynamoDB server stopped before it started (exit code ${code}).`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
