/**
 * Where a running `npm start` answers: it records its local URL and its embedded DynamoDB's
 * endpoint in its data folder (both ports may change at every start), so that `npm run lookup`
 * and `npm run ask` find it by themselves.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const DEFAULT_DATA_DIR = '.data';
const RECORD = 'service.json';

export interface LocalService {
  readonly url: string;
  readonly endpoint: string;
  readonly pid: number;
}

export function recordLocalService(dataDir: string, service: LocalService): () => void {
  const file = join(resolve(dataDir), RECORD);
  writeFileSync(file, `${JSON.stringify(service)}\n`);
  return () => rmSync(file, { force: true });
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
