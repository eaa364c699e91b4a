/**
 * The knights, eight and fifteen puzzles alone, whatever else puzzles/registered.ts serves: the
 * registry a test hands the code under test when it checks words or figures of exactly these
 * (the docs' table of loads, /health word for word). It names this module as its own, so that a
 * load's threads (handed data, not objects) serve it too.
 */
import { registryOf } from '../../puzzles/registry';
import { eight } from '../../puzzles/eight';
import { fifteen } from '../../puzzles/fifteen';
import { knights } from '../../puzzles/knights';

export const registry = registryOf([knights, eight, fifteen], { module: import.meta.url });
