/** Eight II on the command line: its words, and its answers and records as a person reads them. */
import { InvalidInputError } from '../../../core/errors';
import { UNLIMITED } from '../../../core/ida-star';
import { formatEightBoard } from '../rules/board';
import { canonicalize } from '../rules/canonical';
import type { EightQuery } from '../rules/query';
import { movesText } from '../../moves-text';
import type { CommandLine } from '../../roles/command-line';
import type { EightResponse } from '../response';
import { EIGHT_FORMAT, eightLetters } from '../tables';
import { solveEightJudge } from './judge-solver';

export const eightCommandLine: CommandLine<EightQuery> = {
  usage: 'eight A B',
  example: '12X453786 12345678X',
  query(args) {
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
  judgeSolver(engine) {
    return (input) => solveEightJudge(input, engine, UNLIMITED); // npm run solve has no deadline
  },
};
