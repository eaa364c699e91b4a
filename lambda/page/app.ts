/**
 * The page's script, run in the browser: edit a knights board or two eight boards, ask the API
 * beside the page, and play the answer back step by step. The knights goal is picked among those
 * GET /stats lists. The position and the goal live in the page's URL so they can be shared.
 * Bundled and inlined into the page at build time (scripts/build-page.ts); the page's CSP allows
 * exactly this script by its hash.
 *
 * This file only starts the page: the two panels (knights-panel.ts, eight-panel.ts), the URL that
 * keeps their state (url-state.ts) and the one question to GET /stats (stats.ts).
 */
import { eightPanel } from './eight-panel';
import { drawGoal, goalInUrl, settleGoalsBy } from './knights-goals';
import { askedLimit, fitLimitToGoal } from './knights-limit';
import { knightsPanel } from './knights-panel';
import { showStats } from './stats';
import { opened, saveUrl } from './url-state';

const knights = knightsPanel(opened.knights, keepUrl);
const eight = eightPanel(opened.from, opened.to, keepUrl);

function keepUrl(): void {
  saveUrl({ knights: knights.board(), goal: goalInUrl(), limit: askedLimit(), from: eight.from(), to: eight.to() });
}

drawGoal();
fitLimitToGoal();
knights.draw();
eight.draw();
keepUrl();
settleGoalsBy(showStats(knights, eight, keepUrl));
