/**
 * The service's puzzles and the slide puzzle: the registry every path of the test puzzle is handed.
 * It names this module as its own, so that a load's threads (handed data, not objects) serve it too.
 */
import { registry as registered } from '../../../puzzles/registered';
import { registryOf } from '../../../puzzles/registry';
import { slide } from '../../../puzzles/slide/index';

// Once (the slide puzzle may be among the served ones too: its folder and one line make it so).
export const registry = registryOf([...registered.PUZZLES.filter((puzzle) => puzzle !== slide), slide], { module: import.meta.url });
