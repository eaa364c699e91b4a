/**
 * npm start's searches over estimate tables (the 15-puzzle's pattern databases), each on a thread
 * of its own. On Lambda a request has a container to itself, so a search of seconds holds up no
 * other request; in npm start's one process it would hold up every request behind it, table
 * lookups included. Here each puzzle's search runs on worker threads that hold a copy of the
 * arrays read, while the service's own thread goes on answering; a question waits only for a free
 * thread of its puzzle.
 *
 * A search's budget crosses as what is left of it (nodes, and milliseconds to its deadline), and a
 * failure as its error's name and sentence, rebuilt here, so that the service answers exactly as
 * it does with the search in its own thread.

 */
import { parentPort } from 'node:worker_threads';
import type { Worker } from 'node:worker_threads';
import { systemClock } from '../core/clock';
import { BudgetExhaustedError, InvalidInputError, MovesUnvaluedError, UnreachableError } from '../core/errors';
import type { SearchBudget } from '../core/ida-star';
import type { MoveValue } from '../core/move-values';
import { startThread, threadJob } from '../core/threads';
import { registry } from '../puzzles/registered';
import type { Puzzle } from '../puzzles/puzzle';
import type { Answer } from '../puzzles/roles/answer';
import type { EstimatedSearch } from '../puzzles/roles/estimate-tables';
import type { TableId } from '../store/table-keys';

type Arrays = ReadonlyMap<TableId, ReadonlyMap<string, Uint8Array>>;

interface ThreadData {
  readonly puzzle: string;
  readonly arrays: Arrays;
}
/** A budget as it crosses: its nodes, and its deadline on the clock threads share (Date.now), so that time spent waiting for the thread counts. */
interface BudgetLeft {
  readonly maxNodes: number;
  readonly until: number;
}
interface Order {
  readonly id: number;
  readonly kind: 'search' | 'valueMoves';
  readonly budget: BudgetLeft;
  readonly query: unknown;
  /** For valueMoves: the answer whose moves are valued. */
  readonly answer?: Answer;
}
type Reply = { readonly id: number; readonly value: unknown } | { readonly id: number; readonly error: { readonly name: string; readonly message: string } };

/** The errors a search may end with on purpose, rebuilt by name; any other is an Error with its sentence. */
const ERRORS: Record<string, new (message: string) => Error> = { BudgetExhaustedError, MovesUnvaluedError, InvalidInputError, UnreachableError };

/** A search thread's part: its puzzle's search over the arrays, one order at a time. */
const SEARCH = threadJob<ThreadData>(import.meta.url, 'search over estimate tables', ({ puzzle: name, arrays }) => {
  const puzzle = registry.puzzleNamed(name);
  const search = puzzle?.estimates?.searchWith(arrays);
  search?.warmUp?.();
  parentPort!.on('message', async (order: Order) => {
    let reply: Reply;
    try {
      if (!puzzle || !search) throw new Error(`no puzzle ${name} with estimate tables to search`);
      const budget: SearchBudget = { maxNodes: order.budget.maxNodes, deadline: systemClock.now() + Math.max(0, order.budget.until - Date.now()) };
      const value = order.kind === 'search' ? await search.search(order.query, budget) : await (search.valueMoves?.(order.query, order.answer!, budget) ?? puzzle.solver.valueMoves(order.query, order.answer!, budget));
      reply = { id: order.id, value };
    } catch (error) {
      reply = { id: order.id, error: error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) } };
    }
    parentPort!.postMessage(reply);
  });
});

/** A thread's orders in turn: one search at a time. */
class SearchThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private next = 0;
  busy = 0;
  /** Why the thread ended, once it has: it takes no more orders (searchOnThreads starts another). */
  ended: Error | undefined;

  constructor(puzzle: string, arrays: Arrays) {
    this.worker = startThread(SEARCH, { puzzle, arrays });
    // npm start ends when asked, whatever a search is doing
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => {
      const waiting = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      this.busy--;
      if ('error' in reply) waiting?.reject(Object.assign(new (ERRORS[reply.error.name] ?? Error)(reply.error.message), { name: reply.error.name }));
      else waiting?.resolve(reply.value);
    });
    const failAll = (error: Error) => {
      this.ended ??= error;
      for (const { reject } of this.waiting.values()) reject(error);
      this.waiting.clear();
      this.busy = 0;
    };
    this.worker.on('error', failAll);
    this.worker.on('exit', (code) => failAll(new Error(`a search thread of ${puzzle} stopped with code ${code}`)));
  }

  ask(order: Omit<Order, 'id'>): Promise<unknown> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.next++;
    this.busy++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...order, id } as Order);
    });
  }
}

const left = (budget: SearchBudget): BudgetLeft => ({ maxNodes: budget.maxNodes, until: Date.now() + Math.max(0, budget.deadline - (budget.clock ?? systemClock).now()) });

/**
 * The searches of a puzzle over `arrays` on `threads` threads of their own, each question given to
 * the least busy (EstimateReadingsOptions.searchWith).
 */
export function searchOnThreads(threads: number): (puzzle: Puzzle, arrays: Arrays) => EstimatedSearch<unknown, Answer> {
  return (puzzle, arrays) => {
    const pool = Array.from({ length: Math.max(1, threads) }, () => new SearchThread(puzzle.name, arrays));
    const freest = () => {
      // a thread that ended (its failure told to the questions it held) is replaced before it is chosen
      pool.forEach((thread, i) => {
        if (thread.ended) pool[i] = new SearchThread(puzzle.name, arrays);
      });
      return pool.reduce((best, thread) => (thread.busy < best.busy ? thread : best));
    };
    return {
      search: (query, budget) => freest().ask({ kind: 'search', query, budget: left(budget) }) as Promise<Answer>,
      valueMoves: (query, answer, budget) => freest().ask({ kind: 'valueMoves', query, answer, budget: left(budget) }) as Promise<readonly MoveValue[]>,
    };
  };
}
