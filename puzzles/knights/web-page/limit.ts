/**
 * The knights limit: the most moves a question asks the table to look (the judge asks 15). The
 * chosen goal bounds it, and its help says what limits mean for that goal: Exact asks with the
 * goal's true depth once /stats tells it (every distance then exact), else with the largest limit.
 * A limit the page cannot ask with (from the URL or typed) is never replaced silently: a note
 * beside the input says what the page asks with instead.
 */
import { byId } from '../../../widgets/dom';
import { DEFAULT_LIMIT } from '../rules/query';
import { BUILT_IN_GOAL, type KnightsGoalChoice, chosenGoal } from './goals';

/** The judge's question. */
const JUDGE_LIMIT = DEFAULT_LIMIT;

const limitInput = byId<HTMLInputElement>('klimit');
const limitNote = byId('klimitnote');
/** The limit the URL gave as the page opened (read again once /stats settles the goal). */
let openedLimit: string | null = null;

/** A limit as the page reads it, and what it says when that is not the limit asked for ('' when it is). */
interface ReadLimit {
  readonly limit: number;
  readonly note: string;
}

/**
 * A limit from the URL or the input (`source` names which, for the note), read for `goal`: a whole
 * number from 0 to what the goal accepts as it is; a larger one is the most the goal accepts; none
 * is the judge's 15, and anything else too, each said in the note.
 */
function readLimit(text: string | null, source: string, goal: KnightsGoalChoice = chosenGoal()): ReadLimit {
  if (text === null || text.trim() === '') return { limit: JUDGE_LIMIT, note: '' };
  const limit = Number(text);
  const shown = text.trim().slice(0, 20);
  if (!Number.isInteger(limit) || limit < 0) {
    return { limit: JUDGE_LIMIT, note: `${source} "${shown}" is not a whole number of moves from 0 to ${goal.maxLimit}: the page asks with ${JUDGE_LIMIT}, the judge's limit.` };
  }
  if (limit > goal.maxLimit) {
    return { limit: goal.maxLimit, note: `${source} ${shown} is more than the ${goal.name} goal accepts: the page asks with ${goal.maxLimit}, the most it accepts.` };
  }
  return { limit, note: '' };
}

/** Says why the limit is not the one asked for; '' takes the note away. */
function note(text: string): void {
  limitNote.textContent = text;
}

/** The goal's depth when its whole table is loaded (no position lies farther), else undefined. */
function trueDepth(choice: KnightsGoalChoice): number | undefined {
  return choice.table?.state === 'loaded' && choice.table.whole ? choice.table.depth : undefined;
}

/** Exact's limit: the goal's true depth when known, else the largest limit it accepts. */
function exactLimit(choice: KnightsGoalChoice): number {
  return trueDepth(choice) ?? choice.maxLimit;
}

/** Takes the URL's limit as the page opens: into the input, as the built-in goal reads it. */
export function openLimit(text: string | null): void {
  openedLimit = text;
  const read = readLimit(text, "The URL's limit");
  limitInput.value = String(read.limit);
  note(read.note);
}

/** The limit the input asks for, as the chosen goal reads it. */
export function askedLimit(): number {
  return readLimit(limitInput.value, 'The limit').limit;
}

/** The limit a question asks with now; the input is set to it (and the note says so if it is not what the input said). */
export function limitToAsk(): number {
  const read = readLimit(limitInput.value, 'The limit');
  limitInput.value = String(read.limit);
  if (read.note !== '') note(read.note);
  return read.limit;
}

/** Sets the limit to Exact's for the chosen goal. */
export function setExactLimit(): void {
  limitInput.value = String(exactLimit(chosenGoal()));
  note('');
}

/** Bounds the limit by what the chosen goal accepts, and words the limit's help and Exact's title for that goal. */
export function fitLimitToGoal(): void {
  const goal = chosenGoal();
  if (Number(limitInput.value) > goal.maxLimit) {
    note(`The limit ${limitInput.value} is more than the ${goal.name} goal accepts: the page asks with ${goal.maxLimit}, the most it accepts.`);
    limitInput.value = String(goal.maxLimit);
  }
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
  if (limitInput.value !== String(readLimit(openedLimit, "The URL's limit", BUILT_IN_GOAL).limit)) return false;
  openLimit(openedLimit);
  return true;
}

/** Calls `then` when the person changes the limit (which answers the note: it goes). */
export function onLimitChange(then: () => void): void {
  limitInput.addEventListener('change', () => {
    note('');
    then();
  });
}
