/**
 * GET /stats, asked once as the page starts: it describes every table, and each panel reads its
 * own there (its histograms and farthest positions; a panel whose questions name a goal, the goals loaded).
 */
import type { StatsResponse } from '../../api/shapes';
import { ask } from '../../widgets/dom';
import type { OpenPanel } from '../../widgets/panel';

export function showStats(panels: readonly OpenPanel[]): void {
  const stats = ask<StatsResponse>('/stats');
  // each panel says itself where the answer could not be read
  stats.catch(() => {});
  for (const panel of panels) void panel.showStats(stats);
}
