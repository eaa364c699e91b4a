/**
 * The memory the 15-puzzle's WebAssembly pass reads (pattern-search.wat), made where the pattern
 * databases are laid out: a set's tables are written straight into it, after the page the pass
 * keeps its board in, so that the pass reads them where they lie. Without this the tables would be
 * copied in, 33.6 MB more for the 6-6-3 set.
 */

/** The pass's own page (its board, layout and line) comes first; the tables follow it. */
export const TABLES_AT = 65536;
const PAGE = 65536;

const memories = new WeakMap<ArrayBufferLike, WebAssembly.Memory>();

/** A region of `bytes` in a new memory for the pass, after its own page. */
export function passMemoryRegion(bytes: number): Uint8Array {
  const memory = new WebAssembly.Memory({ initial: Math.ceil((TABLES_AT + bytes) / PAGE) });
  memories.set(memory.buffer, memory);
  return new Uint8Array(memory.buffer, TABLES_AT, bytes);
}

/** The memory `tables` lie in, when it is such a region (and starts it); else undefined. */
export function passMemoryOf(tables: Uint8Array): WebAssembly.Memory | undefined {
  return tables.byteOffset === TABLES_AT ? memories.get(tables.buffer) : undefined;
}

/** A new memory for the pass with room for `bytes` of tables. */
export function newPassMemory(bytes: number): WebAssembly.Memory {
  return new WebAssembly.Memory({ initial: Math.ceil((TABLES_AT + bytes) / PAGE) });
}
