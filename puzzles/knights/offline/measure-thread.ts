/**
 * The knights tables' measuring threads: each measures runs of a table's records with the knights
 * format and space (packing/measure.ts), so that a large table, the whole space above all, is
 * measured on every thread its build is given.
 */
import { measuringJob } from '../../../packing/measure';
import { knightsSpace } from '../rules/space';
import { KNIGHTS_FORMAT } from '../tables';

export const KNIGHTS_MEASURE_THREAD = measuringJob(import.meta.url, 'knights: measure records', KNIGHTS_FORMAT, knightsSpace);
