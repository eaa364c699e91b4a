/**
 * An embedded DynamoDB-compatible server (dynalite) for running the service and its tests with
 * no AWS account: in memory or on disk, in this process or in a child process (so that the server
 * and its client each get a core of their own).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
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

export async function startLocalDynamo(options: LocalDynamoOptions = {}): Promise<LocalDynamo> {
  if (options.path) mkdirSync(options.path, { recursive: true });
  return options.childProcess ? startChild(options) : startInProcess(options);
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
