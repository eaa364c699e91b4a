/**
 * The 15-puzzle's depth-first pass over the packed 7-8 databases, run in WebAssembly
 * (packed-search.wat). The tests hold it node for node to PackedReferencePass below, which makes
 * each child's estimate afresh from the set (packed-pattern-set.ts) with none of the pass's
 * bookkeeping.
 *
 * Each set gets one instance, its tables copied once into the instance's memory after the pass's
 * own page (the packed entries, the halves' databases); a pass writes its board and
 * indices into that page at each pass from the root, so passes may follow one another on one
 * instance (never interleave: the search is synchronous).
 */
import { DepthFirstPass, EXHAUSTED, FOUND, type SearchBudget } from '../../../core/ida-star';
import { BLANK, CELLS, GEOMETRY, UP } from './board';
import { halvesOf, packedValue, rankOnBoard } from './packed-pattern-database';
import { type PackedDatabases, packedEstimate, packedSum } from './packed-pattern-set';
import { WASM_BASE64 } from './packed-search.wasm.generated';
import { reflectBoard, reflectCell, reflectTile } from './pattern-set';

/** Where the instance's memory holds each part (packed-search.wat's own table of them). */
const AT = {
  cells: 0,
  targets: 16,
  group: 80,
  slot: 96,
  half: 112,
  reflectedTile: 128,
  reflectedCell: 144,
  size: 160,
  packed: 176,
  groupCells: 192,
  reflectedGroupCells: 224,
  halfIndex: 256,
  reflectedHalfIndex: 288,
  value: 320,
  reflectedValue: 336,
  delta: 384,
  reflectedDelta: 640,
  line: 896,
  tables: 65536,
} as const;
const PAGE = 65536;
const WASM_EXHAUSTED = 0x3fffffff;
const OUT_OF_NODES = -2;
const OUT_OF_TIME = -3;

interface Exports {
  readonly search: (depth: number, bound: number, undo: number) => number;
  readonly blank: WebAssembly.Global;
  readonly sum: WebAssembly.Global;
  readonly rsum: WebAssembly.Global;
  readonly nodes: WebAssembly.Global;
  readonly maxNodes: WebAssembly.Global;
  readonly depthFound: WebAssembly.Global;
}

interface Kernel {
  readonly exports: Exports;
  readonly memory: WebAssembly.Memory;
  /** halfTables[g][h]: the address of group g's half h's database. */
  readonly halfTables: readonly (readonly number[])[];
  timeUp: () => boolean;
}

let compiled: WebAssembly.Module | undefined;
const kernels = new WeakMap<PackedDatabases, Kernel>();

/** The half (group * 2 + 0 or 1), the place in the group and the weight in the half's sparse index, of every tile. */
function tileLayout(partition: readonly (readonly number[])[]) {
  const group = new Uint8Array(CELLS);
  const slot = new Uint8Array(CELLS);
  const half = new Uint8Array(CELLS);
  const weight = new Int32Array(CELLS);
  partition.forEach((tiles, g) =>
    halvesOf(tiles).forEach((part, h) =>
      part.forEach((tile, k) => {
        group[tile] = g;
        slot[tile] = h === 0 ? k : halvesOf(tiles)[0].length + k;
        half[tile] = g * 2 + h;
        weight[tile] = CELLS ** k;
      }),
    ),
  );
  return { group, slot, half, weight };
}

