/**
 * The API function's size, as plain numbers: the stack deploys it with them, and `npm start`'s
 * local URL and the tests' stand-in runtime give the function the same, without loading the CDK.
 */

/** Memory in MB; CPU grows with it, and the search fallback is CPU-bound. */
export const FUNCTION_MEMORY_MB = 1024;

/** The longest invocation, in seconds; the search stops well before it. */
export const FUNCTION_TIMEOUT_SECONDS = 10;
