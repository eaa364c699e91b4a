/**
 * The budget of every search a test runs. A search is synchronous, and the test runner's timeout
 * cannot interrupt it: a wrong estimate (one entry of a pattern database too large, a mirrored
 * lookup read from the wrong cells) can hide the goal from the search, which then tries every
 * bound up to the puzzle's diameter, for hours. With a budget of nodes such a search ends within
 * seconds, with BudgetExhaustedError ("The search gave up after N positions (node cap reached)"),
 * and fails its test saying so, not with a wrong answer.
 *
 * A test sizes its budget by the most nodes one correct search of it expands (counted, rounded
 * up; the same on every machine), times ROOM: room for a change that makes the search dearer but
 * not wrong. The budget is each search's: a test of many searches gives each the same.
 */
import type { SearchBudget, SearchOutcome } from '../../core/ida-star';

/** How many times the nodes a correct search takes a test's budget allows. */
export const ROOM = 20;

/** A budget of ROOM times `mostNodes` (the most a correct search of the test expands), with no deadline: nodes, not time, so the same on every machine. */
export function searchBudget(mostNodes: number): SearchBudget {
  return { maxNodes: ROOM * mostNodes, deadline: Number.POSITIVE_INFINITY };
}

/** The outcome of a search that ended by itself; an error saying the test's budget ran out when it did not. */
export function endedWithin<O extends SearchOutcome>(outcome: O): Exclude<O, { kind: 'budget-exhausted' }> {
  if (outcome.kind === 'budget-exhausted') throw new Error(`the test's search budget ran out after ${outcome.nodes} positions (${outcome.reason === 'time' ? 'out of time' : 'node cap reached'}): a correct search takes far fewer`);
  return outcome as Exclude<O, { kind: 'budget-exhausted' }>;
}
