/// <reference lib="dom" />
import { existsSync, mkdirSync } from 'node:fs';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatsResponse } from '../../api/shapes';
import type { KnightsResponse } from '../../puzzles/knights/response';
import { parseKnightsBoard } from '../../puzzles/knights/rules/board';
import { searchKnights } from '../../puzzles/knights/rules/search';
import { searchBudget } from '../support/search-budget';
import { isSolvable } from '../../puzzles/fifteen/rules/board';
import { type FunctionUrlServer, serveFunctionUrl } from '../../emulator/function-url-server';
import { searchOnlyHandler } from '../support/service';
import { createAppState } from '../../lambda/app-state';
import { readConfig } from '../../lambda/config';
import { createHandler } from '../../lambda/handler';
import { loadTable } from '../../store/loader';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { quietLog } from '../support/log';
import type { SolveJob } from '../../lambda/background-solves';
import { solveOnWorkers } from '../../emulator/solve-on-worker';
import { nearEightSpec } from '../support/small-tables';
import { registry } from '../../puzzles/registered';

const CHROMIUM = '/usr/bin/chromium';
const GOAL = '111110111100*110000100000';
/** A goal of one's own: the standard goal mirrored left to right, loaded as "mine" to 6 moves. */
const MINE = '11111/11110/11*00/10000/00000';
const MINE_CELLS = MINE.replace(/\//g, '');
const MINE_DEPTH = 6;
/** The knights sample mirrored left to right: 7 moves from mine (past its table), far from standard. */
const MIRRORED_SAMPLE = '01101/11*10/11101/10010/00000';
/** The 15-puzzle's goal and the SPEC's sample, 9 moves from it (llldrdrdr). */
const FIFTEEN_GOAL = '1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0';
const FIFTEEN_SAMPLE = '2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15';
// .ci/run installs Debian's chromium; on a machine without it these tests say so and are skipped.
const available = existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (see .ci/run).`);

let server: FunctionUrlServer;
/** The same page with tables loaded (knights to 8 moves, eight within 8 moves of each goal), in the suite's DynamoDB. */
let tabled: FunctionUrlServer;
let browser: Browser;

beforeAll(async () => {
  if (!available) return;
  server = await serveFunctionUrl(searchOnlyHandler(), { port: 0 });
  const client = testClient();
  const tableName = await freshTable(client, 'page');
  await loadTable(client, knightsSpec('standard', 8), { tableName, concurrency: 8 });
  await loadTable(client, knightsSpec('mine', MINE_DEPTH, parseKnightsBoard(MINE)), { tableName, concurrency: 8 });
  await loadTable(client, nearEightSpec(8), { tableName, concurrency: 8 });
  tabled = await serveFunctionUrl(createHandler(createAppState(registry, readConfig({ TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint() }), { log: quietLog() })), { port: 0 });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await tabled?.close();
});

/** The knights board as shown: 25 characters of 0, 1 and *. */
async function shownKnights(page: Page): Promise<string> {
  return page.$$eval('#kboard button', (cells) => cells.map((cell) => cell.dataset.piece).join(''));
}

/** The goal board as drawn: 25 characters of 0, 1 and *. */
async function shownGoal(page: Page): Promise<string> {
  return page.$$eval('#kgoal span', (cells) => cells.map((cell) => (cell.className === 'w' ? '0' : cell.className === 'b' ? '1' : cell.className === 'h' ? '*' : '?')).join(''));
}

/** The picker's options as [value, text]. */
async function pickerOptions(page: Page): Promise<string[][]> {
  return page.$$eval('#kgoalpick option', (options) => options.map((option) => [(option as HTMLOptionElement).value, option.textContent ?? '']));
}

const histogram = (page: Page) => page.$$eval('#khist rect', (bars) => bars.map((bar) => Number(bar.dataset.count)));
const farthest = (page: Page) => page.$$eval('#kfar button', (buttons) => buttons.map((button) => button.textContent));

/** The query of the next /knights question the page sends, while `act` runs. */
async function knightsQuestion(page: Page, act: () => Promise<unknown>): Promise<URLSearchParams> {
  const [request] = await Promise.all([page.waitForRequest((request) => new URL(request.url()).pathname === '/knights'), act()]);
  return new URL(request.url()).searchParams;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

async function shownEight(page: Page, id: 'efrom' | 'eto'): Promise<string> {
  return page.$$eval(`#${id} button`, (cells) => cells.map((cell) => cell.dataset.tile).join(''));
}

/** Enters a knights board by clicking each cell until it shows the wanted piece. */
async function enterKnights(page: Page, wanted: string): Promise<void> {
  const order = '01*';
  for (let cell = 0; cell < 25; cell++) {
    const now = (await shownKnights(page))[cell];
    const clicks = (order.indexOf(wanted[cell]) - order.indexOf(now) + 3) % 3;
    for (let i = 0; i < clicks; i++) await page.click(`#kboard [data-cell="${cell}"]`);
  }
  expect(await shownKnights(page)).toBe(wanted);
}

/** Enters an eight board by swapping cells (a selection sort by clicks). */
async function enterEight(page: Page, id: 'efrom' | 'eto', wanted: string): Promise<void> {
  for (let cell = 0; cell < 9; cell++) {
    const now = await shownEight(page, id);
    if (now[cell] === wanted[cell]) continue;
    const from = now.indexOf(wanted[cell], cell + 1);
    await page.click(`#${id} [data-cell="${cell}"]`);
    await page.click(`#${id} [data-cell="${from}"]`);
  }
  expect(await shownEight(page, id)).toBe(wanted);
}

/** The fifteen board as shown: its 16 tiles (0 the blank) joined by commas. */
async function shownFifteen(page: Page): Promise<string> {
  return page.$$eval('#fboard button', (cells) => cells.map((cell) => cell.dataset.tile).join(','));
}

/** Enters a fifteen board by swapping cells (a selection sort by clicks). */
async function enterFifteen(page: Page, wanted: string): Promise<void> {
  const target = wanted.split(',');
  for (let cell = 0; cell < 16; cell++) {
    const now = (await shownFifteen(page)).split(',');
    if (now[cell] === target[cell]) continue;
    const from = now.indexOf(target[cell], cell + 1);
    await page.click(`#fboard [data-cell="${cell}"]`);
    await page.click(`#fboard [data-cell="${from}"]`);
  }
  expect(await shownFifteen(page)).toBe(wanted);
}

