import { spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PUZZLE_LIST } from '../support/registered-names';
import { ENGINES } from '../../core/engine';
import { InvalidInputError, UnreachableError } from '../../core/errors';
import { solveEightJudge } from '../../puzzles/eight/offline/judge-solver';
import { solveKnightsJudge } from '../../puzzles/knights/offline/judge-solver';
import { searchBudget } from '../support/search-budget';
import { main } from '../../scripts/solve';

const KNIGHTS_INPUT = '2\n10110\n01*11\n10111\n01001\n00000\n01011\n110*1\n01110\n01010\n00100\n';
const KNIGHTS_OUTPUT = '7\n-1\n';
const EIGHT_INPUT = '2\n12X453786\n12345678X\n564178X23\n7568X4123\n';
const EIGHT_OUTPUT = 'Case 1: 2\ndd\nCase 2: 8\nurrulldr\n';
const EIGHT_MORE_INPUT = '5\nX87654321\n12345678X\n8X7654321\n12345678X\n21854376X\n12345678X  \n241568X73\n12345678X\n12345678X\n12345678X\n';
const EIGHT_MORE_OUTPUT = [
  'Case 1: 28', 'ddrruullddrruullddrruullddrr',
  'Case 2: 27', 'rddlluurrddlluurrddlluurrdd',
  'Case 3: 20', 'ululdrrulldrrdluurdd',
  'Case 4: 18', 'rurdlulurrdllurdrd',
  'Case 5: 0', '',
].join('\n') + '\n';
/** Every search of the judge inputs here, the SPEC's samples and cases. */
const budget = searchBudget(200);

describe.each(ENGINES)('judge output with the %s engine', (engine) => {
  it('answers the knights sample exactly', () => {
    expect(solveKnightsJudge(KNIGHTS_INPUT, engine, budget)).toBe(KNIGHTS_OUTPUT);
  });

  it('answers the eight sample and the SPEC cases exactly', () => {
    expect(solveEightJudge(EIGHT_INPUT, engine, budget)).toBe(EIGHT_OUTPUT);
    expect(solveEightJudge(EIGHT_MORE_INPUT, engine, budget)).toBe(EIGHT_MORE_OUTPUT);
  });
});

describe('judge input', () => {
  it('tolerates extra whitespace, blank lines and CRLF', () => {
    const messy = '\n 2 \r\n\r\n10110  \r\n01*11\n\n10111\n01001\n00000\n\n01011\n110*1\n01110\n01010\n00100\n\n\n';
    expect(solveKnightsJudge(messy, 'search', budget)).toBe(KNIGHTS_OUTPUT);
    expect(solveEightJudge('2  \n12X453786   \n12345678X\t\n\n564178X23\r\n7568X4123', 'search', budget)).toBe(EIGHT_OUTPUT);
  });

  it('answers any number of cases', () => {
    const many = 300;
    const input = `${many}\n` + '10110\n01*11\n10111\n01001\n00000\n'.repeat(many);
    expect(solveKnightsJudge(input, 'search', budget)).toBe('7\n'.repeat(many));
  });

  it.each([
    ['', /input is empty/],
    ['0\n', /number of cases, a whole number of at least 1; found "0"/],
    ['two\n', /found "two"/],
    ['2\n10110\n01*11\n10111\n01001\n00000\n', /announces 2 cases, but the input ends in case 2, which needs 5 lines and has 0/],
    ['1\n10110\n01*11\n10111\n01001\n00000\n11111\n', /more input follows them, starting with "11111"/],
    ['2\n10110\n01*11\n10111\n01001\n0000\n01011\n110*1\n01110\n01010\n00200\n', /Case 1: Row 5 \("0000"\) has 4 cells[^]*Case 2: Row 5, column 3 holds "2"/],
  ])('knights: %j is refused', (input, message) => {
    expect(() => solveKnightsJudge(input, 'auto', budget)).toThrow(InvalidInputError);
    expect(() => solveKnightsJudge(input, 'auto', budget)).toThrow(message);
  });

  it.each([
    ['1\n12X453786\n', /ends in case 1, which needs 2 lines and has 1/, InvalidInputError],
    ['1\n12X453786\n1234567X\n', /Case 1: Board B "1234567X" has 8 characters/, InvalidInputError],
    ['1\n12Y453786\n12345678X\n', /Case 1: Board A "12Y453786" has "Y" at position 3/, InvalidInputError],
    ['2\n12X453786\n12345678X\n12345678X\n12345687X\n', /Case 2: 12345687X cannot be reached from 12345678X/, UnreachableError],
  ])('eight: %j is refused', (input, message, kind) => {
    expect(() => solveEightJudge(input, 'auto', budget)).toThrow(kind);
    expect(() => solveEightJudge(input, 'auto', budget)).toThrow(message);
  });
});

