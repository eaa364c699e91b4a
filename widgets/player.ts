/** A puzzle's solved line on the page, and its playback: the same for every puzzle, whatever its moves are. */
import { byId, say } from './dom';
import type { MoveValue } from './move-value';

export interface Playable<Position, Move> {
  position: Position;
  path: readonly Move[];
  /** Every legal move's value at `start`, shown on the board while it shows `start`. */
  moves: readonly MoveValue<Move>[];
  /** Moves of the path played so far. */
  at: number;
  /** The position the path starts from (set when solved). */
  start: Position | null;
  timer: ReturnType<typeof setInterval> | null;
}

/** An edited board has no solution yet: stop playback and forget the line. */
export function unsolve<Move>(state: Playable<string, Move>, controls: { stop(): void; buttons(): void }): void {
  controls.stop();
  state.path = [];
  state.moves = [];
  state.start = null;
  controls.buttons();
}

/**
 * Playback of a solved line, the same for every puzzle: Play/Pause, Step and Reset over
 * state.path, moving state.position with play(position, move) and redrawing with draw().
 */
export function player<Move>(
  prefix: string,
  state: Playable<string, Move>,
  play: (position: string, move: Move) => string,
  draw: () => void,
  statusId: string,
  everyMs: number,
) {
  const playButton = byId<HTMLButtonElement>(`${prefix}play`);
  const stepButton = byId<HTMLButtonElement>(`${prefix}step`);
  const resetButton = byId<HTMLButtonElement>(`${prefix}reset`);
  function buttons(): void {
    const solved = state.path.length > 0;
    playButton.disabled = !solved;
    playButton.textContent = state.timer ? 'Pause' : 'Play';
    stepButton.disabled = !solved || state.at >= state.path.length;
    resetButton.disabled = !solved || state.at === 0;
  }
  function stop(): void {
    if (state.timer) clearInterval(state.timer);
    state.timer = null;
    buttons();
  }
  /** The status line's answer, without what playback added to it (which move, or "Played."). */
  const answerText = () => byId(statusId).textContent!.replace(/ (Move \d+ of \d+|Played)\.$/, '');
  function step(): void {
    if (state.at >= state.path.length) {
      stop();
      return;
    }
    state.position = play(state.position, state.path[state.at++]);
    draw();
    buttons();
    if (state.at >= state.path.length) {
      stop();
      say(statusId, `${answerText()} Played.`);
    } else {
      say(statusId, `${answerText()} Move ${state.at} of ${state.path.length}.`);
    }
  }
  function reset(): void {
    stop();
    if (state.start !== null) {
      state.position = state.start;
      state.at = 0;
      draw();
      say(statusId, answerText());
    }
    buttons();
  }
  playButton.addEventListener('click', () => {
    if (state.timer) {
      stop();
      return;
    }
    if (state.at >= state.path.length) reset();
    state.timer = setInterval(step, everyMs);
    buttons();
  });
  stepButton.addEventListener('click', () => {
    stop();
    step();
  });
  resetButton.addEventListener('click', reset);
  return { stop, buttons };
}
