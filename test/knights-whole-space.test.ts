import { describe, expect, it } from 'vitest';
import { resolveKnightsGoal } from '../core/knights/goals';
import { buildKnightsTable } from '../core/knights/table';

describe('the whole knights space', () => {
  it('has 67,603,900 positions, all connected to the standard goal, the farthest 39 moves away', () => {
    const { bfs } = buildKnightsTable(resolveKnightsGoal('standard'), 39);
    expect(bfs.order.length).toBe(67_603_900);
    expect(bfs.complete).toBe(true);
    expect(bfs.depth).toBe(39);
    expect(bfs.levels.length).toBe(40);
    expect(bfs.levels.reduce((a, b) => a + b, 0)).toBe(67_603_900);
    expect(bfs.levels.slice(0, 16).reduce((a, b) => a + b, 0)).toBe(1_671_855);
    expect(bfs.levels[39]).toBeGreaterThan(0);
  });
});
