/** The 15-puzzle's roles only the commands use: its command line, and the load of its pattern databases. */
import type { OfflineRoles } from '../../puzzle';
import type { FifteenQuery } from '../rules/query';
import { fifteenCommandLine } from './command-line';
import { fifteenLoads } from './loads';
import { packedDatabasesFileBuilt } from './packed-databases';

export const offline: OfflineRoles<FifteenQuery> = { commandLine: fifteenCommandLine, loads: fifteenLoads, estimateFile: (_table, log, progress) => packedDatabasesFileBuilt(log, progress) };
