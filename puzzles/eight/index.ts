/**
 * The eight puzzle (Eight II), whole: its one table of 9 canonical goals, its queries (`from`,
 * `to`), its answers from a stored record or by search, and how they read.
 */
import { MOVE_LETTERS, formatEightBoard, parseEightBoard } from './rules/board';
import { canonicalize } from './rules/canonical';
import { formatEightJudge, parseEightJudge, solveEightJudge } from './judge';
import { eightMovesBySearch, eightMovesFromMask } from './rules/move-values';
import { type EightAnswer, type EightQuery, assertReachable } from './rules/query';
import { searchEight } from './rules/search';
import { encodeEight } from './rules/space';
import { InvalidInputError } from '../../core/errors';
import type { EightResponse } from '../../lambda/api';
import { queryFields, textField } from '../fields';
import { movesText } from '../moves-text';
import type { Puzzle } from '../puzzle';
import { EIGHT_FORMAT, EIGHT_GOALS, EIGHT_SPACE_POSITIONS, EIGHT_TABLE, eightLetters, eightSection, eightSpec } from './tables';

const EXAMPLE = '{"from": "12X453786", "to": "12345678X"}';

export const eight: Puzzle<EightQuery, EightAnswer> = {
  name: 'eight',
  example: EXAMPLE,
  format: EIGHT_FORMAT,

  tables: () => [EIGHT_TABLE],
  describeTable: () => ({ identity: { puzzle: 'eight', goal: EIGHT_GOALS }, spacePositions: EIGHT_SPACE_POSITIONS, loadOptions: ['--goals eight'] }),

  queryOf(value) {
    const fields = queryFields(value, ['from', 'to'], EXAMPLE);
    const query = {
      from: parseEightBoard(textField(fields, 'from', true, EXAMPLE)!, '"from"'),
      to: parseEightBoard(textField(fields, 'to', true, EXAMPLE)!, '"to"'),
    };
    assertReachable(query);
    return query;
  },
  judgeQueries: (input) => parseEightJudge(input),
  judgeOutput: formatEightJudge,
  judgeSolver(engine, limit) {
    if (limit !== undefined) throw new InvalidInputError('--limit is for knights; Eight II answers are always exact.');
    return (input) => solveEightJudge(input, engine);
  },

  cacheKey(query) {
    assertReachable(query);
    const { goalIndex, from } = canonicalize(query.from, query.to);
    return `${goalIndex}|${from.join('')}`;
  },

  locate(query) {
    const { goalIndex, from } = canonicalize(query.from, query.to);
    return { table: EIGHT_TABLE, goal: EIGHT_GOALS, section: eightSection(goalIndex), rank: encodeEight(from) };
  },

  fromRecord(query, _manifest, record) {
    if (!record) return undefined;
    // Relabelling the tiles moves no blank: the canonical position's moves and mask are the query's.
    const moves = eightMovesFromMask(query, record.distance, record.optimal);
    return { steps: record.distance, path: eightLetters(query.from.indexOf(0), record.line), moves, source: 'table' };
  },

  search: (query, budget) => searchEight(query, budget),
  valueMoves: (query, answer, budget) => eightMovesBySearch(query, answer, budget),
  adviceWhenSearchGaveUp: () => 'Try again shortly.',

  respond(query, answer): EightResponse {
    return {
      steps: answer.steps,
      path: answer.path,
      source: answer.source,
      cached: answer.cached,
      from: formatEightBoard(query.from),
      to: formatEightBoard(query.to),
      moves: (answer.moves ?? []).map(({ move, steps, optimal }) => ({ move: MOVE_LETTERS[move], steps, optimal })),
    };
  },

  commandUsage: 'eight A B',
  commandQuery(args) {
    if (args.length !== 2) throw new InvalidInputError(`eight takes two boards, A and B, such as 12X453786 12345678X; got ${args.length}.`);
    return { from: args[0], to: args[1] };
  },
  answerText(value) {
    const answer = value as EightResponse;
    const rows = (board: string) => board.match(/.{3}/g)!;
    const from = rows(answer.from);
    const to = rows(answer.to);
    const boards = from.map((row, i) => `${row}   ${i === 1 ? '->' : '  '}   ${to[i]}`).join('\n');
    const line = answer.steps === 0 ? 'already there' : `${answer.steps} moves: ${answer.path}`;
    return `${boards}\n${line} (${answer.source})\nmoves (the blank's move -> moves left after it):\n${movesText(answer.moves)}`;
  },
  farthestText: (far) => `${far.board} -> ${far.goal}  ${String(far.path)}`,
  positionText(query, location) {
    const { from } = canonicalize(query.from, query.to);
    return `${formatEightBoard(from)} (A relabelled for goal ${location.section.split('#')[1]}; Cantor rank ${location.rank})`;
  },
  recordText(location, record) {
    const blank = EIGHT_FORMAT.holeOfRank(location.rank);
    return {
      moves: EIGHT_FORMAT.holeMoves[blank].map((cell, i) => `${eightLetters(blank, [cell])}${(record.optimal >> i) & 1 ? ' optimal' : ''}`).join(', '),
      line: `"${eightLetters(blank, record.line)}"`,
    };
  },

  tableNames: [EIGHT_TABLE],
  loadOptions: {},
  loadUsage: '',
  specs: (names) => (names.length > 0 ? [eightSpec()] : []),
};
