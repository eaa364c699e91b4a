/**
 * npm start's build of the puzzles' files-only estimate tables (the 15-puzzle's 7-8 pattern
 * databases), in a process of its own behind the running service: minutes on every core once, then
 * found kept in moments. It tells its parent how far each build has come and, once a table's file is
 * sound, where it is; the service reads it at its puzzle's next question.
 */
import { registry } from '../puzzles/registered';
import type { TableId } from '../store/table-keys';

export type EstimateBuildMessage =
  | { readonly puzzle: string; readonly table: TableId; readonly share: number; readonly seconds: number }
  | { readonly puzzle: string; readonly table: TableId; readonly file: string; readonly seconds: number; readonly built: boolean };

const send = (message: EstimateBuildMessage) => process.send?.(message);

const started = performance.now();
const seconds = () => Math.round((performance.now() - started) / 1000);
for (const { puzzle, offline } of await registry.withOfflineRoles()) {
  for (const table of puzzle.estimates?.filesOnly ?? []) {
    if (!offline.estimateFile) continue;
    let built = false;
    const file = await offline.estimateFile(
      table,
      () => {}, // its level-by-level lines would flood the service's terminal: the parent says how far it is
      (share) => {
        built = true;
        send({ puzzle: puzzle.name, table, share, seconds: seconds() });
      },
    );
    send({ puzzle: puzzle.name, table, file, seconds: seconds(), built });
  }
}
process.disconnect?.();
