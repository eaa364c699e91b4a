/**
 * The tie-breaking anchored: boards with many shortest lines to the standard goal, each with the
 * lexicographically smallest of them as SPEC.md gives it (from an independent BFS that counts the
 * shortest lines). Every other line check derives the expected line from the code's own move order
 * (KNIGHT_JUMPS), so a move order turned around would pass them all; these lines are written out.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { lowestMove } from '../../../core/bfs';
import { createAppState } from '../../../lambda/app-state';
import { readConfig } from '../../../lambda/config';
import { type FunctionUrlHandler, createHandler } from '../../../lambda/handler';
import { knightsSpec } from '../../../puzzles/knights/offline/loads';
import { parseKnightsBoard, playKnightsLine } from '../../../puzzles/knights/rules/board';
import { type KnightsBfsTable, buildKnightsBfsTable, lookupKnights } from '../../../puzzles/knights/rules/bfs-table';
import { resolveKnightsGoal } from '../../../puzzles/knights/rules/goals';
import { searchKnights } from '../../../puzzles/knights/rules/search';
import { searchBudget } from '../../support/search-budget';
import { encodeKnights, knightsSpace } from '../../../puzzles/knights/rules/space';
import { loadTable } from '../../../store/loader';
import { freshTable, testClient, testEndpoint } from '../../support/dynamodb';
import { call } from '../../support/function-url';
import { quietLog } from '../../support/log';
import { registry } from '../../../puzzles/registered';

/** SPEC.md: board, moves, how many shortest lines, the lex-min line (cells the empty square moves to). */
const TIES = [
  { board: '11111/00111/00011/0*011/00000', steps: 10, lines: 21, path: [5, 12, 9, 18, 11, 20, 17, 6, 3, 12] },
  { board: '11111/01101/01*01/00101/00000', steps: 10, lines: 32, path: [1, 8, 11, 22, 13, 6, 17, 10, 1, 12] },
  { board: '1111*/01110/01011/01001/00000', steps: 10, lines: 24, path: [7, 0, 11, 18, 9, 2, 13, 16, 5, 12] },
  { board: '11111/01100/00111/001*1/00000', steps: 8, lines: 9, path: [9, 2, 13, 6, 17, 8, 1, 12] },
  { board: '11111/0*011/10011/10001/00000', steps: 8, lines: 6, path: [15, 12, 1, 10, 7, 14, 3, 12] },
];
/** Deep enough for every board above. */
const DEPTH = 10;

const client = testClient();
const standard = resolveKnightsGoal('standard');
let table: KnightsBfsTable;
let fromTable: FunctionUrlHandler;
let bySearch: FunctionUrlHandler;

beforeAll(async () => {
  table = buildKnightsBfsTable(standard, DEPTH);
  const tableName = await freshTable(client, 'ties');
  await loadTable(client, knightsSpec('standard', DEPTH), { tableName, concurrency: 8 });
  fromTable = createHandler(createAppState(registry, readConfig({ TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint() }), { log: quietLog() }));
  bySearch = createHandler(createAppState(registry, readConfig({}), { log: quietLog() }));
});

/** How many shortest lines lead from `code` to the goal: every optimal move's count, added up. */
function shortestLines(code: number): number {
  const { distance, optimal } = table.bfs;
  const rank = knightsSpace.rank(code);
  if (distance[rank] === 0) return 1;
  let count = 0;
  for (let index = 0; index < knightsSpace.degree(code); index++) if ((optimal[rank] >> index) & 1) count += shortestLines(knightsSpace.step(code, index));
  return count;
}

describe.each(TIES)('$board ($lines shortest lines of $steps moves)', ({ board, steps, lines, path }) => {
  const query = () => ({ board: parseKnightsBoard(board), goal: standard, limit: 15 });

  it('has that many shortest lines, and its line is one of them', () => {
    expect(shortestLines(encodeKnights(query().board))).toBe(lines);
    expect(playKnightsLine(query().board, path)).toBe(standard.board);
  });

  it('is answered with the lex-min line by the search', () => {
    expect(searchKnights(query(), searchBudget(10))).toEqual({ steps, path });
  });

  it('is answered with the lex-min line by the BFS table, each move the smallest optimal one', () => {
    expect(lookupKnights(table, query())).toEqual({ steps, path });
    let code = encodeKnights(query().board);
    for (const cell of path) {
      expect(cell).toBe(knightsSpace.moveAt(code, lowestMove(table.bfs.optimal[knightsSpace.rank(code)])));
      code = knightsSpace.applyMove(code, cell);
    }
  });

  it('is answered with the lex-min line from the loaded table and by search over HTTP, its first move the smallest optimal one', async () => {
    const asked = { path: '/knights', query: new URLSearchParams({ board }).toString() };
    const stored = (await call(fromTable, asked)).json;
    expect(stored).toMatchObject({ steps, path, source: 'table' });
    const searched = (await call(bySearch, asked)).json;
    expect(searched).toMatchObject({ steps, path, source: 'search' });
    expect(searched.moves).toEqual(stored.moves);
    const optimal = stored.moves.filter((move: { optimal: boolean }) => move.optimal).map((move: { move: number }) => move.move);
    expect(optimal[0]).toBe(path[0]);
  });
});
