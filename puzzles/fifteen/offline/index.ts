/** The 15-puzzle's roles only the commands use: its command line. */
import type { OfflineRoles } from '../../puzzle';
import type { FifteenQuery } from '../rules/query';
import { fifteenCommandLine } from './command-line';

export const offline: OfflineRoles<FifteenQuery> = { commandLine: fifteenCommandLine };
