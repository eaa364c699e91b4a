/**
 * Where a running `npm start` answers: it records its local URL and its embedded DynamoDB's
 * endpoint in its data folder (both ports may change at every start), so that `npm run lookup`
 * and `npm run ask` find it by themselves.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const DEFAULT_DATA_DIR = '.data';
const RECORD = 'service.json';

export interface LocalService {
  readonly url: string;
  readonly endpoint: string;
  readonly pid: number;
}

/**
 * Records the service (best effort: a folder that cannot take it only means lookup and ask need
 * --endpoint and --url); the function returned removes the record, if it is still this process's.
 */
export function recordLocalService(dataDir: string, service: LocalService): () => void {
  const file = join(resolve(dataDir), RECORD);
  try {
    mkdirSync(resolve(dataDir), { recursive: true });
    writeFileSync(file, `${JSON.stringify(service)}\n`);
  } catch {
    return () => {};
  }
  return () => {
    try {
      if ((JSON.parse(readFileSync(file, 'utf8')) as LocalService).pid === service.pid) rmSync(file, { force: true });
    } catch {
      // gone already
    }
  };
}

/** The npm start running on `dataDir`, if one is (its process still alive). */
export function findLocalService(dataDir = DEFAULT_DATA_DIR): LocalService | undefined {
  try {
    const service = JSON.parse(readFileSync(join(resolve(dataDir), RECORD), 'utf8')) as LocalService;
    process.kill(service.pid, 0);
    return service;
  } catch {
    return undefined;
  }
}

/** How `npm run ask` and `npm run lookup` end. */
export const EXIT = {
  /** Nothing to talk to: no npm start found, nothing answered, the service or the table could not answer. */
  unavailable: 1,
  /** The command line is wrong: an unknown command or option, or a question the puzzle's rules refuse. */
  usage: 2,
} as const;

/**
 * What ask and lookup say when no npm start answers where they looked: the folder (the one a
 * person most likely did not mean, when npm start runs on another), how to name another, and
 * `others`, the options that skip the local service altogether.
 */
export function noLocalServiceText(dataDir: string | undefined, others: string, nothingAt?: string): string {
  const folder = resolve(dataDir ?? DEFAULT_DATA_DIR);
  const where = dataDir === undefined ? `the default data folder ${folder}` : `the data folder ${folder}`;
  return (
    `No npm start is running on ${where} (a running npm start records where it answers in ${join(folder, RECORD)}; there is none, or its process has ended)` +
    `${nothingAt ? `, and ${nothingAt}` : ''}. ` +
    `Start one with npm start; if npm start runs on another data folder (npm start -- --data DIR), name it here with --data DIR; or give ${others}.`
  );
}
