/**
 * The 15-puzzle's IDA* over the packed pattern databases, over a set of boards in a process of its
 * own, for the packed rows of `npm run bench -- --only fifteen` (packed-reference.ts): argv[2] a
 * rounds count, argv[3] a packed database file (packed-database-file.ts); reads boards (16 numbers
 * each, one a line) on stdin and prints {"seconds":…,"boards":…,"moves":…,"nodes":…,"times":[…],
 * "lengths":[…]} as the C reference (fifteen-packed-ida.c) does, so that both sides are timed the
 * same way: the file and the boards read before the clock starts, each side in a fresh process,
 * with no untimed round; `times` and `lengths` are each board's milliseconds and moves in the last
 * round.
 *
 * It runs the pass searchFifteen runs over a packed set (PackedWasmDepthFirst, under
 * iterativeDeepening, bounded at 80 moves) rather than searchFifteen itself, only to read the nodes
 * it expanded. The pass's instance (its module compiled, the tables copied into its memory) is made
 * before the clock starts, by a pass made on the goal and not searched: that is this side's reading
 * of the file, which C does before its clock too; no board is searched untimed.
 */
import { readFileSync } from 'node:fs';
import { UNLIMITED, iterativeDeepening } from '../../../core/ida-star';
import { GOAL } from '../rules/board';
import { PackedWasmDepthFirst } from '../rules/packed-search-wasm';
import { FIFTEEN_DIAMETER } from '../rules/query';
import { readPackedDatabaseFile } from './packed-database-file';

const rounds = Number(process.argv[2] ?? 1);
if (process.argv[3] === undefined) throw new Error('usage: packed-search-process.ts ROUNDS PACKED_DATABASE_FILE < boards');
const databases = readPackedDatabaseFile(process.argv[3]);
const boards = readFileSync(0, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => line.trim().split(/\s+/u).map(Number));
new PackedWasmDepthFirst(GOAL, databases, FIFTEEN_DIAMETER, UNLIMITED); // the instance made, untimed

let moves = 0;
let nodes = 0;
let times: number[] = [];
let lengths: number[] = [];
const started = performance.now();
for (let round = 0; round < rounds; round++) {
  moves = 0;
  nodes = 0;
  times = [];
  lengths = [];
  for (const board of boards) {
    const start = performance.now();
    const pass = new PackedWasmDepthFirst(board, databases, FIFTEEN_DIAMETER, UNLIMITED);
    const outcome = iterativeDeepening(pass, pass.estimate(), FIFTEEN_DIAMETER);
    times.push(performance.now() - start);
    if (outcome.kind !== 'solved') throw new Error(`no line within ${FIFTEEN_DIAMETER} moves for ${board.join(' ')}`);
    moves += outcome.moves.length;
    lengths.push(outcome.moves.length);
    nodes += outcome.nodes;
  }
}
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ seconds, boards: boards.length, moves, nodes, times, lengths }));
