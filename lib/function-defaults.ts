/**
 * The functions' sizes, as plain numbers: the stack deploys them with these, and `npm start`'s
 * local URL and the tests' stand-in runtime give the functions the same, without loading the CDK.
 */

/** Lambda gives CPU in proportion to memory: a vCPU's worth for each 1,769 MB (1.7 at 3,008 MB, on two cores). */
export const MB_PER_VCPU = 1769;

/**
 * Memory in MB: one vCPU. The 15-puzzle's search is CPU-bound and runs on one thread, so below a
 * vCPU an answer takes longer by as much for the same GB-seconds, and above it buys a second vCPU
 * it cannot use (BENCHMARKS.md, "The API's memory"); the 7-8 databases take 144 MB of it twice
 * (the file read, and the pass's own memory).
 */
export const FUNCTION_MEMORY_MB = MB_PER_VCPU;

/** The longest invocation, in seconds; the search stops well before it. */
export const FUNCTION_TIMEOUT_SECONDS = 10;

/**
 * The background solver's memory in MB: one vCPU (Lambda gives one at 1,769 MB). Its search runs
 * on one thread, so less memory takes longer by as much for the same GB-seconds, and more buys a
 * second vCPU it cannot use (BENCHMARKS.md, "The background solver").
 */
export const SOLVER_MEMORY_MB = MB_PER_VCPU;

/** The solver's timeout in seconds: Lambda's most. A board past it is recorded as failed, and said so. */
export const SOLVER_TIMEOUT_SECONDS = 900;