/** The instance for `databases`, made at their first pass: the tables and the layout written into its memory. */
function kernelFor(databases: PackedDatabases): Kernel {
  const known = kernels.get(databases);
  if (known) return known;
  if (databases.partition.length > 4) throw new Error('the packed pass takes at most four tile groups');
  compiled ??= new WebAssembly.Module(Buffer.from(WASM_BASE64, 'base64'));
  const halfBytes = databases.halves.flat().map((table) => table.length);
  const bytes = [...databases.packed.map((packed) => packed.length + 3), ...halfBytes].reduce((a, b) => a + b, 0);
  const memory = new WebAssembly.Memory({ initial: Math.ceil((AT.tables + bytes + 64) / PAGE) });
  const { buffer } = memory;
  const bytesView = new Uint8Array(buffer);
  const words = new Int32Array(buffer);
  let at: number = AT.tables;
  const place = (table: Uint8Array) => {
    const address = at;
    bytesView.set(table, address);
    at += table.length;
    at = (at + 3) & ~3; // words stay aligned
    return address;
  };
  databases.packed.forEach((packed, g) => (words[(AT.packed >> 2) + g] = place(packed)));
  const halfTables = databases.halves.map((tables) => tables.map(place));
  const made: Kernel = { exports: undefined as unknown as Exports, memory, halfTables, timeUp: () => false };
  const instance = new WebAssembly.Instance(compiled, { budget: { timeUp: () => (made.timeUp() ? 1 : 0) }, tables: { memory } });
  const layout = tileLayout(databases.partition);
  new Int8Array(buffer, AT.targets, GEOMETRY.targets.length).set(GEOMETRY.targets);
  bytesView.set(layout.group, AT.group);
  bytesView.set(layout.slot, AT.slot);
  bytesView.set(layout.half, AT.half);
  bytesView.set(Uint8Array.from({ length: CELLS }, (_, tile) => reflectTile(tile)), AT.reflectedTile);
  bytesView.set(Uint8Array.from({ length: CELLS }, (_, cell) => reflectCell(cell)), AT.reflectedCell);
  databases.partition.forEach((tiles, g) => (words[(AT.size >> 2) + g] = tiles.length));
  const step = GEOMETRY.step;
  const reflectedStep = GEOMETRY.reflectedMove.map((move) => step[move]);
  // The tile steps back the way the blank came; on the mirror it is another tile, stepping the mirrored way.
  for (let tile = 1; tile < CELLS; tile++) {
    for (let move = 0; move < 4; move++) {
      words[(AT.delta >> 2) + tile * 4 + move] = -step[move] * layout.weight[tile];
      words[(AT.reflectedDelta >> 2) + tile * 4 + move] = -reflectedStep[move] * layout.weight[reflectTile(tile)];
    }
  }
  const kernel = Object.assign(made, { exports: instance.exports as unknown as Exports });
  kernels.set(databases, kernel);
  return kernel;
}

/** What the pass starts from on one board (the board or its mirror): each group's cells, each half's index, each group's stored value, and their sum. */
function startOn(databases: PackedDatabases, board: readonly number[], halfTables: readonly (readonly number[])[]) {
  const groupCells = new Uint8Array(32);
  const halfIndex = new Int32Array(8);
  const value = new Int32Array(4);
  databases.partition.forEach((tiles, g) => {
    tiles.forEach((tile, k) => (groupCells[g * 8 + k] = board.indexOf(tile)));
    halvesOf(tiles).forEach((half, h) => (halfIndex[g * 2 + h] = halfTables[g][h] + half.reduceRight((index, tile) => index * CELLS + board.indexOf(tile), 0)));
    value[g] = packedValue(databases.packed[g], rankOnBoard(tiles, board));
  });
  return { groupCells, halfIndex, value, sum: packedSum(databases, board) };
}

export class PackedWasmDepthFirst extends DepthFirstPass {
  private readonly kernel: Kernel;
  private readonly cells: Uint8Array;
  private readonly blank: number;
  private readonly onBoard: ReturnType<typeof startOn>;
  private readonly onMirror: ReturnType<typeof startOn>;

  constructor(board: readonly number[], databases: PackedDatabases, maxDepth: number, budget: SearchBudget) {
    super(maxDepth, budget);
    this.kernel = kernelFor(databases);
    this.cells = Uint8Array.from(board);
    this.blank = board.indexOf(BLANK);
    this.onBoard = startOn(databases, board, this.kernel.halfTables);
    this.onMirror = startOn(databases, reflectBoard(board), this.kernel.halfTables);
  }