/** The /fifteen questions the page sends from now on (their boards), counted as they go. */
function fifteenQuestions(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/fifteen') asked.push(url.searchParams.get('board') ?? '');
  });
  return asked;
}

/**
 * A 15-puzzle board `length` moves of the blank from the goal, and the line back (as long, though
 * not the shortest): a walk of the blank from the goal that never undoes its last move.
 */
function walkedBoard(length: number): { board: string; line: string } {
  const cells = [...Array.from({ length: 15 }, (_, i) => i + 1), 0];
  const delta: Record<string, number> = { d: 4, l: -1, r: 1, u: -4 };
  const undo: Record<string, string> = { d: 'u', u: 'd', l: 'r', r: 'l' };
  const walk: string[] = [];
  for (let i = 0; walk.length < length; i++) {
    const blank = cells.indexOf(0);
    const legal = 'dlru'.split('').filter((move) => {
      if (walk.length > 0 && move === undo[walk[walk.length - 1]]) return false;
      const to = blank + delta[move];
      return to >= 0 && to < 16 && (move === 'd' || move === 'u' || Math.floor(to / 4) === Math.floor(blank / 4));
    });
    const move = legal[(i * 7 + 3) % legal.length];
    const to = blank + delta[move];
    [cells[blank], cells[to]] = [cells[to], cells[blank]];
    walk.push(move);
  }
  return { board: cells.join(','), line: walk.reverse().map((move) => undo[move]).join('') };
}

/** Where each marked cell's badge and its number's text lie on the page, in CSS pixels. */
function badgesAndNumbers(page: Page, board: string) {
  return page.$$eval(`#${board} button.opt, #${board} button.worse`, (cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell.firstChild!);
      const box = (rect: DOMRect) => ({ left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom });
      return { number: cell.firstChild!.textContent, text: box(range.getBoundingClientRect()), badge: box(cell.querySelector('small')!.getBoundingClientRect()), cell: box(cell.getBoundingClientRect()) };
    }),
  );
}

type Box = { left: number; right: number; top: number; bottom: number };
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const inside = (a: Box, b: Box) => a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;

