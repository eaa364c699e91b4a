/**
 * The domain's failures. Each says, in a sentence a person understands, what went wrong; the
 * HTTP layer maps each class to one status code and the judge CLI prints the message.
 */

/** The input is malformed: wrong size, wrong characters, wrong counts of pieces, bad limit. */
export class InvalidInputError extends Error {
  override readonly name: string = 'InvalidInputError';
}

/** The input is well formed but asks the impossible: the target cannot be reached at all. */
export class UnreachableError extends Error {
  override readonly name = 'UnreachableError';
}

/** The bounded search ran out of nodes or time before it could prove an answer. */
export class BudgetExhaustedError extends Error {
  override readonly name = 'BudgetExhaustedError';
}

/**
 * The answer is known, but its moves' values could not all be found within the request's budget:
 * the answer goes out with its line and without the values, and says so.
 */
export class MovesUnvaluedError extends Error {
  override readonly name = 'MovesUnvaluedError';
}

/** What the question needs cannot be read now (the tables did not answer): the same request may succeed shortly. */
export class UnavailableNowError extends Error {
  override readonly name: string = 'UnavailableNowError';
}

/**
 * A malformed request for now: what it names is not loaded yet (a goal's name, a limit past what
 * the goal's tables allow today). A table loaded later may lift it, so it is not kept like the
 * refusals that hold for ever.
 */
export class RefusedForNowError extends InvalidInputError {
  override readonly name = 'RefusedForNowError';
}