  estimate(): number {
    return Math.max(this.onBoard.sum, this.onMirror.sum);
  }

  /** A pass from the board (depth 0, as iterativeDeepening and reachableWithin start one), run in the instance. */
  search(depth: number, bound: number, undoPrevious: number): number {
    if (depth !== 0) throw new Error('the WebAssembly pass starts from the board only');
    const { exports } = this.kernel;
    const memory = this.kernel.memory.buffer;
    new Uint8Array(memory, AT.cells, CELLS).set(this.cells);
    new Uint8Array(memory, AT.groupCells, 32).set(this.onBoard.groupCells);
    new Uint8Array(memory, AT.reflectedGroupCells, 32).set(this.onMirror.groupCells);
    new Int32Array(memory, AT.halfIndex, 8).set(this.onBoard.halfIndex);
    new Int32Array(memory, AT.reflectedHalfIndex, 8).set(this.onMirror.halfIndex);
    new Int32Array(memory, AT.value, 4).set(this.onBoard.value);
    new Int32Array(memory, AT.reflectedValue, 4).set(this.onMirror.value);
    exports.blank.value = this.blank;
    exports.sum.value = this.onBoard.sum;
    exports.rsum.value = this.onMirror.sum;
    exports.nodes.value = BigInt(this.nodes);
    exports.maxNodes.value = BigInt(Math.min(this.maxNodes, Number.MAX_SAFE_INTEGER));
    const { clock, deadline } = this;
    this.kernel.timeUp = () => clock.now() > deadline;
    const result = exports.search(0, bound, undoPrevious);
    this.nodes = Number(exports.nodes.value);
    if (result === OUT_OF_NODES) this.outOfBudget(0, 'nodes');
    if (result === OUT_OF_TIME) this.outOfBudget(0, 'time');
    if (result === FOUND) {
      this.depthFound = exports.depthFound.value as number;
      this.line.set(new Uint8Array(memory, AT.line, this.depthFound));
      return FOUND;
    }
    return result === WASM_EXHAUSTED ? EXHAUSTED : result;
  }
}

/**
 * The same pass in plain TypeScript, each child's estimate made afresh from the set (the board
 * played, packedEstimate read): slow, and independent of the WebAssembly pass's bookkeeping (its
 * ranks, deltas and saved values), which the tests hold to it node for node.
 */
export class PackedReferencePass extends DepthFirstPass {
  private readonly cells: number[];

  constructor(
    board: readonly number[],
    private readonly databases: PackedDatabases,
    maxDepth: number,
    budget: SearchBudget,
  ) {
    super(maxDepth, budget);
    this.cells = [...board];
  }

  estimate(): number {
    return packedEstimate(this.databases, this.cells);
  }

  search(depth: number, bound: number, undoPrevious: number): number {
    const f = depth + this.estimate();
    if (f > bound) return f;
    if (this.cells.every((tile, cell) => tile === (cell + 1) % CELLS)) {
      this.depthFound = depth;
      return FOUND;
    }
    this.expand(depth);
    const from = this.cells.indexOf(BLANK);
    let smallestOver = EXHAUSTED;
    for (let move = 0; move < 4; move++) {
      const target = GEOMETRY.targets[from * 4 + move];
      if (target < 0 || move === undoPrevious) continue;
      const tile = this.cells[target];
      this.cells[from] = tile;
      this.cells[target] = BLANK;
      let result = depth + 1 + this.estimate();
      if (result <= bound) {
        this.line[depth] = move;
        result = this.search(depth + 1, bound, UP - move);
      }
      this.cells[target] = tile;
      this.cells[from] = BLANK;
      if (result === FOUND) return FOUND;
      if (result < smallestOver) smallestOver = result;
    }
    return smallestOver;
  }
}
