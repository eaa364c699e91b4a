import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../core/errors';
import { KNIGHT_JUMPS, formatKnightsBoard, parseKnightsBoard, parseKnightsRows, playKnightsLine } from '../../../puzzles/knights/rules/board';
import { KNIGHTS_GOALS, resolveKnightsGoal } from '../../../puzzles/knights/rules/goals';
import { DEFAULT_LIMIT, parseLimit } from '../../../puzzles/knights/rules/query';
import { decodeKnights, encodeKnights, knightsRank, knightsSpace, KNIGHTS_POSITIONS } from '../../../puzzles/knights/rules/space';
import { knightsBoardArbitrary } from '../../../puzzles/knights/seeded-inputs';
import { SEED, samples } from '../../../core/seeded';

const SAMPLE = '10110/01*11/10111/01001/00000';

describe('knights board', () => {
  it('reads rows joined by "/", the 25 characters alone, and lines', () => {
    const board = parseKnightsBoard(SAMPLE);
    expect(board).toBe('1011001*111011101001' + '00000');
    expect(parseKnightsBoard(SAMPLE.replaceAll('/', ''))).toBe(board);
    expect(parseKnightsBoard(SAMPLE.replaceAll('/', '\r\n') + '\n\n')).toBe(board);
    expect(parseKnightsBoard(`  ${SAMPLE} `)).toBe(board);
    expect(formatKnightsBoard(board)).toBe(SAMPLE);
  });

  it('ignores spaces and "/" anywhere between cells: a row split by a stray one is still the same row', () => {
    const board = parseKnightsBoard(SAMPLE);
    expect(parseKnightsBoard('10110 01*11 10111 01001 00000')).toBe(board);
    expect(parseKnightsBoard('1 0 1 1 0 / 0 1 * 1 1 / 1 0 1 1 1 / 0 1 0 0 1 / 0 0 0 0 0')).toBe(board);
    expect(parseKnightsBoard('10110/01 *11/10111/01001/00000')).toBe(board);
    expect(parseKnightsBoard('101100/1*11/10111/01001/00000')).toBe(board); // the cells in order are what count
    expect(parseKnightsBoard('\t10110\n01*11\r\n10111 //01001\u00a000000\n')).toBe(board);
  });

  it('reads any board the same with spaces and "/" inserted anywhere (property)', () => {
    const separator = fc.stringMatching(/^[ \t\n\r/]{1,3}$/);
    const written = fc.tuple(knightsBoardArbitrary, fc.array(fc.tuple(fc.nat(25), separator), { maxLength: 12 })).map(([board, inserts]) => {
      const pieces = [...board];
      // from the last position backwards, so that earlier positions still point at cells
      for (const [at, text] of [...inserts].sort(([a], [b]) => b - a)) pieces.splice(at, 0, text);
      return { board, text: pieces.join('') };
    });
    fc.assert(fc.property(written, ({ board, text }) => parseKnightsBoard(text) === board), { seed: SEED, numRuns: 500 });
  });

  it('counts the cells as typed when a separator stands among them and a cell is missing or extra (property)', () => {
    const separator = fc.constantFrom(' ', '/', '\n');
    const short = fc.tuple(knightsBoardArbitrary, fc.nat(24), fc.nat(23), separator).map(([board, dropped, at, text]) => {
      const cells = [...board];
      cells.splice(dropped, 1);
      cells.splice(at + 1, 0, text);
      return cells.join('');
    });
    fc.assert(
      fc.property(short, (text) => {
        expect(() => parseKnightsBoard(text)).toThrow(/this one has (24\.|\d rows?)/);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it.each([
    ['', /empty/],
    ['10110/01*11/10111/01001', /5 rows of 5 cells; this one has 4 rows/],
    ['10110/01*11/10111/01001/00000/00000', /this one has 6 rows/],
    ['1011001*11101110100100000x', /25 cells.*this one has 26/],
    ['10110/01*11/10121/01001/00000', /Row 3, column 4 holds "2"/],
    // a stray space (here where the * was) splits no row: the cells are counted as typed
    ['10110/01 11/10111/01001/00000', /^A board has 25 cells \(.*spaces and "\/" between cells are ignored\); this one has 24\.$/],
    ['10110/01*11/10111/01001/0000', /25 cells.*this one has 24\./],
    ['10110 01*11 10111 01001', /5 rows of 5 cells; this one has 4 rows/],
    ['10110/01*11/1 0 1 2 1/01001/00000', /Row 3, column 4 holds "2"/],
    ['10110/01\u000011/10111/01001/00000', /Row 2, column 3 holds "\\u\{0\}"/],
    ['10110/01011/10111/01001/00000', /12 white.*this one has 13 white, 12 black and 0 empty/],
    ['10110/01**1/10111/01001/00000', /this one has 12 white, 11 black and 2 empty/],
    ['00110/01*11/10111/01001/00000', /this one has 13 white, 11 black and 1 empty/],
  ])('rejects %j with a clear message', (text, message) => {
    expect(() => parseKnightsBoard(text)).toThrow(InvalidInputError);
    expect(() => parseKnightsBoard(text)).toThrow(message);
  });

  it('reads a board given as its 5 rows, and says which row or cell is wrong', () => {
    const rows = SAMPLE.split('/');
    expect(parseKnightsRows(rows)).toBe(parseKnightsBoard(SAMPLE));
    expect(() => parseKnightsRows(rows.slice(0, 1))).toThrow(new InvalidInputError('A board has 5 rows of 5 cells; this one has 1 row.'));
    expect(() => parseKnightsRows([...rows, '00000'])).toThrow(new InvalidInputError('A board has 5 rows of 5 cells; this one has 6 rows.'));
    expect(() => parseKnightsRows(rows.with(1, '01*1'))).toThrow(new InvalidInputError('Row 2 ("01*1") has 4 cells; every row has 5.'));
    for (const [symbol, at] of [['2', 2], ['x', 0], [' ', 4]] as const) {
      const row = [...rows[3]];
      row[at] = symbol;
      expect(() => parseKnightsRows(rows.with(3, row.join('')))).toThrow(
        new InvalidInputError(`Row 4, column ${at + 1} holds "${symbol}", which is not a cell: use 0 (white knight), 1 (black knight) or * (the empty square).`),
      );
    }
    expect(() => parseKnightsRows(rows.with(0, '00110'))).toThrow(/this one has 13 white, 11 black and 1 empty/);
  });

  it('lists every knight jump in increasing cell order', () => {
    expect(KNIGHT_JUMPS[0]).toEqual([7, 11]);
    expect(KNIGHT_JUMPS[12]).toEqual([1, 3, 5, 9, 15, 19, 21, 23]);
    expect(KNIGHT_JUMPS.flat().length).toBe(96); // 48 knight-move pairs on a 5x5 board, both ways
    KNIGHT_JUMPS.forEach((targets, cell) => {
      expect([...targets].sort((a, b) => a - b)).toEqual(targets);
      for (const target of targets) expect(KNIGHT_JUMPS[target]).toContain(cell);
    });
  });

  it('plays a line and refuses an illegal jump', () => {
    const board = parseKnightsBoard(SAMPLE);
    expect(playKnightsLine(board, [])).toBe(board);
    expect(playKnightsLine(board, [0])).toBe(parseKnightsBoard('*0110/01111/10111/01001/00000'));
    expect(playKnightsLine(board, [0, 7])).toBe(board);
    expect(() => playKnightsLine(board, [1])).toThrow(/Cell 1 is not a knight's jump from the empty square at cell 7/);
  });
});

describe('knights goals and limits', () => {
  it('has the standard goal by default and accepts goal boards', () => {
    expect(formatKnightsBoard(resolveKnightsGoal(undefined).board)).toBe('11111/01111/00*11/00001/00000');
    expect(resolveKnightsGoal('standard')).toBe(KNIGHTS_GOALS.get('standard'));
    expect(resolveKnightsGoal(SAMPLE)).toEqual({ name: undefined, board: parseKnightsBoard(SAMPLE) });
  });

  it('rejects unknown names and bad goal boards', () => {
    expect(() => resolveKnightsGoal('nonesuch')).toThrow(/no goal named "nonesuch": use standard/);
    expect(() => resolveKnightsGoal('11111/01111')).toThrow(/goal is not a valid board/);
  });

  it('takes the standard goal written out as a board to be the standard goal, with its name', () => {
    expect(resolveKnightsGoal('11111/01111/00*11/00001/00000')).toBe(KNIGHTS_GOALS.get('standard'));
    expect(resolveKnightsGoal(' 1111101111 00*11 0000100000')).toBe(KNIGHTS_GOALS.get('standard'));
  });

  it('reads a goal as a name only when all of it is one: a board with a letter first or last is a bad board', () => {
    expect(() => resolveKnightsGoal('x0110/01*11/10111/01001/00000')).toThrow(/^The goal is not a valid board\. Row 1, column 1 holds "x"/);
    expect(() => resolveKnightsGoal('10110/01*11/10111/01001/0000x')).toThrow(/^The goal is not a valid board\. Row 5, column 5 holds "x"/);
  });

  it('accepts limits 0..39 (default 15) and refuses anything else', () => {
    expect(parseLimit(undefined)).toBe(DEFAULT_LIMIT);
    expect(DEFAULT_LIMIT).toBe(15);
    expect(parseLimit(0)).toBe(0);
    expect(parseLimit('15')).toBe(15);
    expect(parseLimit(39)).toBe(39);
    for (const bad of [-1, 40, 'x', 1.5, '1e1', '', ' ', 'ten', null, true, [], {}, Number.NaN, Infinity, '0x1']) {
      expect(() => parseLimit(bad), String(bad)).toThrow(/limit must be a whole number of moves from 0 to 39/);
    }
  });

  it('quotes a refused limit as sent: a string in quotes, shown like any input, anything else as JSON', () => {
    const refused = (shown: string) => new InvalidInputError(`The limit must be a whole number of moves from 0 to 39; got ${shown}.`);
    expect(() => parseLimit('ten"')).toThrow(refused('"ten""'));
    expect(() => parseLimit('1\t2')).toThrow(refused('"1\\u{9}2"'));
    expect(() => parseLimit('9'.repeat(50))).toThrow(refused(`"${'9'.repeat(40)}…"`));
    expect(() => parseLimit([15])).toThrow(refused('[15]')); // a number in an array is no number, though it prints as one
    expect(() => parseLimit({})).toThrow(refused('{}'));
    expect(() => parseLimit([])).toThrow(refused('[]'));
    expect(() => parseLimit(Symbol('x'))).toThrow(refused('Symbol(x)')); // JSON has no text for it
  });
});

describe('knights state space', () => {
  it('encodes and decodes boards, and ranks them densely', () => {
    expect(KNIGHTS_POSITIONS).toBe(67_603_900);
    for (const board of samples(knightsBoardArbitrary, 500)) {
      const code = encodeKnights(board);
      expect(decodeKnights(code)).toBe(board);
      const rank = knightsRank(code);
      expect(rank).toBeGreaterThanOrEqual(0);
      expect(rank).toBeLessThan(KNIGHTS_POSITIONS);
    }
  });

  it('generates the same neighbours as playing each jump on the board', () => {
    for (const board of samples(knightsBoardArbitrary, 300)) {
      const code = encodeKnights(board);
      const empty = board.indexOf('*');
      expect(knightsSpace.degree(code)).toBe(KNIGHT_JUMPS[empty].length);
      KNIGHT_JUMPS[empty].forEach((target, i) => {
        const next = knightsSpace.step(code, i);
        expect(decodeKnights(next)).toBe(playKnightsLine(board, [target]));
        expect(playKnightsLine(decodeKnights(next), [KNIGHT_JUMPS[target][knightsSpace.backIndex(code, i)]])).toBe(board);
      });
    }
  });
});
