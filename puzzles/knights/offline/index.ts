/** The knights roles only the commands use: its command line and its loads. */
import type { OfflineRoles } from '../../puzzle';
import type { KnightsQuery } from '../rules/query';
import { knightsCommandLine } from './command-line';
import { knightsLoads } from './loads';

export const offline: OfflineRoles<KnightsQuery> = { commandLine: knightsCommandLine, loads: knightsLoads };
