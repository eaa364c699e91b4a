/**
 * docs/commands.md lists each command's options in a table (and docs/loading.md the load's): every
 * option a command's `--help` names is in its table, and the table names no option the command
 * does not take. The benchmarks and the rehearsal's scenarios, named in their `--only` rows, are
 * those their `--help` lists. Each command runs as a process of its own with `--help` (nothing
 * else: no server, no table), all at once.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Each command, the script its npm script runs, and where the docs list its options (a document and its section's heading). */
const COMMANDS = [
  { command: 'npm start', script: 'scripts/start.ts', lists: [['docs/commands.md', 'npm start']] },
  { command: 'npm run precompute', script: 'scripts/precompute.ts', lists: [['docs/commands.md', 'precompute'], ['docs/loading.md', 'Loading the tables']] },
  { command: 'npm run ask', script: 'scripts/ask.ts', lists: [['docs/commands.md', 'ask']] },
  { command: 'npm run lookup', script: 'scripts/lookup.ts', lists: [['docs/commands.md', 'lookup']] },
  { command: 'npm run solve', script: 'scripts/solve.ts', lists: [['docs/commands.md', 'solve']] },
  { command: 'npm run smoke', script: 'scripts/smoke.ts', lists: [['docs/commands.md', 'smoke']] },
  { command: 'npm run figures', script: 'scripts/figures.ts', lists: [['docs/commands.md', 'figures']] },
  { command: 'npm run bench', script: 'bench/run.ts', lists: [['docs/commands.md', 'bench']] },
  { command: 'npm run rehearse', script: 'scripts/rehearse.ts', lists: [['docs/commands.md', 'rehearse']] },
] as const;

/** Every command takes these; npm's own `--silent` shows in some usage lines. */
const NOT_LISTED = new Set(['--help', '--silent']);

/** The text of a document's section, from its heading (`#` or `##`) to the next `##`. */
function section(text: string, heading: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^##? /.test(line) && line.replace(/^##? /, '') === heading);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The rows of a section's option tables: their first cell starts with an option. */
function optionRows(text: string): { options: string; meaning: string }[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('| `--'))
    .map((line) => {
      const [options, meaning] = line.slice(1).split(/(?<!\\)\|/);
      return { options, meaning };
    });
}

const optionsIn = (text: string) => new Set([...text.matchAll(/--[a-z][a-z-]*/g)].map((m) => m[0]).filter((option) => !NOT_LISTED.has(option)));

/** The options a section's tables list. */
const documented = (text: string) => new Set(optionRows(text).flatMap(({ options }) => [...optionsIn(options)]));

/** The names an `--only NAME` row gives, and those a usage's `NAME: a, b, c (default ...)` line does. */
const documentedNames = (text: string) => new Set([...optionRows(text).find(({ options }) => options.includes('--only'))!.meaning.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]));
const usageNames = (usage: string) => new Set(/NAME: ([a-z, -]+?) \(default/.exec(usage)![1].split(', '));

const sorted = (names: Set<string>) => [...names].sort();

describe('the options the docs list for each command', () => {
  const help = new Map<string, string>();
  beforeAll(async () => {
    const outputs = await Promise.all(COMMANDS.map(({ script }) => run(process.execPath, ['--import', 'tsx', script, '--help'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 })));
    COMMANDS.forEach(({ command }, i) => help.set(command, outputs[i].stdout));
  }, 90_000);

  for (const { command, lists } of COMMANDS) {
    for (const [path, heading] of lists) {
      it(`${command}: ${path}, "${heading}", lists the options its --help gives`, () => {
        const usage = help.get(command)!;
        expect(usage).toMatch(/^usage: /);
        expect(optionsIn(usage).size).toBeGreaterThan(0);
        expect(sorted(documented(section(read(path), heading))), `${path}: the option table under "${heading}", against ${command} -- --help`).toEqual(sorted(optionsIn(usage)));
      });
    }
  }

  for (const command of ['npm run bench', 'npm run rehearse']) {
    it(`${command}: the names its --only row gives are those its --help lists`, () => {
      const heading = command.replace('npm run ', '');
      expect(sorted(documentedNames(section(read('docs/commands.md'), heading)))).toEqual(sorted(usageNames(help.get(command)!)));
    });
  }
});

describe('reading an option table', () => {
  const doc = ['# Title', '', '## one', '', '| option | meaning |', '|---|---|', '| `--a N`, `--b-c` | the `x` \\| `y` |', '| `--only NAME` | `p`, `q-r` |', '', '## two', '| `--d` | |'].join('\n');

  it('takes the options of the first cell of each row, in its section only', () => {
    expect(sorted(documented(section(doc, 'one')))).toEqual(['--a', '--b-c', '--only']);
    expect(sorted(documented(section(doc, 'two')))).toEqual(['--d']);
    expect(documentedNames(section(doc, 'one'))).toEqual(new Set(['p', 'q-r']));
  });

  it('finds what a usage names but a table leaves out', () => {
    const usage = 'usage: npm run --silent x -- [--a N] [--b-c] [--e] --help\n  NAME: p, q-r (default: p)';
    expect(sorted(optionsIn(usage))).toEqual(['--a', '--b-c', '--e']);
    expect(sorted(optionsIn(usage))).not.toEqual(sorted(documented(section(doc, 'one'))));
    expect(usageNames(usage)).toEqual(new Set(['p', 'q-r']));
    expect(() => section(doc, 'three')).toThrow('no section "three"');
  });
});
