/** The service's puzzles as a sentence lists them ("knights, eight, fifteen"): a test of a message naming them all reads them from the registry. */
import { registry } from '../../puzzles/registered';

export const PUZZLE_NAMES = registry.PUZZLES.map((puzzle) => puzzle.name);
/** The same names as a sentence joins them. */
export const PUZZLE_LIST = PUZZLE_NAMES.join(', ');
