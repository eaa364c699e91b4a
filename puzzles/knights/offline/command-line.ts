/** The knights puzzle on the command line: its words, and its answers and records as a person reads them. */
import { InvalidInputError } from '../../../core/errors';
import { UNLIMITED } from '../../../core/ida-star';
import { formatKnightsBoard } from '../rules/board';
import { DEFAULT_LIMIT, MAX_LIMIT, type KnightsQuery, parseLimit } from '../rules/query';
import { movesText } from '../../moves-text';
import type { CommandLine } from '../../roles/command-line';
import type { KnightsResponse } from '../response';
import { KNIGHTS_FORMAT } from '../tables';
import { solveKnightsJudge } from './judge-solver';

export function knightsAnswerText(answer: KnightsResponse): string {
  const steps = answer.steps;
  const board = answer.board.split('/').join('\n');
  const distance =
    steps < 0 ? `more than ${answer.limit} moves from the ${answer.goal} goal` : steps === 0 ? `at the ${answer.goal} goal` : `${steps} ${steps === 1 ? 'move' : 'moves'} from the ${answer.goal} goal`;
  const line = steps > 0 ? `line: the empty square goes to ${answer.path.join(' ')}\n` : '';
  return `${board}\n${distance} (${answer.source})\n${line}moves (the cell the empty square jumps to -> moves left after it):\n${movesText(answer.moves)}`;
}

export const knightsCommandLine: CommandLine<KnightsQuery> = {
  usage: 'knights BOARD [--goal NAME|BOARD] [--limit N]',
  options: { goal: { type: 'string' }, limit: { type: 'string' } },
  example: '10110/01*11/10111/01001/00000',
  query(args, { goal, limit }) {
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
  solveUsage: `--limit 0..${MAX_LIMIT} (knights; default ${DEFAULT_LIMIT})`,
  solveOptions: { limit: { type: 'string' } },
  judgeSolver(engine, { limit }) {
    const within = limit === undefined ? DEFAULT_LIMIT : parseLimit(limit);
    return (input) => solveKnightsJudge(input, engine, UNLIMITED, within); // npm run solve has no deadline
  },
};
