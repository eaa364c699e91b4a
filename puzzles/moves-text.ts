/** Every move's value as lines of text, the same for every puzzle (npm run ask). */
export function movesText(moves: readonly { readonly move: number | string; readonly steps: number; readonly optimal: boolean }[]): string {
  return moves
    .map(({ move, steps, optimal }) => `  ${String(move).padStart(2)} -> ${steps < 0 ? 'beyond the limit' : `${steps} ${steps === 1 ? 'move' : 'moves'}`}${optimal ? '  (optimal)' : ''}`)
    .join('\n');
}
