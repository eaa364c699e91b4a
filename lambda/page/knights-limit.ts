/**
 * The knights limit: the most moves a question asks the table to look (the judge asks 15). The
 * chosen goal bounds it, and its help says what limits mean for that goal: Exact asks with the
 * goal's true depth once /stats tells it (every distance then exact), else with the largest limit.
 */
import { DEFAULT_LIMIT } from '../../puzzles/knights/rules/query';
import { byId } from './dom';
import { BUILT_IN_GOAL, type KnightsGoalChoice, chosenGoal } from './knights-goals';
import { opened } from './url-state';

/** The judge's question. */
const JUDGE_LIMIT = DEFAULT_LIMIT;

const limitInput = byId<HTMLInputElement>('klimit');
limitInput.value = String(readLimit(opened.limit));

/** A limit from the URL or the input: a whole number from 0 to what the goal accepts, else the judge's 15. */
function readLimit(text: string | null, max = chosenGoal().maxLimit): number {
  const limit = Number(text);
  return text !== null && text.trim() !== '' && Number.isInteger(limit) && limit >= 0 && limit <= max ? limit : JUDGE_LIMIT;
}

/** The goal's depth when its whole table is loaded (no position lies farther), else undefined. */
function trueDepth(choice: KnightsGoalChoice): number | undefined {
  return choice.table?.state === 'loaded' && choice.table.whole ? choice.table.depth : undefined;
}

/** Exact's limit: the goal's true depth when known, else the largest limit it accepts. */
function exactLimit(choice: KnightsGoalChoice): number {
  return trueDepth(choice) ?? choice.maxLimit;
}

/** The limit the input asks for, as the chosen goal reads it. */
export function askedLimit(): number {
  return readLimit(limitInput.value);
}

/** The limit a question asks with now; the input is set to it (a limit the goal does not accept becomes the judge's). */
export function limitToAsk(): number {
  const limit = askedLimit();
  limitInput.value = String(limit);
  return limit;
}

/** Sets the limit to Exact's for the chosen goal. */
export function setExactLimit(): void {
  limitInput.value = String(exactLimit(chosenGoal()));
}

/** Bounds the limit by what the chosen goal accepts, and words the limit's help and Exact's title for that goal. */
export function fitLimitToGoal(): void {
  const goal = chosenGoal();
  // a limit past what this goal accepts becomes the most it accepts
  if (Number(limitInput.value) > goal.maxLimit) limitInput.value = String(goal.maxLimit);
  limitInput.max = String(goal.maxLimit);
  const depth = trueDepth(goal);
  byId('klimithelp').textContent =
    depth === undefined
      ? `The judge asks for at most ${JUDGE_LIMIT} moves; the ${goal.name} goal accepts limits up to ${goal.maxLimit}, and within the limit every distance is exact.`
      : `The judge asks for at most ${JUDGE_LIMIT} moves; no position lies more than ${depth} moves from the ${goal.name} goal, so a limit of ${depth}${goal.maxLimit > depth ? ` (or up to ${goal.maxLimit})` : ''} gives the exact distance of every position.`;
  byId('kexact').title =
    depth === undefined
      ? `Ask with the largest limit the ${goal.name} goal accepts: ${goal.maxLimit} moves`
      : `Ask for the exact distance: ${depth} moves is the farthest any position lies from the ${goal.name} goal`;
}

/**
 * Once /stats has settled the goal: the URL's limit may be one only this goal accepts, so it is
 * read again for this goal, unless the limit was changed meanwhile. True if it was read again.
 */
export function rereadOpenedLimit(): boolean {
  if (limitInput.value !== String(readLimit(opened.limit, BUILT_IN_GOAL.maxLimit))) return false;
  limitInput.value = String(readLimit(opened.limit));
  return true;
}

/** Calls `then` when the person changes the limit. */
export function onLimitChange(then: () => void): void {
  limitInput.addEventListener('change', then);
}
