// A stand-in for Lambda's Node.js runtime, run with plain `node` (no TypeScript loader): it loads
// the function's bundle once, as the runtime's init phase does, then invokes its handler for each
// event the parent process sends, with a context counting down the time the parent grants.
// Usage (forked, with an IPC channel): node lambda-runtime.mjs BUNDLE.js [--preload MODULE ...]
// --preload requires a module before the bundle, so that its share of the init can be told apart.
import { createRequire } from 'node:module';

const [file, ...rest] = process.argv.slice(2);
const preload = rest.flatMap((arg, i) => (rest[i - 1] === '--preload' ? [arg] : []));
// Node's own start, up to this line: what a cold start pays before the function's code.
const bootMs = performance.now();
const requireFromBundle = createRequire(file);

let preloadMs = 0;
let initMs = 0;
// When require() of the bundle began, on this process's clock: an answer's time since then counts
// whatever the bundle started at load and left running (reads, imports) before the answer.
let initStartMs = 0;
let handler;
try {
  const preloadStart = performance.now();
  for (const name of preload) requireFromBundle(name);
  preloadMs = performance.now() - preloadStart;
  initStartMs = performance.now();
  const loaded = requireFromBundle(file).handler;
  initMs = performance.now() - initStartMs;
  if (typeof loaded !== 'function') throw new Error(`${file} exports no function "handler"`);
  // nodejs24.x refuses callback-style handlers at init (Runtime.CallbackHandlerDeprecated).
  if (loaded.length > 2) throw new Error('Runtime.CallbackHandlerDeprecated: the handler takes a callback');
  handler = loaded;
} catch (error) {
  process.send({ initError: error instanceof Error ? error.stack : String(error) }, () => process.disconnect());
  process.exitCode = 1;
}

if (handler) {
  // The runtime's turn before the first event: Lambda's runtime, its init done, asks the Runtime API
  // for the next event (an HTTP request on the event loop), so whatever the init started (a read,
  // a timer) runs for one turn of the loop and a short I/O wait before the first event is handled;
  // no more. Events that arrive meanwhile wait behind it, in order.
  const turn = new Promise((resolve) => setImmediate(resolve)).then(() => new Promise((resolve) => setTimeout(resolve, 1)));
  // One invocation at a time, as in a Lambda execution environment: the next waits for the last.
  let previous = turn.then(() => process.send({ ready: true, bootMs, preloadMs, initMs, initStartMs }));
  process.on('message', (message) => {
    previous = previous.then(() => invoke(message));
  });
}

async function invoke({ id, event, context, remainingMs }) {
  const deadline = Date.now() + remainingMs;
  const started = performance.now();
  // The processor time at the start, so that the parent can tell what share of the invocation's
  // wall time the process was given (a quota on its CPU shows there).
  const cpuStartMs = processorMs();
  try {
    const result = await handler(event, { ...context, getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()) });
    const ended = performance.now();
    process.send({ id, result, ms: ended - started, sinceInitMs: ended - initStartMs, cpuMs: processorMs(), cpuStartMs });
  } catch (error) {
    const ended = performance.now();
    process.send({ id, error: error instanceof Error ? error.stack : String(error), ms: ended - started, sinceInitMs: ended - initStartMs, cpuMs: processorMs(), cpuStartMs });
  }
}

// The processor time this process has used since it started (Node's own start included), in
// milliseconds: on a busy machine the clock on the wall counts other processes' turns too.
function processorMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
