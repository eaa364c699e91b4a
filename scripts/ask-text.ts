/** What the service's /health and /stats answer, as a person reads it (ask prints these unless --json). */
import type { FarthestPositionResponse, HealthResponse, StatsResponse, TableIdentity, TableHealthResponse } from '../api/shapes';

/** What /health says, as a person reads it: the service's state, each table's, and each search's estimate. */
export function healthText(url: URL, health: HealthResponse): string {
  const number = (value: number) => value.toLocaleString('en');
  const tableText = (table: TableHealthResponse) =>
    table.state === 'loaded'
      ? `loaded to depth ${table.depth}${table.whole ? ' (the whole space)' : ''}, ${number(table.positions)} positions, completed ${table.completedAt}`
      : table.state === 'outdated'
        ? `outdated. ${table.message}`
        : table.state;
  return [
    `${url.origin}${url.pathname.replace(/\/+$/, '')} is ${health.status}, DynamoDB ${health.dynamodb}${health.message ? `: ${health.message}` : ''}`,
    ...Object.entries(health.tables).map(([id, table]) => `  ${id} (${identityText(table)}): ${tableText(table)}`),
    ...Object.entries(health.estimates).map(([puzzle, estimate]) => `  ${puzzle}'s search: ${estimate.inUse}${estimate.coming ? `; coming: ${estimate.coming}` : ''}`),
  ].join('\n');
}

/** What a table answers: its puzzle, and the goal's name and board and largest limit, when it has them. */
function identityText(table: TableIdentity): string {
  const goal = table.goalName === undefined ? '' : `, goal ${table.goalName} = ${table.goal}`;
  return `${table.puzzle}${goal}${table.maxLimit === undefined ? '' : `, limits up to ${table.maxLimit}`}`;
}

/** What /stats says, as a person reads it: each table's state, its distances (or its estimates' spread) and its farthest positions. */
export function statsText(answer: StatsResponse, puzzleNamed: (name: string) => { commandLine: { farthestText?: (far: FarthestPositionResponse) => string } } | undefined): string {
  const number = (value: number) => value.toLocaleString('en');
  return Object.entries(answer.tables)
    .map(([id, table]) => {
      if (table.state !== 'loaded') return `${id} (${identityText(table)}): ${table.state}. ${table.message} (${number(table.spacePositions)} positions in the whole space)`;
      if (table.arrays) {
        // a table of estimates (arrays), not of positions: what it holds, and how its entries spread
        const arrays = table.arrays.map((array) => `  ${array.name}: ${number(array.entries)} entries`).join('\n');
        const values = table.levels.map((count, k) => `  ${String(k).padStart(2)}: ${number(count)} entries`).join('\n');
        return [
          `${id} (${identityText(table)}): loaded, ${table.arrays.length} arrays of estimates, ${number(table.positions)} entries in ${number(table.pages)} pages (${number(table.bytes)} bytes, ${number(table.writeUnits)} write units to load); its search reads them, no answer is stored in them`,
          arrays,
          `entries by value (the fewest moves of a group's tiles), up to ${table.depth}:`,
          values,
        ].join('\n');
      }
      const levels = table.levels.map((count, k) => `  ${String(k).padStart(2)} ${k === 1 ? 'move: ' : 'moves:'} ${number(count)}`).join('\n');
      const farthestText = puzzleNamed(table.puzzle)?.commandLine.farthestText ?? ((far: FarthestPositionResponse) => far.board);
      const farthest = table.farthest.map((far) => `  ${far.steps} moves: ${farthestText(far)}`).join('\n');
      return [
        `${id} (${identityText(table)}): loaded to depth ${table.depth}${table.whole ? ' (the whole space)' : ''}, ${number(table.positions)} positions in ${number(table.pages)} pages (${number(table.bytes)} bytes, ${number(table.writeUnits)} write units to load)`,
        levels,
        ...(table.farthest.length > 0 ? ['farthest:', farthest] : []),
      ].join('\n');
    })
    .join('\n\n');
}
