/** The 15-puzzle on the command line: its words, its answers as a person reads them, and npm run solve. */
import { InvalidInputError } from '../../../core/errors';
import { FIFTEEN_DIAMETER, JUDGE_LIMIT } from '../rules/query';
import { movesText } from '../../moves-text';
import type { CommandLine } from '../../roles/command-line';
import type { FifteenQuery } from '../rules/query';
import type { FifteenResponse } from '../response';
import { UNLIMITED } from '../../../core/ida-star';
import { solveFifteenJudge } from './judge-solver';

function limitOption(text: string | undefined): number {
  if (text === undefined) return JUDGE_LIMIT;
  if (!/^\d+$/.test(text) || Number(text) > FIFTEEN_DIAMETER) throw new InvalidInputError(`--limit must be a whole number of moves from 0 to ${FIFTEEN_DIAMETER} (${FIFTEEN_DIAMETER} answers every solvable board); got "${text}".`);
  return Number(text);
}

export const fifteenCommandLine: CommandLine<FifteenQuery> = {
  usage: 'fifteen BOARD',
  example: '2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15',
  query(args) {
    if (args.length === 0) throw new InvalidInputError('fifteen takes one board, such as 2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15.');
    return { board: args.join(' ') }; // 16 numbers, given as one word or as several
  },
  answerText(value) {
    const answer = value as FifteenResponse;
    const rows = answer.board.split(',').map(Number);
    const board = Array.from({ length: 4 }, (_, row) => rows.slice(row * 4, row * 4 + 4).map((tile) => (tile === 0 ? '.' : String(tile)).padStart(3)).join('')).join('\n');
    const line = answer.steps === 0 ? 'already at the goal' : `${answer.steps} moves: ${answer.path}`;
    const moves = answer.movesUnvalued ?? `moves (the blank's move -> moves left after it):\n${movesText(answer.moves)}`;
    return `${board}\n${line} (${answer.source})\n${moves}`;
  },
  farthestText: (far) => `${far.board}  ${String(far.path)}`,
  solveUsage: `--limit 0..${FIFTEEN_DIAMETER} (fifteen; default ${JUDGE_LIMIT})`,
  solveOptions: { limit: { type: 'string' } },
  judgeSolver(_engine, { limit }) {
    const within = limitOption(limit);
    return (input) => solveFifteenJudge(input, UNLIMITED, within); // npm run solve has no deadline
  },
};
