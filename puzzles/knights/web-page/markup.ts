/**
 * What the build writes into the knights panel's markup (panel.html): the default goal, by board
 * and by name, which the page asks for until GET /stats lists the goals loaded (and if it cannot
 * be read). Read by scripts/build-web-page.ts in Node, never in the browser.
 */
import { DEFAULT_GOAL, KNIGHTS_GOALS } from '../rules/goals';

export const BUILT_IN_GOAL_MARKUP = {
  __GOAL__: KNIGHTS_GOALS.get(DEFAULT_GOAL)!.board,
  __GOAL_NAME__: DEFAULT_GOAL,
} as const;
