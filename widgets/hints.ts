/** Every legal move's value, marked on the board as a chess tablebase explorer marks them. */
import type { MoveValue } from './move-value';
import type { Playable } from './player';

/** The value of the move to `key` while the board shows the answered position, else undefined. */
export function hintAt<Move>(state: Playable<string, Move>, key: (value: MoveValue<Move>) => boolean): MoveValue<Move> | undefined {
  return state.start !== null && state.position === state.start ? state.moves.find(key) : undefined;
}

/**
 * Marks a board cell with its move's value: colour by optimal or not, the distance after it as a
 * badge. `limit` words a move past it (steps -1); a puzzle without a limit never has one.
 */
export function markHint(button: HTMLElement, hint: MoveValue<unknown> | undefined, limit?: number): void {
  if (!hint) return;
  button.classList.add(hint.optimal ? 'opt' : 'worse');
  const badge = document.createElement('small');
  badge.textContent = hint.steps < 0 ? `>${limit}` : String(hint.steps);
  button.appendChild(badge);
  const after = hint.steps < 0 ? `more than ${limit} moves to go` : `${hint.steps} ${hint.steps === 1 ? 'move' : 'moves'} to go`;
  button.setAttribute('aria-label', `${button.getAttribute('aria-label')}; move here: ${after}${hint.optimal ? ', optimal' : ''}`);
}
