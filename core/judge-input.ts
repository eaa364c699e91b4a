/**
 * Judge input is whitespace-separated tokens: a case count, then each case's rows or boards.
 * Extra whitespace and blank lines are tolerated; missing or surplus tokens are reported.
 */
import { InvalidInputError, UnreachableError } from './errors';
import { printable } from './printable';

/** Splits judge input into its cases of `tokensPerCase` tokens each, after the leading count. */
export function splitCases(input: string, tokensPerCase: number): string[][] {
  const tokens = input.split(/\s+/).filter((token) => token !== '');
  if (tokens.length === 0) throw new InvalidInputError('The input is empty: the first line must be the number of cases.');
  const count = tokens[0];
  if (!/^\d+$/.test(count) || Number(count) < 1) {
    throw new InvalidInputError(`The first line must be the number of cases, a whole number of at least 1; found "${printable(count)}".`);
  }
  const cases = Number(count);
  const body = tokens.length - 1;
  const expected = cases * tokensPerCase;
  if (body < expected) {
    const complete = Math.floor(body / tokensPerCase);
    throw new InvalidInputError(
      `The first line announces ${plural(cases, 'case')}, but the input ends in case ${complete + 1}, which needs ${plural(tokensPerCase, 'line')} and has ${body - complete * tokensPerCase}.`,
    );
  }
  if (body > expected) {
    throw new InvalidInputError(
      `The first line announces ${plural(cases, 'case')}, but more input follows them, starting with "${printable(tokens[1 + expected])}".`,
    );
  }
  return Array.from({ length: cases }, (_, i) => tokens.slice(1 + i * tokensPerCase, 1 + (i + 1) * tokensPerCase));
}

/**
 * Runs `check` on every case and reports every failing case at once, one line each, naming it.
 * The error is an UnreachableError when every problem is an unreachable pair, else an
 * InvalidInputError.
 */
export function checkEachCase<Case, Checked>(cases: readonly Case[], check: (item: Case) => Checked): Checked[] {
  const problems: string[] = [];
  let allUnreachable = true;
  const checked = cases.map((item, index) => {
    try {
      return check(item);
    } catch (error) {
      if (!(error instanceof InvalidInputError || error instanceof UnreachableError)) throw error;
      allUnreachable &&= error instanceof UnreachableError;
      problems.push(`Case ${index + 1}: ${error.message}`);
      return undefined as Checked;
    }
  });
  if (problems.length === 0) return checked;
  throw allUnreachable ? new UnreachableError(problems.join('\n')) : new InvalidInputError(problems.join('\n'));
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
