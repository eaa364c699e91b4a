/**
 * The 15-puzzle's depth-first pass over its pattern databases, run in WebAssembly
 * (pattern-search.wat): the same pass as FifteenPatternDepthFirst (pattern-search.ts), node for
 * node and line for line, at 1.2x the C reference where the TypeScript pass runs at 1.8-2.0x it
 * (BENCHMARKS.md). The TypeScript pass stays as the independent one the tests hold
 * this to.
 *
 * Each set of databases gets one instance, on the memory the tables were laid out in
 * (wasm-memory.ts; a set laid out elsewhere, such as the shared memory of a build on threads, is
 * copied into a memory of its own once, 33.6 MB for 6-6-3); a pass writes its board and indices into the instance's first page at each
 * pass from the root, so passes may follow one another on one instance (never interleave: the
 * search is synchronous). The instance counts nodes and asks the pass's clock every 1,024, as
 * DepthFirstPass.expand does.
 */
import { DepthFirstPass, EXHAUSTED, FOUND, type SearchBudget } from '../../../core/ida-star';
import { BLANK, CELLS, GEOMETRY } from './board';
import { placementIndex } from './pattern-database';
import { layoutOf } from './pattern-search';
import { type PatternDatabases, joinedTables, reflectBoard } from './pattern-set';
import { WASM_BASE64 } from './pattern-search.wasm.generated';
import { TABLES_AT, newPassMemory, passMemoryOf } from './wasm-memory';

/** Where the instance's memory holds each part (pattern-search.wat's own table of them). */
const AT = { cells: 0, targets: 16, group: 80, reflectedGroup: 96, delta: 128, reflectedDelta: 384, index: 640, reflectedIndex: 672, line: 704, tables: TABLES_AT } as const;
/** The instance's answers beyond FOUND and a bound. */
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
  /** Each group's table address in the instance's memory. */
  readonly offsets: readonly number[];
  /** Asked every 1,024 nodes: whether the running pass is out of time. */
  timeUp: () => boolean;
}

let compiled: WebAssembly.Module | undefined;
const kernels = new WeakMap<PatternDatabases, Kernel>();

/** The instance for `databases`, made at their first pass: the tables and the layout written into its memory. */
function kernelFor(databases: PatternDatabases): Kernel {
  let kernel = kernels.get(databases);
  if (kernel) return kernel;
  compiled ??= new WebAssembly.Module(Buffer.from(WASM_BASE64, 'base64'));
  const { all, offsets } = joinedTables(databases);
  let memory = passMemoryOf(all);
  if (!memory) {
    memory = newPassMemory(all.length);
    new Uint8Array(memory.buffer).set(all, AT.tables);
  }
  const made: Kernel = { exports: undefined as unknown as Exports, memory, offsets: offsets.map((offset) => AT.tables + offset), timeUp: () => false };
  const instance = new WebAssembly.Instance(compiled, { budget: { timeUp: () => (made.timeUp() ? 1 : 0) }, tables: { memory } });
  const { buffer } = memory;
  new Int8Array(buffer, AT.targets, GEOMETRY.targets.length).set(GEOMETRY.targets);
  const layout = layoutOf(databases.partition);
  new Uint8Array(buffer, AT.group, CELLS).set(layout.group);
  new Uint8Array(buffer, AT.reflectedGroup, CELLS).set(layout.reflectedGroup);
  new Int32Array(buffer, AT.delta, layout.delta.length).set(layout.delta);
  new Int32Array(buffer, AT.reflectedDelta, layout.reflectedDelta.length).set(layout.reflectedDelta);
  kernel = Object.assign(made, { exports: instance.exports as unknown as Exports });
  kernels.set(databases, kernel);
  return kernel;
}

export class FifteenWasmDepthFirst extends DepthFirstPass {
  private readonly kernel: Kernel;
  private readonly cells: Uint8Array;
  private readonly blank: number;
  private readonly index: Int32Array;
  private readonly reflectedIndex: Int32Array;
  private readonly sum: number;
  private readonly reflectedSum: number;

  constructor(board: readonly number[], databases: PatternDatabases, maxDepth: number, budget: SearchBudget) {
    super(maxDepth, budget);
    if (databases.partition.length > 8) throw new Error('the WebAssembly pass takes at most 8 tile groups');
    this.kernel = kernelFor(databases);
    const { all } = joinedTables(databases);
    const offsets = this.kernel.offsets;
    const reflected = reflectBoard(board);
    this.cells = Uint8Array.from(board);
    this.blank = board.indexOf(BLANK);
    this.index = Int32Array.from(databases.partition, (tiles, g) => offsets[g] + placementIndex(tiles, board));
    this.reflectedIndex = Int32Array.from(databases.partition, (tiles, g) => offsets[g] + placementIndex(tiles, reflected));
    const valueAt = (address: number) => all[address - AT.tables];
    this.sum = [...this.index].reduce((sum, address) => sum + valueAt(address), 0);
    this.reflectedSum = [...this.reflectedIndex].reduce((sum, address) => sum + valueAt(address), 0);
  }

  estimate(): number {
    return Math.max(this.sum, this.reflectedSum);
  }

  /** A pass from the board (depth 0, as iterativeDeepening and reachableWithin start one), run in the instance. */
  search(depth: number, bound: number, undoPrevious: number): number {
    if (depth !== 0) throw new Error('the WebAssembly pass starts from the board only');
    const { exports } = this.kernel;
    const memory = this.kernel.memory.buffer;
    new Uint8Array(memory, AT.cells, CELLS).set(this.cells);
    new Int32Array(memory, AT.index, this.index.length).set(this.index);
    new Int32Array(memory, AT.reflectedIndex, this.reflectedIndex.length).set(this.reflectedIndex);
    exports.blank.value = this.blank;
    exports.sum.value = this.sum;
    exports.rsum.value = this.reflectedSum;
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
