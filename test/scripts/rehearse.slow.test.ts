/**
 * The rehearsal's scenarios (npm run rehearse) as a test: the API's bundle under Lambda's rules
 * (frozen between invocations, its memory and timeout, 0.58 vCPU for a cold start) against the
 * default tables in dynalite behind the table's read cap. What a cold container must do: answer
 * its first question exactly within its deadline, knights and Eight II from the table and the
 * 15-puzzle with its pattern databases, reading at most 100 units from the table; and so must 20 at
 * once; and a forced reload must leave the lookups their share of the table's cap on reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../puzzles/registered';
import { FUNCTION_TIMEOUT_SECONDS } from '../../lib/function-defaults';
import { type Answered, inexact, isExact } from '../../rehearsal/containers';
import { coldStarts, crowd, reloadUnderTraffic } from '../../rehearsal/scenarios';
import { type Stage, startStage } from '../../rehearsal/stage';

// Every assertion soft: a run tells each rule missed, not only the first.

/** What a cold container may read from the table, in read units: a few pages and manifests, not the 15-puzzle's databases. */
const UNITS_PER_COLD_CONTAINER = 100;
const PATTERN_DATABASES = 'pattern databases 7-8';

let stage: Stage;
beforeAll(async () => {
  stage = await startStage(registry);
}, 600_000);
afterAll(async () => {
  await stage?.close();
});

/** No answer past the function's deadline, none lost to Lambda's rules. */
function withinRules(answers: readonly Answered[], failures: readonly string[]) {
  expect.soft(failures).toEqual([]);
  expect.soft(answers.filter((answer) => answer.failure !== undefined).map((answer) => answer.failure)).toEqual([]);
  expect.soft(answers.filter((answer) => (answer.handlerMs ?? 0) >= FUNCTION_TIMEOUT_SECONDS * 1000)).toEqual([]);
}

describe("the bundle under Lambda's rules, against the table's read cap", () => {
  it("answers a cold container's first question on each puzzle exactly, within its deadline and memory, reading at most 100 units", async () => {
    const results = await coldStarts(stage, { searchedMore: 5 });
    const of = (puzzle: string) => results.find((result) => result.puzzle === puzzle)!;
    for (const result of results) {
      withinRules([result.first, ...result.rest], result.failures);
      expect.soft(inexact([result.first, ...result.rest]).map((answer) => answer.question.target)).toEqual([]);
    }
    expect.soft(of('knights').first).toMatchObject({ status: 200, source: 'table' });
    expect.soft(of('eight').first).toMatchObject({ status: 200, source: 'table' });
    // The 15-puzzle's first answer (the SPEC's 58-move board) with its databases, from the package.
    const fifteen = of('fifteen');
    expect.soft(fifteen.first).toMatchObject({ status: 200, heuristic: PATTERN_DATABASES });
    expect.soft(isExact(fifteen.first)).toBe(true);
    expect.soft(fifteen.rest.filter((answer) => answer.status !== 200 || answer.heuristic !== PATTERN_DATABASES)).toEqual([]);
    for (const result of results) expect.soft(result.units, `read units of the ${result.puzzle} container`).toBeLessThanOrEqual(UNITS_PER_COLD_CONTAINER);
  }, 600_000);

  it('answers 20 cold containers at once exactly, within their deadlines and memory, reading at most 100 units each', async () => {
    const result = await crowd(stage, { containers: 20, searchedEach: 1 });
    withinRules(result.answers, result.failures);
    // two questions of each table's puzzle (the 15-puzzle reads nothing of the table: rehearsal/scenarios.ts)
    expect.soft(result.answers).toHaveLength(20 * 4);
    expect.soft(inexact(result.answers).map((answer) => answer.question.target)).toEqual([]);
    // Not asserted: the share of lookups from the table. Twenty processes on this machine's cores wait
    // for them as twenty Lambda environments never do, and a read past the function's 800 ms falls
    // back to search (npm run rehearse prints the share).
    expect.soft(result.mostUnits, 'the most read units one container read').toBeLessThanOrEqual(UNITS_PER_COLD_CONTAINER);
  }, 600_000);

  it('leaves the lookups their share of the read cap while the table is reloaded (--force), every answer exact', async () => {
    const result = await reloadUnderTraffic(stage, { containers: 4 });
    withinRules(result.answers, result.failures);
    expect.soft(result.reloadFailure).toBeUndefined();
    expect.soft(result.generations[1]).not.toBe(result.generations[0]);
    expect.soft(result.during.length).toBeGreaterThan(20);
    // The reload's checks keep to the deploy's pace, half the cap: not one of the lookups is throttled.
    expect.soft(result.containerReads.throttled, "the containers' reads throttled during the reload").toBe(0);
    // An answer may still leave the table when dynalite, on a machine this file shares with another
    // test file, the loader and the containers, answers later than the function's 800 ms: a
    // timeout the function logs as such (an aborted request), never a throttle and never a missing
    // generation. Alone on a quiet machine every answer came from the table (npm run rehearse).
    const elsewhere = result.during.filter((answer) => answer.source !== 'table').length;
    if (elsewhere > 0) {
      expect.soft(result.trouble, `${elsewhere} of ${result.during.length} answers not from the table during the reload`).toMatch(/AbortError/);
      expect.soft(result.trouble).not.toMatch(/Throttl|not loaded|lacks its page/);
    }
    expect.soft(inexact(result.answers).map((answer) => answer.question.target)).toEqual([]);
  }, 600_000);
});
