/**
 * The puzzles the service answers, in the order the API, the page and the commands list them: the
 * one list. Adding a puzzle is its folder and one line here. Only the entry points (the Lambda
 * handlers, the CDK app, the commands, the benchmarks' runner) name it; they hand it on.
 */
import { eight } from './eight';
import { fifteen } from './fifteen';
import { knights } from './knights';
import { registryOf } from './registry';

export const registry = registryOf([knights, eight, fifteen]);
