/**
 * GET /stats, asked once as the page starts: it lists the knights goals loaded (until it answers
 * the page knows only the built-in goal) and describes each table, whose histogram and farthest
 * positions each panel shows.
 */
import type { StatsResponse } from '../../api/answers';
import { ask, byId, say } from './dom';
import type { EightPanel } from './eight-panel';
import { chosenGoal, takeListedGoals, wantedGoal } from './knights-goals';
import { rereadOpenedLimit } from './knights-limit';
import type { KnightsPanel } from './knights-panel';

export async function showStats(knights: KnightsPanel, eight: EightPanel, saveUrl: () => void): Promise<void> {
  const wanted = wantedGoal();
  try {
    const stats = await ask<StatsResponse>('/stats');
    const { goal, found } = takeListedGoals(stats, wanted);
    knights.showGoal(goal);
    // the URL's limit may be one only this goal accepts (unless the limit was changed meanwhile)
    if (rereadOpenedLimit()) saveUrl();
    if (wanted !== null && !found) say('kstatus', `No goal named "${wanted.slice(0, 40)}" is loaded here: the page asks for the ${goal.name} goal.`);
    eight.showTable(stats.tables.eight);
  } catch (error) {
    byId('khist').textContent = `The tables' statistics could not be read: ${(error as Error).message}`;
    if (wanted !== null) {
      // the goal the URL names cannot be looked up: the page asks for the default one
      knights.showGoal(chosenGoal());
      say('kstatus', `The loaded goals could not be read, so the page asks for the ${chosenGoal().name} goal, not "${wanted.slice(0, 40)}".`);
    }
  }
}
