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
