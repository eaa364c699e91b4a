/**
 * What more vCPUs would buy the 15-puzzle's search (the fifteen benchmark's last rows): IDA* with
 * each iteration's subtrees under the root's moves searched at once, one vCPU each, the lex-min
 * line kept (the first move in the order d, l, r, u whose subtree finds the goal wins, once the
 * moves before it are exhausted). Measured in nodes, replayed pass by pass over the 7-8 set: the
 * nodes one vCPU expands, the nodes on the longest of the parallel paths (what the answer waits
 * for), and the nodes all of them expand before it (what is paid). Lambda bills memory times time,
 * and gives a vCPU per 1,769 MB: an answer on k vCPUs costs k x (its path / one vCPU's nodes) of
 * one vCPU's answer.
 */
import type { Row } from '../../../core/benchmark';
import { FOUND, UNLIMITED } from '../../../core/ida-star';
import { packedDatabasesFileBuilt, readPackedDatabases } from '../offline/packed-databases';
import { BLANK, BLANK_MOVES, MOVE_LETTERS, playFifteenLine, reverseMove } from '../rules/board';
import type { PackedDatabases } from '../rules/packed-pattern-set';
import { PackedWasmDepthFirst } from '../rules/packed-search-wasm';
import { FARTHEST, KORF_100 } from './boards';

interface Split {
  /** The first moves: the vCPUs this split takes. */
  readonly ways: number;
  /** Nodes one vCPU expands. */
  readonly sequential: number;
  /** Nodes on the longest path the answer waits for. */
  readonly path: number;
  /** Nodes expanded by every vCPU until then. */
  readonly paid: number;
}

/** One pass from `board` at `bound` (the root's undo `undo`): its nodes and whether it found the goal. */
function pass(board: readonly number[], bound: number, undo: number, databases: PackedDatabases): { nodes: number; found: boolean; next: number } {
  const searcher = new PackedWasmDepthFirst(board, databases, 80, UNLIMITED);
  const result = searcher.search(0, bound, undo);
  return { nodes: searcher.nodes, found: result === FOUND, next: result };
}

function split(board: readonly number[], databases: PackedDatabases): Split {
  const moves = BLANK_MOVES[board.indexOf(BLANK)];
  const children = moves.map((move) => playFifteenLine(board, MOVE_LETTERS[move]));
  let bound = new PackedWasmDepthFirst(board, databases, 80, UNLIMITED).estimate();
  let sequential = 0;
  let path = 0;
  let paid = 0;
  for (;;) {
    const whole = pass(board, bound, -1, databases);
    sequential += whole.nodes;
    const parts = children.map((child, i) => pass(child, bound - 1, reverseMove(moves[i]), databases));
    const winner = parts.findIndex((part) => part.found);
    // the answer waits for the moves before the winner to be exhausted, and for the winner to find it
    const waited = 1 + Math.max(...parts.slice(0, winner < 0 ? parts.length : winner + 1).map((part) => part.nodes));
    path += waited;
    paid += 1 + parts.reduce((sum, part) => sum + Math.min(part.nodes, waited), 0);
    if (whole.found) break;
    bound = whole.next;
  }
  return { ways: moves.length, sequential, path, paid };
}

function row(described: string, splits: readonly Split[]): Row {
  const sum = (pick: (one: Split) => number) => splits.reduce((total, one) => total + pick(one), 0);
  const sequential = sum((one) => one.sequential);
  const path = sum((one) => one.path);
  // a function sized for the most ways any board takes: that many vCPUs, billed for the path
  const vcpus = Math.max(...splits.map((one) => one.ways));
  return {
    benchmark: 'fifteen',
    input: `IDA* split by first moves, a vCPU each (up to ${vcpus}): ${described}, over the 7-8 set (nodes, replayed pass by pass)`,
    'one vCPU nodes': sequential,
    'path nodes': path,
    'paid nodes': sum((one) => one.paid),
    'speed-up': (sequential / path).toFixed(2),
    [`cost an answer at ${vcpus} vCPUs vs one`]: ((vcpus * path) / sequential).toFixed(2),
  };
}

export async function splitSearchRows(): Promise<Row[]> {
  const databases = readPackedDatabases(await packedDatabasesFileBuilt(() => {}));
  return [
    row("Korf's 100 boards", KORF_100.map(({ board }) => split(board, databases))),
    row('the 17 boards at 80 moves (the blank in a corner: two first moves)', FARTHEST.map((board) => split(board, databases))),
  ];
}
