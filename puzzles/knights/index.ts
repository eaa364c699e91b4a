/**
 * The knights puzzle, whole: its goals and their tables, its queries (`board`, `goal`, `limit`),
 * its answers from a stored record or by search, and how they read.
 */
import { type KnightsBoard, formatKnightsBoard, parseKnightsBoard } from './rules/board';
import { InvalidInputError, RefusedForNowError } from '../../core/errors';
import { formatKnightsJudge, parseKnightsJudge, solveKnightsJudge } from './judge';
import { KNIGHTS_GOALS } from './rules/goals';
import { knightsMovesBySearch, knightsMovesFromMask } from './rules/move-values';
import { BEYOND_LIMIT, DEFAULT_LIMIT, type KnightsAnswer, type KnightsQuery, MAX_LIMIT, parseLimit } from './rules/query';
import { prepareKnightsSearch, searchKnights } from './rules/search';
import { KNIGHTS_POSITIONS, encodeKnights, knightsRank } from './rules/space';
import type { KnightsResponse } from '../../lambda/api';
import { queryFields, textField } from '../fields';
import type { Puzzle } from '../puzzle';
import { GOAL_NAME_RULE, MAX_GOALS, builtInGoal, goalOfTable, maxLimitOf, namedGoals, parseGoalOptions, resolveGoal, tableOfGoal } from './loaded-goals';
import { KNIGHTS_DEFAULT_DEPTH, KNIGHTS_FORMAT, KNIGHTS_MAX_DEPTH, knightsSpec } from './tables';
import { knightsAnswerText } from './text';

const EXAMPLE = '{"board": "10110/01*11/10111/01001/00000", "limit": 15}';

function depthOption(text: string | undefined): number {
  if (text === undefined) return KNIGHTS_DEFAULT_DEPTH;
  if (!/^\d+$/.test(text) || Number(text) > KNIGHTS_MAX_DEPTH) {
    throw new InvalidInputError(`--knights-depth must be a whole number from 0 to ${KNIGHTS_MAX_DEPTH}; got "${text}".`);
  }
  return Number(text);
}

/** The limit, within the goal's largest; one that a whole table loaded later would allow is refused for now only. */
function limitOf(value: unknown, maxLimit: number): number {
  try {
    return parseLimit(value, maxLimit);
  } catch (error) {
    if (!(error instanceof InvalidInputError) || maxLimit >= KNIGHTS_MAX_DEPTH) throw error;
    try {
      parseLimit(value, KNIGHTS_MAX_DEPTH);
    } catch {
      throw error; // malformed whatever is loaded: the refusal stands
    }
    throw new RefusedForNowError(`${error.message} A goal accepts limits past ${MAX_LIMIT} once its whole table is loaded, up to its true depth.`);
  }
}

/** How a goal's table is loaded: a built-in goal by default, a goal of one's own by --goal. */
function loadOptionOf(name: string, board: string): string {
  return builtInGoal(name) !== undefined ? `--goals ${name}` : `--goal ${name}=${board}`;
}