describe.skipIf(!available)('the web page in headless Chromium', () => {
  it('solves the knights samples entered by clicking, and plays the line to the goal', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/?board=${GOAL}`);
    await enterKnights(page, '1011001*111011101001' + '00000');
    // the page's own URL and every question it sends are encoded as the edge's signature encodes them: * too
    expect(page.url()).toContain('board=10110%2F01%2A11%2F10111%2F01001%2F00000');
    const [asked] = await Promise.all([page.waitForRequest((request) => new URL(request.url()).pathname === '/knights'), page.click('#ksolve')]);
    expect(new URL(asked.url()).search).toMatch(/^\?board=10110%2F01%2A11%2F10111%2F01001%2F00000&goal=standard&limit=\d+$/);
    await expect.poll(() => page.textContent('#kstatus')).toMatch(/^7 moves \(search\): the empty square goes to cells 4, 13, 16, 7, 10, 1, 12\.$/);
    await page.click('#kplay');
    await expect.poll(() => page.textContent('#kstatus'), { timeout: 10_000 }).toMatch(/Played\.$/);
    expect(await shownKnights(page)).toBe(GOAL);
    await page.click('#kreset');
    expect(await shownKnights(page)).toBe('1011001*111011101001' + '00000');
    await page.click('#kstep');
    expect((await shownKnights(page)).indexOf('*')).toBe(4);

    await enterKnights(page, ['01011', '110*1', '01110', '01010', '00100'].join(''));
    await page.click('#ksolve');
    await expect.poll(() => page.textContent('#kstatus')).toMatch(/More than 15 moves/);
    expect(await page.isDisabled('#kplay')).toBe(true);
    // Past the judge's question: the exact distance, with its line, played to the goal.
    await page.click('#kexact');
    await expect.poll(() => page.textContent('#kstatus')).toMatch(/^18 moves \((search|table)\): the empty square goes to cells /);
    expect(page.url()).toContain('limit=39');
    await page.click('#kplay');
    await expect.poll(() => page.textContent('#kstatus'), { timeout: 15_000 }).toMatch(/Played\.$/);
    expect(await shownKnights(page)).toBe(GOAL);
    await page.fill('#klimit', '17');
    await enterKnights(page, ['01011', '110*1', '01110', '01010', '00100'].join(''));
    await page.click('#ksolve');
    await expect.poll(() => page.textContent('#kstatus')).toMatch(/More than 17 moves/);
    await page.close();
  });

  it('refuses to solve a board with wrong counts, and says why', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/?board=${GOAL}`);
    await page.click('#kboard [data-cell="0"]'); // a black knight becomes the second empty square
    expect(await page.textContent('#kcount')).toMatch(/12 white, 11 black, 2 empty — a board needs 12, 12 and 1\./);
    expect(await page.isDisabled('#ksolve')).toBe(true);
    expect(await page.isDisabled('#kexact')).toBe(true);
    await page.click('#kboard [data-cell="0"]'); // the second empty square becomes a white knight: 13 white
    expect(await page.isDisabled('#ksolve')).toBe(true);
    await page.click('#kboard [data-cell="0"]'); // and a black knight again: a board
    expect(await page.textContent('#kcount')).toBe('12 white, 12 black, 1 empty');
    expect([await page.isDisabled('#ksolve'), await page.isDisabled('#kexact')]).toEqual([false, false]);
    await page.close();
  });

  it('solves the eight samples entered by clicking, plays them, and explains unreachable pairs', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/?from=12345678X&to=12345678X`);
    await enterEight(page, 'efrom', '12X453786');
    await page.click('#esolve');
    await expect.poll(() => page.textContent('#estatus')).toBe('2 moves (search): dd');
    await page.click('#eplay');
    await expect.poll(() => page.textContent('#estatus'), { timeout: 10_000 }).toMatch(/Played\.$/);
    expect(await shownEight(page, 'efrom')).toBe('12345678X');

    await enterEight(page, 'efrom', '564178X23');
    await enterEight(page, 'eto', '7568X4123');
    expect(page.url()).toContain('from=564178X23&to=7568X4123');
    await page.click('#esolve');
    await expect.poll(() => page.textContent('#estatus')).toBe('8 moves (search): urrulldr');
    await page.click('#eplay');
    await expect.poll(() => page.textContent('#estatus'), { timeout: 10_000 }).toMatch(/Played\.$/);
    expect(await shownEight(page, 'efrom')).toBe('7568X4123');

    await enterEight(page, 'eto', '7568X4132');
    await page.click('#esolve');
    await expect.poll(() => page.textContent('#estatus')).toMatch(/cannot be reached from .*parity/);
    expect(await page.getAttribute('#estatus', 'class')).toContain('bad');
    await page.close();
  });

  it('works with the keyboard and fits a phone screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/?board=${GOAL}`);
    await page.focus('#kboard [data-cell="0"]');
    await page.keyboard.press('Enter');
    expect((await shownKnights(page))[0]).toBe('*');
    await page.keyboard.press('Space');
    expect((await shownKnights(page))[0]).toBe('0');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    mkdirSync('test-results', { recursive: true });
    await page.goto(`${server.url}/?board=10110/01*11/10111/01001/00000&from=564178X23&to=7568X4123`);
    await page.click('#ksolve');
    await page.click('#esolve');
    await expect.poll(() => page.textContent('#estatus')).toMatch(/urrulldr/);
    await page.screenshot({ path: 'test-results/page-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.screenshot({ path: 'test-results/page.png', fullPage: true });
    await page.close();
  });

  it('marks every move by its value after Solve, and walks the optimal ones to the goal by clicking the marks alone', async () => {
    const page = await browser.newPage();
    await page.goto(`${tabled.url}/?board=10110/01*11/10111/01001/00000`);
    await page.click('#ksolve');
    await expect.poll(() => page.textContent('#kstatus')).toMatch(/^7 moves \(table\)/);
    // the empty square at cell 7 can jump to 0, 4, 10, 14, 16, 18: only 4 is closer
    expect(await page.$$eval('#kboard button.opt', (cells) => cells.map((cell) => [cell.dataset.cell, cell.textContent]))).toEqual([['4', '\u265E6']]);
    expect(await page.$$eval('#kboard button.worse small', (badges) => badges.map((badge) => badge.textContent))).toEqual(['8', '8', '8', '8', '8']);
    expect(await page.getAttribute('#kboard [data-cell="4"]', 'aria-label')).toMatch(/move here: 6 moves to go, optimal/);
    for (let left = 6; left >= 0; left--) {
      if (left === 3) {
        // from the keyboard: focus the marked square, press Enter
        await page.focus('#kboard button.opt');
        await page.keyboard.press('Enter');
      } else {
        await page.click('#kboard button.opt');
      }
      await expect.poll(() => page.textContent('#kstatus')).toMatch(left === 0 ? /^Already at the goal/ : new RegExp(`^${left} ${left === 1 ? 'move' : 'moves'} \\(table\\)`));
    }
    expect(await shownKnights(page)).toBe(GOAL);
    // at the goal every move leads one step away
    expect(await page.$$eval('#kboard button.opt', (cells) => cells.length)).toBe(0);
    expect(new Set(await page.$$eval('#kboard button.worse small', (badges) => badges.map((badge) => badge.textContent)))).toEqual(new Set(['1']));
    // another limit: the marks valued within the old one go until the board is solved again
    await page.fill('#klimit', '0');
    await page.dispatchEvent('#klimit', 'change');
    expect(await page.$$('#kboard button.worse')).toHaveLength(0);

    // eight: the blank's moves are marked on the tiles it can take the place of
    await page.goto(`${tabled.url}/?from=12X453786&to=12345678X`);
    await page.click('#esolve');
    await expect.poll(() => page.textContent('#estatus')).toBe('2 moves (table): dd');
    expect(await page.$$eval('#efrom button.opt', (cells) => cells.map((cell) => cell.dataset.cell))).toEqual(['5']);
    await page.click('#efrom button.opt');
    await expect.poll(() => page.textContent('#estatus')).toBe('1 move (table): d');
    await page.click('#efrom button.opt');
    await expect.poll(() => page.textContent('#estatus')).toBe('Already there: 0 moves.');
    expect(await shownEight(page, 'efrom')).toBe('12345678X');
    await page.close();
  });

  it("draws the loaded table's distance histogram and marks where the position stands", async () => {
    const page = await browser.newPage();
    await page.goto(`${tabled.url}/?board=10110/01*11/10111/01001/00000`);
    const counts = () => page.$$eval('#khist rect', (bars) => bars.map((bar) => Number(bar.dataset.count)));
    await expect.poll(counts).toEqual([1, 8, 14, 38, 148, 368, 1001, 2440, 6468]);
    expect(await page.textContent('#khist figcaption')).toMatch(/10,486 positions/);
    await page.click('#ksolve');
    await expect.poll(() => page.$$eval('#khist rect.here', (bars) => bars.map((bar) => bar.dataset.distance))).toEqual(['7']);
    expect(await page.textContent('#khist figcaption')).toMatch(/This position: 7 moves, among 2,440\./);
    const eightCounts = await page.$$eval('#ehist rect', (bars) => bars.map((bar) => Number(bar.dataset.count)));
    expect(eightCounts).toHaveLength(9);
    expect(eightCounts[0]).toBe(9); // one goal position per canonical goal
    // on a phone: nothing wider than the screen, hints, histograms and lists included
    await page.setViewportSize({ width: 390, height: 844 });
    await page.click('#esolve');
    await expect.poll(() => page.textContent('#estatus')).toMatch(/moves \(table\)/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/page-tables-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.screenshot({ path: 'test-results/page-tables.png', fullPage: true });
    // without tables the page says so instead of inventing a chart
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.textContent('#khist')).toMatch(/not loaded/);
    expect(await page.$$('#khist rect')).toHaveLength(0);
    await page.close();
  });

  it('loads a farthest position onto the board and solves it', async () => {
    const page = await browser.newPage();
    await page.goto(`${tabled.url}/`);
    await expect.poll(() => page.$$eval('#kfar button', (buttons) => buttons.length)).toBe(10);
    const first = (await page.textContent('#kfar li:first-child button'))!;
    expect(first).toMatch(/^8 moves: [01*/]{29}$/);
    await page.click('#kfar li:first-child button');
    await expect.poll(() => page.textContent('#kstatus')).toMatch(/^8 moves \(table\)/);
    expect(await shownKnights(page)).toBe(first.replace('8 moves: ', '').replace(/\//g, ''));
    await page.click('#kplay');
    await expect.poll(() => page.textContent('#kstatus'), { timeout: 10_000 }).toMatch(/Played\.$/);
    expect(await shownKnights(page)).toBe(GOAL);

    await expect.poll(() => page.$$eval('#efar button', (buttons) => buttons.length)).toBe(10);
    const pair = (await page.textContent('#efar li:first-child button'))!;
    const [, from, to] = pair.match(/^8 moves: (\S{9}) \u2192 (\S{9})$/)!;
    await page.click('#efar li:first-child button');
    await expect.poll(() => page.textContent('#estatus')).toMatch(/^8 moves \(table\): [dlru]{8}$/);
    expect(await shownEight(page, 'efrom')).toBe(from);
    expect(await shownEight(page, 'eto')).toBe(to);
    await page.close();
  });

  it('offers every loaded knights goal in a picker: its board, histogram and farthest positions, and its answers', async () => {
    const stats = await getJson<StatsResponse>(`${tabled.url}/stats`);
    const knightsGoals = Object.values(stats.tables).filter((table) => table.puzzle === 'knights');
    expect(knightsGoals.map((table) => table.goalName)).toEqual(['standard', 'mine']);
    const mine = stats.tables['knights#mine'];
    if (mine.state !== 'loaded') throw new Error(`mine is ${mine.state}`);
    // depth 6 is not the whole space: Exact asks with the most mine accepts, 39
    expect([mine.depth, mine.whole, mine.maxLimit]).toEqual([MINE_DEPTH, false, 39]);
    // the mirror image of the standard goal: the same counts by distance
    expect(mine.levels).toEqual([1, 8, 14, 38, 148, 368, 1001]);

    const page = await browser.newPage();
    await page.goto(`${tabled.url}/?board=${MIRRORED_SAMPLE}`);
    await expect.poll(() => pickerOptions(page)).toEqual([['standard', 'standard'], ['mine', 'mine']]);
    // labelled: found by its label, as assistive technology finds it
    expect(await page.getByLabel('Goal', { exact: true }).getAttribute('id')).toBe('kgoalpick');
    expect(await page.inputValue('#kgoalpick')).toBe('standard');
    expect(await shownGoal(page)).toBe(GOAL);
    expect(await histogram(page)).toEqual([1, 8, 14, 38, 148, 368, 1001, 2440, 6468]);
    expect(page.url()).toContain('goal=standard');

    await page.selectOption('#kgoalpick', 'mine');
    expect(await shownGoal(page)).toBe(MINE_CELLS);
    expect(await page.getAttribute('#kgoal', 'aria-label')).toBe(`the mine goal: ${MINE}`);
    await expect.poll(() => histogram(page)).toEqual(mine.levels);
    expect(await page.textContent('#khist figcaption')).toMatch(/^Knights table \(mine\): 1,578 positions/);
    expect(await farthest(page)).toEqual(mine.farthest.map((far) => `${far.steps} moves: ${far.board}`));
    expect(mine.farthest.length).toBeGreaterThan(0);
    expect(page.url()).toContain('goal=mine');
    expect(await page.getAttribute('#klimit', 'max')).toBe('39');
    expect(await page.getAttribute('#kexact', 'title')).toMatch(/the mine goal accepts: 39 moves/);
    expect(await page.textContent('#klimithelp')).toMatch(/the mine goal accepts limits up to 39/);

    // Solve asks for mine, and shows mine's answer: the search's, unlike the standard goal's
    const truth = searchKnights({ board: parseKnightsBoard(MIRRORED_SAMPLE), goal: { name: undefined, board: parseKnightsBoard(MINE) }, limit: 15 }, searchBudget(10));
    expect(truth.steps).toBe(7);
    const standardTruth = searchKnights({ board: parseKnightsBoard(MIRRORED_SAMPLE), goal: { name: undefined, board: parseKnightsBoard(GOAL) }, limit: 15 }, searchBudget(430));
    expect(standardTruth).not.toEqual(truth);
    const direct = await getJson<KnightsResponse>(`${tabled.url}/knights?board=${MIRRORED_SAMPLE}&goal=mine`);
    expect([direct.steps, direct.path]).toEqual([truth.steps, [...truth.path]]);
    const asked = await knightsQuestion(page, () => page.click('#ksolve'));
    expect([asked.get('goal'), asked.get('limit')]).toEqual(['mine', '15']);
    await expect.poll(() => page.textContent('#kstatus')).toBe(`7 moves (${direct.source}): the empty square goes to cells ${truth.path.join(', ')}.`);
    // the position lies past mine's table of 6 moves
    expect(await page.textContent('#khist figcaption')).toMatch(/beyond the table's 6 moves/);
    await page.click('#kplay');
    await expect.poll(() => page.textContent('#kstatus'), { timeout: 10_000 }).toMatch(/Played\.$/);
    expect(await shownKnights(page)).toBe(MINE_CELLS);

    // Exact: the most mine accepts
    const exact = await knightsQuestion(page, () => page.click('#kexact'));
    expect([exact.get('goal'), exact.get('limit')]).toEqual(['mine', '39']);
    expect(await page.inputValue('#klimit')).toBe('39');
    await expect.poll(() => page.textContent('#kstatus')).toBe('Already at the goal: 0 moves.');

    // the URL keeps the goal: a reload asks for mine again
    expect(page.url()).toContain('goal=mine');
    await page.goto(`${tabled.url}/?board=${MIRRORED_SAMPLE}&goal=mine`);
    await expect.poll(() => page.inputValue('#kgoalpick')).toBe('mine');
    expect(await shownGoal(page)).toBe(MINE_CELLS);
    await expect.poll(() => histogram(page)).toEqual(mine.levels);
    const again = await knightsQuestion(page, () => page.click('#ksolve'));
    expect(again.get('goal')).toBe('mine');
    await expect.poll(() => page.textContent('#kstatus')).toMatch(/^7 moves /);

    // a farthest position of mine: loaded, and solved from mine's table at Exact's limit
    const far = mine.farthest[0];
    const farAsked = await knightsQuestion(page, () => page.click('#kfar li:first-child button'));
    expect([farAsked.get('goal'), farAsked.get('limit'), farAsked.get('board')]).toEqual(['mine', '39', far.board]);
    await expect.poll(() => page.textContent('#kstatus')).toBe(`${MINE_DEPTH} moves (table): the empty square goes to cells ${(far.path as number[]).join(', ')}.`);
    expect(await shownKnights(page)).toBe(far.board.replace(/\//g, ''));

    // back to standard, from the keyboard: its board, histogram and answers again
    await page.focus('#kgoalpick');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.inputValue('#kgoalpick')).toBe('standard');
    expect(await shownGoal(page)).toBe(GOAL);
    await expect.poll(() => histogram(page)).toEqual([1, 8, 14, 38, 148, 368, 1001, 2440, 6468]);
    // the old goal's answer is gone with it
    expect(await page.textContent('#kstatus')).toBe('');
    expect(await page.isDisabled('#kplay')).toBe(true);
    expect(page.url()).toContain('goal=standard');
    const standardAsked = await knightsQuestion(page, () => page.click('#ksolve'));
    expect(standardAsked.get('goal')).toBe('standard');
    const standardDirect = await getJson<KnightsResponse>(`${tabled.url}/knights?board=${far.board}&goal=standard&limit=39`);
    await expect.poll(() => page.textContent('#kstatus')).toMatch(new RegExp(`^${standardDirect.steps} moves \\(`));
    await page.close();
  });

  it('falls back to the standard goal for a goal the tables do not have, and until /stats answers', async () => {
    const page = await browser.newPage();
    await page.goto(`${tabled.url}/?board=10110/01*11/10111/01001/00000&goal=nosuch`);
    await expect.poll(() => page.textContent('#kstatus')).toMatch(/No goal named "nosuch" is loaded here: the page asks for the standard goal\./);
    expect(await page.inputValue('#kgoalpick')).toBe('standard');
    expect(await shownGoal(page)).toBe(GOAL);
    expect(page.url()).toContain('goal=standard');
    const asked = await knightsQuestion(page, () => page.click('#ksolve'));
    expect(asked.get('goal')).toBe('standard');
    await expect.poll(() => page.textContent('#kstatus')).toMatch(/^7 moves \(table\)/);

    // /stats held back: the URL's goal waits for it, and a question goes to that goal once it is known
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/stats', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${tabled.url}/?board=${MIRRORED_SAMPLE}&goal=mine`);
    expect(await page.inputValue('#kgoalpick')).toBe('standard');
    expect(await shownGoal(page)).toBe(GOAL);
    expect(page.url()).toContain('goal=mine');
    await page.click('#ksolve');
    const waiting = knightsQuestion(page, async () => release());
    expect((await waiting).get('goal')).toBe('mine');
    await expect.poll(() => page.textContent('#kstatus')).toMatch(/^7 moves /);
    expect(await shownGoal(page)).toBe(MINE_CELLS);

    // /stats failing: the page works with the standard goal it was built with
    await page.unroute('**/stats');
    await page.route('**/stats', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error": "held back by the test"}' }));
    await page.goto(`${tabled.url}/?board=10110/01*11/10111/01001/00000&goal=mine`);
    await expect.poll(() => page.textContent('#khist')).toMatch(/could not be read: held back by the test/);
    expect(await pickerOptions(page)).toEqual([['standard', 'standard']]);
    expect(await shownGoal(page)).toBe(GOAL);
    expect(page.url()).toContain('goal=standard');
    expect(await page.getAttribute('#kexact', 'title')).toMatch(/the standard goal accepts: 39 moves/);
    const fallback = await knightsQuestion(page, () => page.click('#kexact'));
    expect([fallback.get('goal'), fallback.get('limit')]).toEqual(['standard', '39']);
    await expect.poll(() => page.textContent('#kstatus')).toMatch(/^7 moves \(table\)/);
    await page.close();
  });

  it('draws each knight as the piece it is: a white knight as a white piece, a black knight as a black one', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/?board=${GOAL}`);
    /** The relative luminance (0 black, 1 white) of a cell's glyph and of its square, by its piece. */
    const colours = (selector: string) =>
      page.$$eval(selector, (cells) => {
        const luminance = (css: string) => {
          const [r, g, b] = css.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((part) => Number(part) / 255);
          const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
          return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
        };
        return cells.map((cell) => ({ piece: cell.className, glyph: luminance(getComputedStyle(cell).color), square: luminance(getComputedStyle(cell).backgroundColor) }));
      });
    for (const selector of ['#kboard button', '#kgoal span']) {
      const cells = await colours(selector);
      const whites = cells.filter((cell) => cell.piece === 'w');
      const blacks = cells.filter((cell) => cell.piece === 'b');
      expect([whites.length, blacks.length]).toEqual([12, 12]);
      for (const white of whites) expect(white.glyph).toBeGreaterThan(0.8);
      for (const black of blacks) expect(black.glyph).toBeLessThan(0.05);
      // one square colour for both: the glyph alone tells the colour, as on a chessboard
      expect(new Set([...whites, ...blacks].map((cell) => cell.square)).size).toBe(1);
    }
    await page.close();
  });

  it("shows the hint text's green and grey keys legibly, in the colours of the board's marks", async () => {
    const page = await browser.newPage();
    await page.goto(`${tabled.url}/?board=10110/01*11/10111/01001/00000`);
    await page.click('#ksolve');
    await expect.poll(() => page.textContent('#kstatus')).toMatch(/^7 moves \(table\)/);
    const markColour = (selector: string) => page.$eval(selector, (cell) => getComputedStyle(cell).boxShadow.match(/rgba?\([^)]*\)/)![0]);
    const keysOf = (hint: string) =>
      page.$$eval(`${hint} .key`, (spans) =>
        spans.map((span) => {
          const style = getComputedStyle(span);
          return { word: span.textContent, shadow: style.boxShadow, border: style.borderTopColor, width: parseFloat(style.borderTopWidth) };
        }),
      );
    const keys = await keysOf('#khint');
    // nothing painted inside a key, over its word: the mark's colour is its border, around it
    expect(keys).toEqual([
      { word: 'green', shadow: 'none', border: await markColour('#kboard button.opt'), width: expect.any(Number) },
      { word: 'grey', shadow: 'none', border: await markColour('#kboard button.worse'), width: expect.any(Number) },
    ]);
    for (const key of keys) expect(key.width).toBeGreaterThanOrEqual(2);
    // every panel's hint has the same keys, each naming what its board marks
    for (const hint of ['#ehint', '#fhint']) expect(await keysOf(hint)).toEqual(keys);
    expect(await page.textContent('#khint')).toMatch(/^After Solve, the squares the empty square can jump to are marked: green one step closer, grey one step farther, .*a marked square to play it\.$/);
    expect(await page.textContent('#ehint')).toMatch(/^After Solve, the From board's tiles the blank can take the place of are marked: green one step closer, grey one step farther, .*a marked tile to play it\.$/);
    await page.close();
  });

  it("clamps a limit past what the goal accepts to the most it accepts, and says so; a limit that is none becomes the judge's, said too", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/?board=10110/01*11/10111/01001/00000&limit=99`);
    expect(await page.inputValue('#klimit')).toBe('39');
    expect(await page.textContent('#klimitnote')).toBe("The URL's limit 99 is more than the standard goal accepts: the page asks with 39, the most it accepts.");
    expect(page.url()).toContain('limit=39');
    const asked = await knightsQuestion(page, () => page.click('#ksolve'));
    expect(asked.get('limit')).toBe('39');
    await expect.poll(() => page.textContent('#kstatus')).toMatch(/^7 moves /);
    // the person's own limit answers the note
    await page.fill('#klimit', '20');
    await page.dispatchEvent('#klimit', 'change');
    expect(await page.textContent('#klimitnote')).toBe('');
    // a limit typed past the goal's: asked with the most it accepts, said so
    await page.fill('#klimit', '60');
    const typed = await knightsQuestion(page, () => page.click('#ksolve'));
    expect(typed.get('limit')).toBe('39');
    expect(await page.inputValue('#klimit')).toBe('39');
    expect(await page.textContent('#klimitnote')).toMatch(/^The limit 60 is more than the standard goal accepts: the page asks with 39/);

    await page.goto(`${server.url}/?limit=lots`);
    expect(await page.inputValue('#klimit')).toBe('15');
    expect(await page.textContent('#klimitnote')).toBe(`The URL's limit "lots" is not a whole number of moves from 0 to 39: the page asks with 15, the judge's limit.`);
    expect(page.url()).toContain('limit=15');
    // a limit within the goal's: no note
    await page.goto(`${server.url}/?limit=39`);
    expect(await page.inputValue('#klimit')).toBe('39');
    expect(await page.textContent('#klimitnote')).toBe('');
    await page.close();
  });

  it('solves the 15-puzzle sample entered by clicking, and plays the line to the goal', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/?fifteen=${FIFTEEN_GOAL}`);
    expect(await shownFifteen(page)).toBe(FIFTEEN_GOAL);
    await enterFifteen(page, FIFTEEN_SAMPLE);
    expect(new URL(page.url()).searchParams.get('fifteen')).toBe(FIFTEEN_SAMPLE);
    expect(await page.textContent('#fcheck')).toBe('');
    expect(await page.isDisabled('#fplay')).toBe(true);
    await page.click('#fsolve');
    await expect.poll(() => page.textContent('#fstatus')).toBe('9 moves (search): llldrdrdr');
    await page.click('#fplay');
    expect(await page.textContent('#fplay')).toBe('Pause');
    await expect.poll(() => page.textContent('#fstatus'), { timeout: 10_000 }).toMatch(/Played\.$/);
    expect(await shownFifteen(page)).toBe(FIFTEEN_GOAL);
    expect(await page.textContent('#fplay')).toBe('Play');
    // off the answered board, no marks
    expect(await page.$$('#fboard button.opt, #fboard button.worse')).toHaveLength(0);
    await page.click('#freset');
    expect(await shownFifteen(page)).toBe(FIFTEEN_SAMPLE);
    // Reset takes "Played." away with the played board
    expect(await page.textContent('#fstatus')).toBe('9 moves (search): llldrdrdr');
    await page.click('#fstep');
    // l: the blank from cell 3 to cell 2, and the status says which move of how many
    expect(await shownFifteen(page)).toBe('2,3,0,4,1,5,7,8,9,6,10,12,13,14,11,15');
    expect(await page.textContent('#fstatus')).toBe('9 moves (search): llldrdrdr Move 1 of 9.');
    await page.click('#fstep');
    expect(await page.textContent('#fstatus')).toBe('9 moves (search): llldrdrdr Move 2 of 9.');
    await page.click('#freset');
    expect(await page.textContent('#fstatus')).toBe('9 moves (search): llldrdrdr');
    await page.close();
  });

  it("marks the blank's moves on the tiles after Solve, and walks the optimal ones to the goal by clicking the marks alone", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/?fifteen=${FIFTEEN_SAMPLE}`);
    await page.click('#fsolve');
    await expect.poll(() => page.textContent('#fstatus')).toBe('9 moves (search): llldrdrdr');
    // the blank at cell 3 can go d (to cell 7: 10 moves after) or l (to cell 2: 8 moves after, optimal)
    expect(await page.$$eval('#fboard button.opt', (cells) => cells.map((cell) => [cell.dataset.cell, cell.querySelector('small')?.textContent]))).toEqual([['2', '8']]);
    expect(await page.$$eval('#fboard button.worse', (cells) => cells.map((cell) => [cell.dataset.cell, cell.querySelector('small')?.textContent]))).toEqual([['7', '10']]);
    expect(await page.getAttribute('#fboard [data-cell="2"]', 'aria-label')).toBe('cell 3: tile 4; move here: 8 moves to go, optimal');
    expect(await page.textContent('#fnote')).toBe('');
    for (let left = 8; left >= 0; left--) {
      if (left === 4) {
        await page.focus('#fboard button.opt');
        await page.keyboard.press('Enter');
      } else {
        await page.click('#fboard button.opt');
      }
      await expect.poll(() => page.textContent('#fstatus')).toMatch(left === 0 ? /^Already there: 0 moves\.$/ : new RegExp(`^${left} ${left === 1 ? 'move' : 'moves'} \\(search\\): [dlru]{${left}}$`));
    }
    expect(await shownFifteen(page)).toBe(FIFTEEN_GOAL);
    expect(new URL(page.url()).searchParams.get('fifteen')).toBe(FIFTEEN_GOAL);
    // at the goal both moves lead one step away
    expect(await page.$$('#fboard button.opt')).toHaveLength(0);
    expect(await page.$$eval('#fboard button.worse small', (badges) => badges.map((badge) => badge.textContent))).toEqual(['1', '1']);
    // an edit takes the marks away
    await page.click('#fboard [data-cell="0"]');
    expect(await page.$$('#fboard button.worse')).toHaveLength(0);
    await page.close();
  });

  it('scrambles to solvable boards only, and says at once, without asking, that a board swapped out of parity cannot reach the goal', async () => {
    const page = await browser.newPage();
    const asked = fifteenQuestions(page);
    await page.goto(`${server.url}/?fifteen=${FIFTEEN_SAMPLE}`);
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      await page.click('#fscramble');
      const shown = await shownFifteen(page);
      const board = shown.split(',').map(Number);
      expect([...board].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, tile) => tile));
      expect(isSolvable(board)).toBe(true);
      expect(await page.textContent('#fcheck')).toBe('');
      expect(new URL(page.url()).searchParams.get('fifteen')).toBe(shown);
      seen.add(shown);
    }
    expect(seen.size).toBeGreaterThan(25);

    // the sample with its first two tiles swapped: one inversion fewer, odd
    await page.click('#fscramble');
    await enterFifteen(page, FIFTEEN_SAMPLE);
    await page.click('#fboard [data-cell="0"]');
    await page.click('#fboard [data-cell="1"]');
    expect(await shownFifteen(page)).toBe('3,2,4,0,1,5,7,8,9,6,10,12,13,14,11,15');
    expect(await page.textContent('#fcheck')).toMatch(/^This board cannot reach the goal: its 10 inversions .* plus the 3 rows between the blank and the bottom row make an odd number/);
    expect(await page.getAttribute('#fcheck', 'class')).toContain('bad');
    expect(asked).toEqual([]);
    // Solve cannot be pressed: the one sentence above, which describes it, says why
    expect(await page.isDisabled('#fsolve')).toBe(true);
    expect(await page.getAttribute('#fsolve', 'aria-describedby')).toBe('fcheck');
    expect(await page.isVisible('#fcheck')).toBe(true);
    expect(await page.textContent('#fstatus')).toBe('');
    expect(await page.isDisabled('#fplay')).toBe(true);
    expect(asked).toEqual([]);
    // swapped back: solvable again
    await page.click('#fboard [data-cell="0"]');
    await page.click('#fboard [data-cell="1"]');
    expect(await page.textContent('#fcheck')).toBe('');
    expect(await page.isDisabled('#fsolve')).toBe(false);
    await page.close();
  });

  it("shows the server's sentence when a board needs more than a request may spend, and says when the moves are not valued", async () => {
    const page = await browser.newPage();
    const fifteenPath = (url: URL) => url.pathname === '/fifteen';
    await page.route(fifteenPath, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error": "Too far for one request: use npm run solve -- fifteen."}' }));
    await page.goto(`${server.url}/?fifteen=${FIFTEEN_SAMPLE}`);
    await page.click('#fsolve');
    await expect.poll(() => page.textContent('#fstatus')).toBe('Too far for one request: use npm run solve -- fifteen.');
    expect(await page.getAttribute('#fstatus', 'class')).toContain('bad');
    expect(await page.isDisabled('#fplay')).toBe(true);

    await page.unroute(fifteenPath);
    const unvalued = 'Proving the other moves not optimal took longer than a request may.';
    await page.route(fifteenPath, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ steps: 9, path: 'llldrdrdr', source: 'search', cached: false, board: FIFTEEN_SAMPLE, moves: [], movesUnvalued: unvalued }),
      }),
    );
    await page.click('#fsolve');
    await expect.poll(() => page.textContent('#fstatus')).toBe('9 moves (search): llldrdrdr');
    expect(await page.textContent('#fnote')).toBe(`The moves are not marked: ${unvalued}`);
    expect(await page.$$('#fboard button.opt, #fboard button.worse')).toHaveLength(0);
    // the line plays all the same; the note goes with the answered board
    await page.click('#fstep');
    expect(await page.textContent('#fnote')).toBe('');
    await page.click('#freset');
    expect(await page.textContent('#fnote')).toBe(`The moves are not marked: ${unvalued}`);
    await page.click('#fboard [data-cell="0"]');
    expect(await page.textContent('#fnote')).toBe('');
    await page.close();
  });

  it("keeps the fifteen board in the URL's own field, beside the knights board and the eight boards", async () => {
    const page = await browser.newPage();
    const board = '1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15';
    await page.goto(`${server.url}/?board=${GOAL}&from=564178X23&to=7568X4123&fifteen=${board}`);
    expect(await shownFifteen(page)).toBe(board);
    expect(await shownKnights(page)).toBe(GOAL);
    expect(await shownEight(page, 'efrom')).toBe('564178X23');
    const fields = new URL(page.url()).searchParams;
    expect([fields.get('board'), fields.get('from'), fields.get('fifteen')]).toEqual([GOAL.replace(/(.{5})(?!$)/g, '$1/'), '564178X23', board]);
    await page.click('#fsolve');
    await expect.poll(() => page.textContent('#fstatus')).toBe('1 move (search): r');
    // an edit, then a reload of the URL: the same board
    await page.click('#fboard [data-cell="0"]');
    await page.click('#fboard [data-cell="15"]');
    const edited = '15,2,3,4,5,6,7,8,9,10,11,12,13,14,0,1';
    expect(await shownFifteen(page)).toBe(edited);
    await page.goto(page.url());
    expect(await shownFifteen(page)).toBe(edited);
    expect(await page.textContent('#fcheck')).toMatch(/cannot reach the goal/);
    expect(await page.isDisabled('#fsolve')).toBe(true);
    // written with "/" between rows, as a person might: read too
    await page.goto(`${server.url}/?fifteen=5,1,2,3/0,6,7,4/9,10,11,8/13,14,15,12`);
    expect(await shownFifteen(page)).toBe('5,1,2,3,0,6,7,4,9,10,11,8,13,14,15,12');
    // a field that is not a board: the sample instead
    await page.goto(`${server.url}/?fifteen=1,2,3`);
    expect(await shownFifteen(page)).toBe(FIFTEEN_SAMPLE);
    expect(await page.textContent('#fstatus')).toMatch(/^The URL's fifteen "1,2,3" is not a 15-puzzle board/);
    expect(new URL(page.url()).searchParams.get('fifteen')).toBe(FIFTEEN_SAMPLE);
    await page.close();
  });

  it('wraps a long solved line on a phone screen, the page no wider than the screen', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    const { board, line } = walkedBoard(79);
    await page.route(
      (url) => url.pathname === '/fifteen',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ steps: 79, path: line, source: 'search', cached: false, board, moves: [] }) }),
    );
    await page.goto(`${server.url}/?fifteen=${board}`);
    await page.click('#fsolve');
    await expect.poll(() => page.textContent('#fstatus')).toBe(`79 moves (search): ${line}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // played a step: the longer status wraps too
    await page.click('#fstep');
    expect(await page.textContent('#fstatus')).toBe(`79 moves (search): ${line} Move 1 of 79.`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.close();
  });

  it("keeps every marked tile's number clear of its distance badge, two-digit numbers too, on a wide screen and a phone's", async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    // at the goal the blank can take the place of 12 or of 15, each move 1 from the goal
    await page.goto(`${server.url}/?fifteen=${FIFTEEN_GOAL}`);
    await page.click('#fsolve');
    await expect.poll(() => page.textContent('#fstatus')).toBe('Already there: 0 moves.');
    for (const width of [1000, 375]) {
      await page.setViewportSize({ width, height: 900 });
      const marked = await badgesAndNumbers(page, 'fboard');
      expect(marked.map((cell) => cell.number)).toEqual(['12', '15']);
      for (const { text, badge, cell } of marked) {
        expect(overlaps(text, badge)).toBe(false);
        expect(inside(text, cell) && inside(badge, cell)).toBe(true);
      }
    }
    // knights and eight: the piece clear of the badge too
    await page.goto(`${server.url}/?board=10110/01*11/10111/01001/00000&from=12X453786&to=12345678X`);
    await page.click('#ksolve');
    await page.click('#esolve');
    await expect.poll(() => page.textContent('#estatus')).toBe('2 moves (search): dd');
    await expect.poll(() => page.textContent('#kstatus')).toMatch(/^7 moves/);
    for (const board of ['kboard', 'efrom']) {
      const marked = await badgesAndNumbers(page, board);
      expect(marked.length).toBeGreaterThan(0);
      for (const { text, badge } of marked) expect(overlaps(text, badge)).toBe(false);
    }
    await page.close();
  });

  it("says which of the URL's values it did not understand, and what it shows instead", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/?board=garbage&goal=nosuch&limit=abc&from=nonsense&to=12345678X&fifteen=1,2`);
    expect(await shownKnights(page)).toBe('10110' + '01*11' + '10111' + '01001' + '00000');
    await expect
      .poll(() => page.textContent('#kstatus'))
      .toMatch(/^The URL's board "garbage" is not a knights board \(25 cells of 0, 1 and \*\): the page shows the sample 10110\/01\*11\/10111\/01001\/00000 instead\. (No goal named "nosuch"|The loaded goals could not be read)/);
    expect(await page.textContent('#klimitnote')).toBe(`The URL's limit "abc" is not a whole number of moves from 0 to 39: the page asks with 15, the judge's limit.`);
    expect(await shownEight(page, 'efrom')).toBe('12X453786');
    expect(await page.textContent('#estatus')).toBe("The URL's from \"nonsense\" is not an eight board (9 cells: the tiles 1 to 8 and the blank, X): the page shows 12X453786 instead.");
    expect(await shownFifteen(page)).toBe(FIFTEEN_SAMPLE);
    expect(await page.textContent('#fstatus')).toBe(`The URL's fifteen "1,2" is not a 15-puzzle board (16 numbers, each of 0 to 15 once): the page shows the sample ${FIFTEEN_SAMPLE} instead.`);
    for (const id of ['#kstatus', '#klimitnote', '#estatus', '#fstatus']) expect(await page.isVisible(id)).toBe(true);
    // the defaults shown are what the URL keeps
    const fields = new URL(page.url()).searchParams;
    expect([fields.get('board'), fields.get('limit'), fields.get('from'), fields.get('to'), fields.get('fifteen')]).toEqual(['10110/01*11/10111/01001/00000', '15', '12X453786', '12345678X', FIFTEEN_SAMPLE]);
    // an edit answers the sentence: it goes
    await page.click('#efrom [data-cell="0"]');
    await page.click('#efrom [data-cell="1"]');
    expect(await page.textContent('#estatus')).toBe('');
    // values understood: nothing said
    await page.goto(`${server.url}/?board=${GOAL}&from=12X453786&to=12345678X&fifteen=${FIFTEEN_GOAL}`);
    expect([await page.textContent('#kstatus'), await page.textContent('#estatus'), await page.textContent('#fstatus')]).toEqual(['', '', '']);
    await page.close();
  });

  it('shows a board past one request\'s search being solved in the background, the seconds counted, then its kept answer', async () => {
    // the request's search held to a few thousand positions: the SPEC's 42-move board is past it
    const config = readConfig({ TABLE_NAME: await freshTable(testClient(), 'page-solving'), DYNAMODB_ENDPOINT: testEndpoint(), SOLVER_SLOTS: '1' });
    // the solver's worker waits a few seconds before it starts, so that the page shows the count
    const slowStart = solveOnWorkers(config);
    const starter = { solveMs: slowStart.solveMs, start: async (job: SolveJob) => void setTimeout(() => void slowStart.start(job), 2500) };
    const solving = await serveFunctionUrl(createHandler(createAppState(registry, config, { log: quietLog(), search: { maxMs: 2000, reserveMs: 300, maxNodes: 2000 }, solveStarter: starter })), { port: 0 });
    try {
      const page = await browser.newPage();
      const asked = fifteenQuestions(page);
      await page.goto(`${solving.url}/?fifteen=6,10,8,11,13,1,2,4,5,12,3,15,9,0,14,7`);
      await page.click('#fsolve');
      await expect.poll(() => page.textContent('#fstatus')).toMatch(/^Solving in the background \(this board needs more search than one request may spend\): 0 s so far\./);
      await expect.poll(() => page.textContent('#fstatus'), { timeout: 10_000 }).toMatch(/: [1-9]\d* s so far\./);
      await expect.poll(() => page.textContent('#fstatus'), { timeout: 60_000 }).toBe('42 moves (kept): luurrrulddlluruldddruuuldddrrruldruuulddrd');
      // asked again after each Retry-After, not in a loop
      expect(asked.length).toBeGreaterThanOrEqual(2);
      expect(asked.length).toBeLessThan(20);
      // the moves are marked, as for any answer
      expect(await page.$$eval('#fboard button.opt', (cells) => cells.length)).toBeGreaterThan(0);
      await page.close();
    } finally {
      await solving.close();
    }
  });
});
