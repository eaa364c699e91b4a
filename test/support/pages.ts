/** Pages encoded the loader's way, for the codec's tests: every line coded once into one stream, then copied into its page. */
import { BitWriter } from '../../packing/bits';
import { DISTANCE_BITS, PageEncoder, type PositionRecord, writeLineStep } from '../../packing/page-codec';
import type { PagedPuzzle } from '../../packing/paged-puzzle';

export interface PageEntry {
  readonly slot: number;
  readonly hole: number;
  readonly record: PositionRecord;
}

/** The page of these present slots (in increasing order), and the bits of its records. */
export function encodeAsLoaded(format: PagedPuzzle, slots: number, entries: readonly PageEntry[]): { bytes: Uint8Array; recordBits: number } {
  const lines = new BitWriter();
  const coded = entries.map(({ hole, record }) => {
    const at = lines.bitLength;
    let from = hole;
    for (let t = 1; t < record.distance; t++) {
      writeLineStep(lines, format, from, record.line[t - 1], record.line[t]);
      from = record.line[t - 1];
    }
    return { at, length: lines.bitLength - at };
  });
  const encoder = new PageEncoder(slots, entries.length);
  let recordBits = 0;
  entries.forEach(({ slot, hole, record }, i) => {
    encoder.addCoded(slot, format.holeMoves[hole].length, record.distance, record.optimal, lines, coded[i].at, coded[i].length);
    recordBits += DISTANCE_BITS + (record.distance === 0 ? 0 : format.holeMoves[hole].length + coded[i].length);
  });
  return { bytes: encoder.finish(), recordBits };
}