describe('the solve command', () => {
  const run = (args: string[], input: string) => main(args, Readable.from([input]));

  it('prints judge output and exits 0', async () => {
    expect(await run(['knights'], KNIGHTS_INPUT)).toEqual({ stdout: KNIGHTS_OUTPUT, stderr: '', code: 0 });
    expect(await run(['eight', '--engine', 'table'], EIGHT_INPUT)).toEqual({ stdout: EIGHT_OUTPUT, stderr: '', code: 0 });
  });

  it('solves the 15-puzzle\'s judge input (LightOJ), with --limit up to 80, and refuses a limit past it', async () => {
    const input = '2\n\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n\n2 1 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n';
    expect(await run(['fifteen'], input)).toMatchObject({ stdout: 'Case 1: LLLDRDRDR\nCase 2: This puzzle is not solvable.\n', code: 0 });
    expect(await run(['fifteen', '--limit', '81'], input)).toMatchObject({ stdout: '', code: 2, stderr: expect.stringMatching(/^--limit must be a whole number of moves from 0 to 80/) });
    // a board 80 moves away, with --limit 80: over the 7-8 databases (built once a run, else found kept), seconds
    const farthest = '1\n\n0 12 9 13\n15 11 10 14\n3 7 5 6\n4 8 2 1\n';
    expect(await run(['fifteen', '--limit', '80'], farthest)).toMatchObject({ stdout: 'Case 1: DDDRRRULUULLDDDRRUULLDDRRURUULDLLDDRRRUUULDLDRRUULLLDDRRDRUULULLDDDRURULDLDRRURD\n', code: 0 });
  });

  it('answers past the judge\'s 15 moves with --limit, the same by search and by table', async () => {
    // The second sample board is 18 moves away: -1 for the judge, 18 when asked for the exact distance.
    for (const engine of ['search', 'table']) {
      expect(await run(['knights', '--limit', '39', '--engine', engine], KNIGHTS_INPUT)).toEqual({ stdout: '7\n18\n', stderr: '', code: 0 });
      expect(await run(['knights', '--limit', '17', '--engine', engine], KNIGHTS_INPUT)).toEqual({ stdout: '7\n-1\n', stderr: '', code: 0 });
    }
    expect(await run(['knights', '--limit', '40'], KNIGHTS_INPUT)).toMatchObject({ stdout: '', code: 2, stderr: expect.stringMatching(/limit must be a whole number of moves from 0 to 39; got "40"/) });
    expect(await run(['eight', '--limit', '20'], EIGHT_INPUT)).toMatchObject({ stdout: '', code: 2, stderr: expect.stringMatching(/^--limit is not an option of eight judge input\./) });
  });

  it('prints problems on stderr only and exits 2', async () => {
    const bad = await run(['eight'], '2\n12X453786\n12345678X\n564178X23\n7568X4132\n');
    expect(bad).toMatchObject({ stdout: '', code: 2 });
    expect(bad.stderr).toMatch(/^Case 2: 7568X4132 cannot be reached from 564178X23/);
    expect(await run(['chess'], '')).toMatchObject({ stdout: '', code: 2, stderr: expect.stringMatching(new RegExp(`^There is no puzzle "chess"\\. The puzzles are ${PUZZLE_LIST}\\.\\nusage:`)) });
    expect(await run(['knights', '--engine', 'magic'], '')).toMatchObject({ code: 2, stderr: expect.stringMatching(/no engine "magic"/) });
    expect(await run(['knights', '--fast'], '')).toMatchObject({ code: 2, stderr: expect.stringMatching(/usage:/) });
  });

  it('works as `npm run --silent solve` with nothing else on stdout', () => {
    const ok = spawnSync('npm', ['run', '--silent', 'solve', '--', 'knights', '--engine', 'search'], { input: KNIGHTS_INPUT, encoding: 'utf8' });
    expect(ok.stdout).toBe(KNIGHTS_OUTPUT);
    expect(ok.status).toBe(0);
    const bad = spawnSync('npm', ['run', '--silent', 'solve', '--', 'eight'], { input: '1\n12X453786\n', encoding: 'utf8' });
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/ends in case 1/);
    expect(bad.status).toBe(2);
  });
});
