/**
 * One whole-space knights BFS in a process of its own, for `npm run bench -- --only full`: prints
 * {"seconds":…,"positions":…,"levels":[…]} as the C reference (knights-bfs.c) does, so that
 * both sides are timed the same way, each in a fresh process. (Timed in the benchmark's own
 * process, after it had built the whole space's pages, the same BFS ran 10-15% slower.)
 */
import { resolveKnightsGoal } from '../rules/goals';
import { MAX_LIMIT } from '../rules/query';
import { buildKnightsBfsTable } from '../rules/bfs-table';

const started = performance.now();
const { order, levels } = buildKnightsBfsTable(resolveKnightsGoal('standard'), MAX_LIMIT).bfs;
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ seconds, positions: order.length, levels }));
