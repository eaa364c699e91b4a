/**
 * A table's distance histogram for the page, drawn as SVG by the page itself (no library, nothing
 * fetched): one bar per distance from GET /stats, the position just answered marked.
 */
import type { TableStatsResponse } from '../api/shapes';

/** SVG's namespace: a name that createElementNS needs, never fetched. */
const SVG = 'http://www.w3.org/2000/svg';

/**
 * Draws a table's histogram into `figure` (show), then marks a position's distance (mark).
 * Counts span 1 to millions, so bar heights are on a square-root scale: every level stays visible.
 */
export function distanceHistogram(figure: HTMLElement, what: string) {
  let named = what;
  let levels: number[] = [];
  let depth = 0;
  function draw(here: number | null): void {
    figure.textContent = '';
    const width = 360;
    const height = 120;
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', `0 0 ${width} ${height + 16}`);
    svg.setAttribute('role', 'img');
    const top = Math.sqrt(Math.max(...levels));
    const slot = width / levels.length;
    levels.forEach((count, distance) => {
      const bar = document.createElementNS(SVG, 'rect');
      const tall = Math.max(1, (Math.sqrt(count) / top) * height);
      bar.setAttribute('x', (distance * slot + slot * 0.1).toFixed(1));
      bar.setAttribute('width', (slot * 0.8).toFixed(1));
      bar.setAttribute('y', (height - tall).toFixed(1));
      bar.setAttribute('height', tall.toFixed(1));
      bar.setAttribute('class', distance === here ? 'bar here' : 'bar');
      bar.dataset.distance = String(distance);
      bar.dataset.count = String(count);
      const title = document.createElementNS(SVG, 'title');
      title.textContent = `${distance} ${distance === 1 ? 'move' : 'moves'}: ${count.toLocaleString('en')} positions`;
      bar.appendChild(title);
      svg.appendChild(bar);
      // every fifth distance, and the last unless it would crowd the one before
      const last = levels.length - 1;
      if (distance % 5 === 0 || (distance === last && last % 5 >= 3)) {
        const label = document.createElementNS(SVG, 'text');
        label.setAttribute('x', (distance * slot + slot / 2).toFixed(1));
        label.setAttribute('y', String(height + 13));
        label.setAttribute('class', 'axis');
        label.textContent = String(distance);
        svg.appendChild(label);
      }
    });
    const total = levels.reduce((a, b) => a + b, 0);
    const where =
      here === null ? '' : here >= 0 && here < levels.length ? ` This position: ${here} moves, among ${levels[here].toLocaleString('en')}.` : ` This position lies beyond the table's ${depth} moves.`;
    svg.setAttribute('aria-label', `${named}: ${total.toLocaleString('en')} positions by distance, 0 to ${levels.length - 1} moves.${where}`);
    const caption = document.createElement('figcaption');
    caption.textContent = `${named}: ${total.toLocaleString('en')} positions, by distance (0\u2013${levels.length - 1} moves).${where}`;
    figure.append(svg, caption);
  }
  return {
    /** Draws this table's levels, named `as` (the name given at first, unless told). */
    show(stats: TableStatsResponse, as: string = what): void {
      named = as;
      levels = [];
      if (stats.state !== 'loaded') {
        figure.textContent = stats.message;
        return;
      }
      levels = [...stats.levels];
      depth = stats.depth;
      draw(null);
    },
    /** Marks the bar of the position just answered (-1: beyond the limit, so no bar). */
    mark(steps: number): void {
      if (levels.length > 0) draw(steps < 0 ? depth + 1 : steps);
    },
  };
}
