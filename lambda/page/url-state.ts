/**
 * The page's state in its URL, so that a position can be shared and survives a reload:
 * ?board=…&goal=…&limit=…&from=…&to=… (the knights board, goal and limit; the eight boards).
 * Read once as the page starts; written back as it changes, in place of the current history
 * entry (editing a board is not navigating).
 */
import { cellsOf, rows } from './boards';

/** The knights sample the page opens with when the URL names no board. */
const DEFAULT_KNIGHTS = '10110' + '01*11' + '10111' + '01001' + '00000';

const query = new URLSearchParams(location.search);

/**
 * What the URL asked for as the page opened. A board that is not one becomes the default board;
 * the goal and the limit are checked where what they may be is known (knights-goals.ts, knights-limit.ts).
 */
export const opened = {
  knights: boardOrDefault(query.get('board'), /^[01*]{25}$/, DEFAULT_KNIGHTS),
  goal: query.get('goal'),
  limit: query.get('limit'),
  from: boardOrDefault(query.get('from'), /^[1-8X]{9}$/, '12X453786'),
  to: boardOrDefault(query.get('to'), /^[1-8X]{9}$/, '12345678X'),
} as const;

/** The state the URL keeps. */
export interface UrlState {
  /** The knights board, 25 cells. */
  readonly knights: string;
  /** The knights goal's name. */
  readonly goal: string;
  readonly limit: number;
  /** The eight boards, 9 cells each. */
  readonly from: string;
  readonly to: string;
}

export function saveUrl(state: UrlState): void {
  const query = new URLSearchParams({
    board: rows(state.knights),
    goal: state.goal,
    limit: String(state.limit),
    from: state.from,
    to: state.to,
  });
  history.replaceState(null, '', `?${query.toString()}`);
}

function boardOrDefault(value: string | null, pattern: RegExp, fallback: string): string {
  const cells = cellsOf(value ?? '');
  return pattern.test(cells) ? cells : fallback;
}
