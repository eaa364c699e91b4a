/**
 * The knights tables' measuring thread: a worker run on this module (or on a bundle that holds it)
 * measures runs of a table's records with the knights format and space (store/measure.ts), so that
 * a large table, the whole space above all, is measured on every thread its build is given.
 */
import { serveMeasure } from '../../../store/measure';
import { knightsSpace } from '../rules/space';
import { KNIGHTS_FORMAT } from '../tables';

export const KNIGHTS_MEASURE_THREAD = import.meta.url;

serveMeasure(KNIGHTS_FORMAT, knightsSpace);
