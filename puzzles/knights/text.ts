/** A knights answer as a person reads it (npm run ask). */
import type { KnightsResponse } from '../../lambda/api';
import { movesText } from '../moves-text';

export function knightsAnswerText(answer: KnightsResponse): string {
  const steps = answer.steps;
  const board = answer.board.split('/').join('\n');
  const distance =
    steps < 0 ? `more than ${answer.limit} moves from the ${answer.goal} goal` : steps === 0 ? `at the ${answer.goal} goal` : `${steps} ${steps === 1 ? 'move' : 'moves'} from the ${answer.goal} goal`;
  const line = steps > 0 ? `line: the empty square goes to ${answer.path.join(' ')}\n` : '';
  return `${board}\n${distance} (${answer.source})\n${line}moves (the cell the empty square jumps to -> moves left after it):\n${movesText(answer.moves)}`;
}
