/**
 * What the init benchmark asks of the 15-puzzle (bench/init.ts): its 6-6-3 pattern databases, in the
 * function's package or read from the fifteen table in DynamoDB, and three boards asked at once of
 * each cold container: the SPEC's 58-move board, then the first seeded random board, then the
 * SPEC's 42-move board.
 */
import { samples } from '../../../core/seeded';
import type { EstimatesColdStart } from '../../roles/benchmarks';
import { FIFTEEN_TABLE, MANHATTAN } from '../estimates';
import { fifteenSpec } from '../offline/loads';
import { fifteenBoardArbitrary } from '../seeded-inputs';

/** The SPEC's 42-move sample: Manhattan with conflicts answers it in milliseconds. */
const SAMPLE = '6,10,8,11,13,1,2,4,5,12,3,15,9,0,14,7';
/** The SPEC's 58-move board: beyond Manhattan's reach within a request. */
const FAR = '15,5,13,12,6,4,1,0,7,10,3,9,11,8,2,14';

export const fifteenColdStart: EstimatesColdStart = {
  spec: () => fifteenSpec(),
  tableText: `the ${FIFTEEN_TABLE} table in DynamoDB (11.7 MB)`,
  weakEstimate: { heuristic: MANHATTAN, name: 'Manhattan' },
  questions: [
    { target: `/fifteen?board=${FAR}`, described: "the SPEC's 58-move board" },
    // the first of the seeded uniform random boards (the url benchmark's first too)
    { target: `/fifteen?board=${samples(fifteenBoardArbitrary, 1)[0].join(',')}`, described: 'the first seeded random board' },
    { target: `/fifteen?board=${SAMPLE}`, described: "the SPEC's 42-move board" },
  ],
};
