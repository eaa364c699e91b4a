/**
 * docs/figures.md is what the code computes (scripts/figures.ts, `npm run figures`), and every
 * figure of a table the other documents quote is one of its figures. A change to the pages (their
 * format, keys or attributes) changes the tables' bytes and write units, and fails this file until
 * the figures are written again. Here the eight table, which builds in a few seconds of one core
 * (every one of its 1,485 page items changes with the format); the whole file, the knights tables,
 * the 15-puzzle's databases and every load, in test/docs/figures-whole.slow.test.ts (slow: it builds the
 * whole knights space, and the databases when no build of them is kept).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registry } from '../../puzzles/registered';
import { parseLoadWords } from '../../puzzles/registry';
import { FIGURES_FILE, type TableFigures, differences, tableFigures, tableRow } from '../../scripts/figures';

const ROOT = join(import.meta.dirname, '..', '..');
const FILE = readFileSync(FIGURES_FILE, 'utf8');
const number = (text: string) => Number(text.replace(/,/g, ''));

/** The tables of docs/figures.md, as its table rows give them. */
function committedTables(text: string): (TableFigures & { line: string })[] {
  const section = text.slice(text.indexOf('## Tables'), text.indexOf('## Loads'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [table, depth, holds, positions, pages, bytes, , writeUnits] = line.split('|').slice(1, -1).map((cell) => cell.trim());
      const arrays = positions.endsWith(' entries');
      return {
        line,
        table: table.replace(/`/g, ''),
        holds,
        kind: arrays ? 'arrays' : 'positions',
        ...(depth === '' ? {} : { depth: Number(depth) }),
        positions: number(positions.replace(' entries', '')),
        pages: number(pages),
        bytes: number(bytes),
        writeUnits: number(writeUnits),
      } as TableFigures & { line: string };
    });
}

/** The loads' sums of docs/figures.md: pages and write units. */
function committedLoads(text: string): { pages: number; writeUnits: number }[] {
  return text
    .slice(text.indexOf('## Loads'))
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| load ') && !line.startsWith('|---'))
    .map((line) => {
      const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
      return { pages: number(cells[3]), writeUnits: number(cells[5]) };
    });
}

const TABLES = committedTables(FILE);

describe('docs/figures.md', () => {
  it('lists the tables and the loads', () => {
    expect(TABLES.map((t) => `${t.table}${t.depth === undefined ? '' : ` ${t.depth}`}`)).toEqual(['knights#standard 15', 'eight 31', 'fifteen', 'knights#standard 39']);
    expect(committedLoads(FILE)).toHaveLength(3);
    // each load's sums are its tables' (the default load: the first three tables)
    const [defaults] = committedLoads(FILE);
    expect(defaults.pages).toBe(TABLES[0].pages + TABLES[1].pages + TABLES[2].pages);
    expect(defaults.writeUnits).toBe(TABLES[0].writeUnits + TABLES[1].writeUnits + TABLES[2].writeUnits);
  });

  it('holds what the code computes for the eight table, which builds in seconds', async () => {
    const spec = parseLoadWords(await registry.loadChoices(), []).specs.find((one) => one.table === 'eight')!;
    const computed = tableRow(await tableFigures(spec));
    expect(FILE.split('\n'), 'docs/figures.md is not what the code computes for eight: npm run figures writes it again').toContain(computed);
  });

  it('names the lines that differ from what the code computes', () => {
    const altered = FILE.replace(TABLES[1].line, TABLES[1].line.replace(/\| ([\d,]+) \|$/, (_, units: string) => `| ${number(units) + 1} |`));
    expect(differences(FILE, altered)).toEqual([`- computed: ${TABLES[1].line}`, `+ in the file: ${altered.split('\n').find((line) => line.startsWith('| `eight`'))}`]);
    expect(differences(FILE, FILE)).toEqual([]);
  });
});

/** The documents that may quote a table's figures: what a newcomer reads, and the measurements. */
const DOCUMENTS = ['README.md', 'BENCHMARKS.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md') && name !== 'figures.md').map((name) => `docs/${name}`), ...readdirSync(join(ROOT, 'puzzles')).filter((name) => existsSync(join(ROOT, 'puzzles', name, 'README.md'))).map((name) => `puzzles/${name}/README.md`)];

describe('every figure of a table the documents quote', () => {
  const texts = DOCUMENTS.map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
  const find = (table: string, depth: number | undefined) => TABLES.find((t) => t.table === table && (depth === undefined || t.depth === undefined || t.depth === depth));

  it('is the one in docs/figures.md: a load\'s summary line (pages, positions, MB, write units)', () => {
    const quoted = texts.flatMap(({ path, text }) =>
      [...text.matchAll(/([a-z#-]+): (?:loaded|already loaded:) (\d+) pages \((\d+) (?:positions, depth (\d+)|entries in \d+ arrays), ([\d.]+) MB, (\d+) write units\)/g)].map((m) => ({ path, m })),
    );
    expect(quoted.length).toBeGreaterThanOrEqual(5);
    for (const { path, m } of quoted) {
      const [, table, pages, positions, depth, mb, units] = m;
      const t = find(table, depth === undefined ? undefined : Number(depth));
      expect(t, `${path}: ${m[0]}`).toBeDefined();
      expect({ path, pages: Number(pages), positions: Number(positions), mb, units: Number(units) }).toEqual({ path, pages: t!.pages, positions: t!.positions, mb: (t!.bytes / 1e6).toFixed(1), units: t!.writeUnits });
    }
  });

  it('is the one in docs/figures.md: /stats and lookup samples', () => {
    const stats = texts.flatMap(({ path, text }) => [...text.matchAll(/"depth":(\d+),"whole":\w+,"positions":(\d+),"pages":(\d+),"bytes":(\d+),"writeUnits":(\d+)/g)].map((m) => ({ path, m })));
    const lookups = texts.flatMap(({ path, text }) => [...text.matchAll(/([a-z#-]+): depth (\d+), (\d+) positions in (\d+) pages/g)].map((m) => ({ path, m })));
    expect(stats.length + lookups.length).toBeGreaterThanOrEqual(2);
    for (const { path, m } of stats) {
      const t = find('knights#standard', Number(m[1]))!;
      expect({ path, positions: Number(m[2]), pages: Number(m[3]), bytes: Number(m[4]), units: Number(m[5]) }).toEqual({ path, positions: t.positions, pages: t.pages, bytes: t.bytes, units: t.writeUnits });
    }
    for (const { path, m } of lookups) {
      const t = find(m[1], Number(m[2]))!;
      expect({ path, positions: Number(m[3]), pages: Number(m[4]) }).toEqual({ path, positions: t.positions, pages: t.pages });
    }
  });

  it('is one in docs/figures.md wherever prose counts pages, items or write units (not a target: "within N pages")', () => {
    const known = new Set([...TABLES.flatMap((t) => [t.pages, t.writeUnits]), ...committedLoads(FILE).flatMap((l) => [l.pages, l.writeUnits])]);
    const quoted = texts.flatMap(({ path, text }) => [...text.matchAll(/(?<!within )\b(\d{1,3}(?:,\d{3})+|\d{4,}) (pages|items|write units)\b(?! a second| per second|\/s)/g)].map((m) => ({ path, figure: m[0], value: number(m[1]) })));
    expect(quoted.length).toBeGreaterThanOrEqual(3);
    expect(quoted.filter(({ value }) => !known.has(value))).toEqual([]);
  });
});
