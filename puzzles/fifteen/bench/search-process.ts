/**
 * The 15-puzzle's IDA* over a set of boards in a process of its own, for `npm run bench -- --only
 * fifteen`: argv[2] a rounds count, argv[3] (when given) a database file (database-file.ts); reads
 * boards (16 numbers each, one a line) on stdin and prints {"seconds":…,"boards":…,"moves":…,
 * "nodes":…,"times":[…],"lengths":[…]} as the C references (fifteen-ida.c, fifteen-pattern-ida.c)
 * do, so that both sides are timed the same way: the file and the boards read before the clock
 * starts, each side in a fresh process, with no untimed round; `times` and `lengths` are each
 * board's milliseconds and moves in the last round.
 *
 * It runs the pass searchFifteen runs (FifteenWasmDepthFirst over the file's databases, or with
 * argv[4] 'typescript' FifteenPatternDepthFirst, else
 * FifteenDepthFirst on Manhattan distance and linear conflicts, under iterativeDeepening, bounded
 * at 80 moves) rather than searchFifteen itself, only to read the nodes it expanded.
 */
import { readFileSync } from 'node:fs';
import { UNLIMITED, iterativeDeepening } from '../../../core/ida-star';
import { FifteenPatternDepthFirst } from '../rules/pattern-search';
import { FifteenWasmDepthFirst } from '../rules/pattern-search-wasm';
import { FIFTEEN_DIAMETER } from '../rules/query';
import { FifteenDepthFirst } from '../rules/search';
import { readDatabaseFile } from './database-file';

const rounds = Number(process.argv[2] ?? 1);
const databases = process.argv[3] === undefined ? undefined : readDatabaseFile(process.argv[3]);
/** argv[4] 'typescript': the TypeScript pass over the databases instead of the WebAssembly one. */
const Pass = process.argv[4] === 'typescript' ? FifteenPatternDepthFirst : FifteenWasmDepthFirst;
const boards = readFileSync(0, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => line.trim().split(/\s+/u).map(Number));
const passFor = (board: readonly number[]) =>
  databases === undefined ? new FifteenDepthFirst(board, FIFTEEN_DIAMETER, UNLIMITED) : new Pass(board, databases, FIFTEEN_DIAMETER, UNLIMITED);

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
    const pass = passFor(board);
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
