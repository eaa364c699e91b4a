/**
 * The knights loads: a table per goal, the built-in ones by default and goals of one's own by
 * `--goal NAME=BOARD`, each to `--knights-depth` (15 by default: the judge's question).
 */
import { InvalidInputError } from '../../../core/errors';
import { type KnightsBoard, formatKnightsBoard } from '../rules/board';
import { DEFAULT_GOAL, KNIGHTS_GOALS } from '../rules/goals';
import { MAX_LIMIT } from '../rules/query';
import { KNIGHTS_POSITIONS, decodeKnights, knightsUnrank } from '../rules/space';
import { buildKnightsBfsTable } from '../rules/bfs-table';
import { type TableSpec, planPages } from '../../../store/table-pages';
import type { TableLoads } from '../../roles/table-loads';
import { GOAL_NAME_RULE, MAX_GOALS, builtInGoal, goalRoomProblem, parseGoalOptions, tableOfGoal } from '../loaded-goals';
import { KNIGHTS_DEFAULT_DEPTH, KNIGHTS_FORMAT, KNIGHTS_MAX_DEPTH } from '../tables';
import { KNIGHTS_MEASURE_THREAD } from './measure-thread';
import { knightsEstimate } from './load-estimate';

function depthOption(text: string | undefined): number {
  if (text === undefined) return KNIGHTS_DEFAULT_DEPTH;
  if (!/^\d+$/.test(text) || Number(text) > KNIGHTS_MAX_DEPTH) {
    throw new InvalidInputError(`--knights-depth must be a whole number from 0 to ${KNIGHTS_MAX_DEPTH}; got "${text}".`);
  }
  return Number(text);
}

/** The table of the goal `name`: every position within `depth` moves of `board` (a built-in goal's own by default). */
export function knightsSpec(name: string, depth: number, board: KnightsBoard = builtInGoal(name)!.board): TableSpec {
  const table = tableOfGoal(name);
  const goal = formatKnightsBoard(board);
  return {
    table,
    goal,
    depth,
    spacePositions: KNIGHTS_POSITIONS,
    roomProblem: (catalog) => goalRoomProblem(name, catalog),
    catalogBound: { kind: 'knights', max: MAX_GOALS },
    estimate: () => knightsEstimate(table, depth, board === KNIGHTS_GOALS.get(DEFAULT_GOAL)!.board),
    build: (options) =>
      planPages(
        KNIGHTS_FORMAT,
        [
          {
            name: table,
            // In shared memory when the build has threads to measure it on.
            bfs: buildKnightsBfsTable({ name, board }, depth, (options?.threads ?? 1) > 1).bfs,
            unrank: knightsUnrank,
            describe: (code, line) => ({ board: formatKnightsBoard(decodeKnights(code)), goal, path: [...line] }),
            measureThread: KNIGHTS_MEASURE_THREAD,
          },
        ],
        options,
      ),
  };
}

export const knightsLoads: TableLoads = {
  names: [...KNIGHTS_GOALS.keys()],
  options: { goal: { type: 'string', multiple: true }, 'knights-depth': { type: 'string' } },
  usage: `  --goal NAME=BOARD      a knights table for a goal of your own (repeatable; NAME: ${GOAL_NAME_RULE}; at most ${MAX_GOALS} goals in all)
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