export const knights: Puzzle<KnightsQuery, KnightsAnswer> = {
  name: 'knights',
  example: EXAMPLE,
  format: KNIGHTS_FORMAT,
  prepare: prepareKnightsSearch,

  tables: (catalog) => [...namedGoals(catalog).keys()].map(tableOfGoal),

  describeTable(table, entry) {
    const name = goalOfTable(table)!;
    const builtIn = builtInGoal(name);
    const board = entry?.goal ?? (builtIn ? formatKnightsBoard(builtIn.board) : '?');
    return {
      identity: { puzzle: 'knights', goal: board, goalName: name, maxLimit: maxLimitOf(entry) },
      spacePositions: KNIGHTS_POSITIONS,
      loadOptions: [loadOptionOf(name, board), `--knights-depth ${builtIn ? MAX_LIMIT : KNIGHTS_MAX_DEPTH}`],
    };
  },

  queryOf(value, goals) {
    const fields = queryFields(value, ['board', 'goal', 'limit'], EXAMPLE);
    const board = parseKnightsBoard(textField(fields, 'board', true, EXAMPLE)!);
    const { goal, maxLimit } = resolveGoal(textField(fields, 'goal', false, '"standard"'), goals);
    return { board, goal, limit: limitOf(fields.limit, maxLimit) };
  },
  judgeQueries: (input) => parseKnightsJudge(input),
  judgeOutput: formatKnightsJudge,
  judgeSolver(engine, limit) {
    const within = limit === undefined ? DEFAULT_LIMIT : parseLimit(limit);
    return (input) => solveKnightsJudge(input, engine, within);
  },

  // The goal's name too: a board that names no goal now may be a loaded goal's later, with a table.
  cacheKey: (query) => `${query.goal.name ?? ''}|${query.goal.board}|${query.board}|${query.limit}`,

  locate(query) {
    const name = query.goal.name;
    if (name === undefined) return undefined; // a goal board of the client's own: no table
    const table = tableOfGoal(name);
    return { table, goal: formatKnightsBoard(query.goal.board), section: table, rank: knightsRank(encodeKnights(query.board)) };
  },

  fromRecord(query, manifest, record) {
    if (record) {
      const moves = knightsMovesFromMask(query, record.distance, record.optimal);
      return record.distance <= query.limit ? { steps: record.distance, path: record.line, moves, source: 'table' } : { ...BEYOND_LIMIT, moves, source: 'table' };
    }
    // The manifest vouches that every position within its depth is stored. Farther than the
    // depth, every move leads past it too; when the depth is the limit itself, a move may lead
    // to a position exactly at the limit, which only the search (or more reads) can tell.
    if (query.limit > manifest.depth) return undefined;
    const moves = query.limit < manifest.depth ? knightsMovesFromMask(query, Number.POSITIVE_INFINITY, 0) : undefined;
    return { ...BEYOND_LIMIT, moves, source: 'table' };
  },

  search: (query, budget) => searchKnights(query, budget),
  valueMoves: (query, answer, budget) => knightsMovesBySearch(query, answer, budget),

  adviceWhenSearchGaveUp(query, table, manifest) {
    const name = query.goal.name;
    const board = formatKnightsBoard(query.goal.board);
    const load = (option: string) =>
      `To answer up to ${query.limit} moves from a table, load it that deep: npm run precompute -- ${option} --knights-depth ${Math.max(query.limit, MAX_LIMIT)} (locally: npm start -- ${option} --knights-depth ${Math.max(query.limit, MAX_LIMIT)}).`;
    if (name === undefined) return `This goal has no table, so it is searched; ask with a lower limit, or load its table under a name of your own (${GOAL_NAME_RULE}). ${load(`--goal NAME=${board}`)}`;
    const option = loadOptionOf(name, board);
    switch (table) {
      case 'none':
        return `No knights table is configured here. ${load(option)}`;
      case 'loaded':
        return `The ${name} knights table is loaded to depth ${manifest!.depth}, so a limit of ${query.limit} needs the search. ${load(option)}`;
      case 'outdated':
        return `The ${name} knights table was loaded by an older version and must be reloaded. ${load(option)}`;
      case 'missing':
        return `The ${name} knights table is not loaded. ${load(option)}`;
      default:
        return 'The tables cannot be read now either; try again later.';
    }
  },

  respond(query, answer): KnightsResponse {
    return {
      steps: answer.steps,
      path: [...answer.path],
      source: answer.source,
      cached: answer.cached,
      board: formatKnightsBoard(query.board),
      goal: query.goal.name ?? formatKnightsBoard(query.goal.board),
      limit: query.limit,
      moves: (answer.moves ?? []).map(({ move, steps, optimal }) => ({ move, steps, optimal })),
    };
  },

  commandUsage: 'knights BOARD [--goal NAME|BOARD] [--limit N]',
  commandQuery(args, { goal, limit }) {
    if (args.length !== 1) throw new InvalidInputError(`knights takes one board, such as 10110/01*11/10111/01001/00000; got ${args.length}.`);
    return { board: args[0], ...(goal === undefined ? {} : { goal }), ...(limit === undefined ? {} : { limit }) };
  },
  answerText: (answer) => knightsAnswerText(answer as KnightsResponse),
  farthestText: (far) => `${far.board}  ${[...(far.path as readonly number[])].join(' ')}`,
  positionText: (query, location) => `${formatKnightsBoard(query.board)} (rank ${location.rank})`,
  recordText(location, record) {
    const hole = KNIGHTS_FORMAT.holeOfRank(location.rank);
    return {
      moves: KNIGHTS_FORMAT.holeMoves[hole].map((cell, i) => `${cell}${(record.optimal >> i) & 1 ? ' optimal' : ''}`).join(', '),
      line: `[${record.line.join(', ')}]`,
    };
  },

  tableNames: [...KNIGHTS_GOALS.keys()],
  loadOptions: { goal: { type: 'string', multiple: true }, 'knights-depth': { type: 'string' } },
  loadUsage: `  --goal NAME=BOARD      a knights table for a goal of your own (repeatable; NAME: ${GOAL_NAME_RULE}; at most ${MAX_GOALS} goals in all)
  --knights-depth N      knights positions up to N moves from the goal, 0..${KNIGHTS_MAX_DEPTH} (default: ${KNIGHTS_DEFAULT_DEPTH}; ${MAX_LIMIT} is the whole space
                         around the standard goal, and a depth past a goal's farthest positions its whole table)`,

  specs(names, values) {
    const depth = depthOption(values['knights-depth'] as string | undefined);
    const own = parseGoalOptions((values.goal as string[] | undefined) ?? []);
    const boards = new Map<string, KnightsBoard>(names.map((name) => [name, builtInGoal(name)!.board]));
    for (const { name, board } of own) boards.set(name, board);
    return [...boards].map(([name, board]) => knightsSpec(name, depth, board));
  },
};
