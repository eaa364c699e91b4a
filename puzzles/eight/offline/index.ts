/** The eight roles only the commands use: its command line and its load. */
import type { OfflineRoles } from '../../puzzle';
import type { EightQuery } from '../rules/query';
import { eightCommandLine } from './command-line';
import { eightLoads } from './loads';

export const offline: OfflineRoles<EightQuery> = { commandLine: eightCommandLine, loads: eightLoads };
