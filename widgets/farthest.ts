/** A table's farthest positions, as GET /stats lists them: the hardest questions, one click from being asked. */
import type { FarthestPositionResponse, TableStatsResponse } from '../api/shapes';
import { byId } from './dom';

/** The table's farthest positions as buttons that load one onto the board and solve it. */
export function farthestList(listId: string, stats: TableStatsResponse, label: (far: FarthestPositionResponse) => string, load: (far: FarthestPositionResponse) => void): void {
  const list = byId(listId);
  list.textContent = '';
  for (const far of stats.state === 'loaded' ? stats.farthest : []) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.textContent = `${far.steps} moves: ${label(far)}`;
    button.addEventListener('click', () => load(far));
    item.appendChild(button);
    list.appendChild(item);
  }
}
