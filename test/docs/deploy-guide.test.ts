/**
 * The deploy guide's commands (docs/deploying.md, and README.md's "## Deploy it"): every command
 * line of their `sh` blocks is either one the tests run, or marked as needing an AWS account by a
 * trailing comment that begins `# needs an AWS account`. An unmarked command must be of a form in
 * RUN_BY_TESTS, whose test file must exist and name the command. A line that only sets shell
 * variables to literal text (`export AWS_REGION=us-east-1`, `BODY='{...}'`) runs nothing, and a
 * line that is a comment alone (an answer shown) is no command. No network, no account: the
 * documents are read and parsed, nothing in them is run here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** What marks a command that reaches AWS: its trailing comment begins with these words. */
const MARK = /^#\s*needs an AWS account\b/;

/** What a marked line must reach to be believed: the AWS CLI, CDK's commands that touch an account, or the deployed URL (or the credentials, in curl's signature). */
const REACHES_AWS = /(^|[\s($])aws\s|\bcdk (bootstrap|deploy|destroy)\b|\$\{?URL\b|\$\{?AWS_/;

/** The commands the guide may show unmarked: each one's form, the test file that runs it, and what that file says of it. */
const RUN_BY_TESTS: readonly { form: RegExp; command: string; file: string; mentions: string; how: string }[] = [
  {
    form: /^npx cdk synth(\s+-c\s+\S+)*$/,
    command: 'npx cdk synth',
    file: 'test/lib/stack.test.ts',
    mentions: 'cdk synth',
    how: "synthesizes the app's stack as `cdk synth` does (cdk.json's feature flags, the settings as context) and checks its template",
  },
  {
    form: /^npm run rehearse$/,
    command: 'npm run rehearse',
    file: 'test/scripts/rehearse.slow.test.ts',
    mentions: 'npm run rehearse',
    how: "runs the rehearsal's first three scenarios and asserts what each must do",
  },
  {
    form: /^npm run smoke -- --url "?http:\/\/127\.0\.0\.1(:\d+)?\/?"?$/,
    command: 'npm run smoke -- --url http://127.0.0.1:3000',
    file: 'test/scripts/smoke.slow.test.ts',
    mentions: 'npm run smoke -- --url',
    how: "starts npm start and runs the smoke check against its local URL, as a process",
  },
  {
    form: /^npm run precompute -- --dry-run(\s|$)/,
    command: 'npm run precompute -- --dry-run',
    file: 'test/scripts/precompute-dry-run.test.ts',
    mentions: '--dry-run',
    how: "prints a load's estimate with no table and no credentials",
  },
];

interface CommandLine {
  readonly path: string;
  /** The document's line where the command starts. */
  readonly line: number;
  /** The command, its continuation lines joined, without its trailing comment. */
  readonly command: string;
  /** Its trailing comment, from `#`, or empty. */
  readonly comment: string;
}

/** The part of a document the guide is: the whole file, or the text under one `## ` heading. */
function documentText(path: string, section?: string): string {
  const text = readFileSync(join(ROOT, path), 'utf8');
  if (section === undefined) return text;
  const start = text.indexOf(`\n${section}\n`);
  if (start < 0) throw new Error(`${path} has no section "${section}"`);
  const end = text.indexOf('\n## ', start + section.length + 2);
  // the lines before the section kept as blank lines, so that a line's number is the file's
  return text.slice(0, start).replace(/[^\n]/g, '') + text.slice(start, end < 0 ? text.length : end);
}

/** Where a trailing comment begins: a `#` at the start or after blank space, outside quotes; -1 if none. */
function commentStart(line: string): number {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) return i;
  }
  return -1;
}

/** Every command line of the document's `sh` blocks (fences indented in a list too), continuation lines joined. */
function commandLines(path: string, text: string): CommandLine[] {
  const lines = text.split('\n');
  const found: CommandLine[] = [];
  let fence: string | undefined;
  let pending: { line: number; text: string } | undefined;
  lines.forEach((raw, index) => {
    if (fence === undefined) {
      const open = /^(\s*)```sh\s*$/.exec(raw);
      if (open) fence = open[1];
      return;
    }
    if (/^\s*```\s*$/.test(raw)) {
      if (pending) throw new Error(`${path}:${pending.line}: a continued line at the end of its block`);
      fence = undefined;
      return;
    }
    const text = raw.startsWith(fence) ? raw.slice(fence.length) : raw.trimStart();
    const joined = pending ? `${pending.text} ${text.trim()}` : text.trim();
    const line = pending?.line ?? index + 1;
    if (joined.endsWith('\\')) {
      pending = { line, text: joined.slice(0, -1).trimEnd() };
      return;
    }
    pending = undefined;
    if (joined === '' || joined.startsWith('#')) return; // a blank line, or a comment alone (an answer shown)
    const at = commentStart(joined);
    found.push({ path, line, command: (at < 0 ? joined : joined.slice(0, at)).trim(), comment: at < 0 ? '' : joined.slice(at).trim() });
  });
  if (fence !== undefined) throw new Error(`${path}: an sh block is not closed`);
  return found;
}

/** A line that only sets shell variables to literal text: it runs no command. */
const SETS_ONLY = /^(export\s+)?[A-Za-z_]\w*=('[^']*'|"[^"$`]*"|[^\s'"$`]*)$/;

/** Why a command line is neither run by a test nor marked, or undefined when it is one or the other. */
function unaccounted(command: CommandLine): string | undefined {
  if (SETS_ONLY.test(command.command)) return undefined;
  if (MARK.test(command.comment)) return undefined;
  if (RUN_BY_TESTS.some((tested) => tested.form.test(command.command))) return undefined;
  return `${command.path}:${command.line}: ${command.command}`;
}

/** The guide's documents: docs/deploying.md whole, and README.md's short version. */
const DOCUMENTS = [
  { path: 'docs/deploying.md', text: documentText('docs/deploying.md') },
  { path: 'README.md', text: documentText('README.md', '## Deploy it') },
];
const COMMANDS = DOCUMENTS.map(({ path, text }) => ({ path, commands: commandLines(path, text) }));
const ALL = COMMANDS.flatMap(({ commands }) => commands);

describe("the deploy guide's commands (docs/deploying.md, README.md's \"## Deploy it\")", () => {
  it('are found in both documents', () => {
    for (const { path, commands } of COMMANDS) expect(commands.length, path).toBeGreaterThanOrEqual(5);
    // a block indented in a list is read too, its continued lines joined
    expect(ALL.some((one) => one.command.startsWith('curl -H ') && one.command.includes('--data-binary "$BODY" "${URL}knights"'))).toBe(true);
  });

  it('are each run by a test or marked as needing an AWS account', () => {
    expect(ALL.map(unaccounted).filter(Boolean), `mark each with a trailing "# needs an AWS account", or add its form to RUN_BY_TESTS with the test that runs it`).toEqual([]);
  });

  it('are marked only where they reach AWS: the AWS CLI, cdk bootstrap, deploy or destroy, or the deployed URL', () => {
    const marked = ALL.filter((one) => MARK.test(one.comment));
    expect(marked.length).toBeGreaterThanOrEqual(10);
    expect(marked.filter((one) => !REACHES_AWS.test(one.command)).map((one) => `${one.path}:${one.line}: ${one.command}`)).toEqual([]);
  });

  it('refuse a command neither marked nor run by a test', () => {
    const made = '# a guide\n\n```sh\nnpx cdk deploy   # needs an AWS account\nnpm run make-believe -- --all   # runs here\nexport AWS_REGION=us-east-1\n```\n';
    const commands = commandLines('made-up.md', made);
    expect(commands.map((one) => one.command)).toEqual(['npx cdk deploy', 'npm run make-believe -- --all', 'export AWS_REGION=us-east-1']);
    expect(commands.map(unaccounted).filter(Boolean)).toEqual(['made-up.md:5: npm run make-believe -- --all']);
    // a mark inside quotes is no mark
    expect(commandLines('quoted.md', '```sh\nnpx cdk deploy -c load="# needs an AWS account"\n```\n').map(unaccounted)).toEqual(['quoted.md:2: npx cdk deploy -c load="# needs an AWS account"']);
  });

  it('use a variable a block sets (URL, TABLE) only after a line that sets it', () => {
    for (const { path, commands } of COMMANDS) {
      const assigned = new Map<string, number>();
      for (const one of commands) {
        const set = /^(?:export\s+)?([A-Za-z_]\w*)=/.exec(one.command);
        if (set && !assigned.has(set[1])) assigned.set(set[1], one.line);
      }
      for (const one of commands) {
        for (const [name, line] of assigned) {
          if (new RegExp(`\\$\\{?${name}\\b`).test(one.command)) expect(line, `${path}:${one.line} uses $${name}, set first at line ${line}`).toBeLessThan(one.line);
        }
      }
      expect(assigned.has('URL'), `${path} sets URL`).toBe(true);
    }
  });

  it('go in order: the credentials checked, the bootstrap, the deploy, the URL read, a first answer, the teardown', () => {
    const steps = [/^aws sts get-caller-identity\b/, /\bcdk bootstrap\b/, /\bcdk deploy\b/, /^URL=\$\(aws cloudformation describe-stacks /, /^npm run (--silent )?ask -- .*--url "\$URL"/, /\bcdk destroy\b/];
    for (const { path, commands } of COMMANDS) {
      const first = steps.map((step) => commands.findIndex((one) => step.test(one.command)));
      expect(first.every((at) => at >= 0), `${path} has every step: ${first.join(', ')}`).toBe(true);
      expect(first, path).toEqual([...first].sort((a, b) => a - b));
    }
    // the kept table is deleted after the destroy, by the name read before it
    const guide = COMMANDS[0].commands;
    const at = (pattern: RegExp) => guide.findIndex((one) => pattern.test(one.command));
    expect(at(/^TABLE=\$\(aws cloudformation describe-stacks .*'TableName'/)).toBeLessThan(at(/\bcdk destroy\b/));
    expect(at(/\bcdk destroy\b/)).toBeLessThan(at(/^aws dynamodb delete-table --table-name "\$TABLE"$/));
  });

  it('read outputs the stack has (lib/tablebase-stack.ts)', () => {
    const stack = readFileSync(join(ROOT, 'lib/tablebase-stack.ts'), 'utf8');
    const outputs = new Set([...stack.matchAll(/new CfnOutput\(this, '(\w+)'/g)].map((m) => m[1]));
    expect(outputs).toEqual(new Set(['Url', 'FunctionUrl', 'TableName']));
    const read = ALL.flatMap((one) => [...one.command.matchAll(/OutputKey=='(\w+)'/g)].map((m) => m[1]));
    expect(read.length).toBeGreaterThanOrEqual(3);
    expect(read.filter((key) => !outputs.has(key))).toEqual([]);
  });
});

describe('the commands the guide shows unmarked, each run by a test', () => {
  for (const tested of RUN_BY_TESTS) {
    const used = ALL.some((one) => tested.form.test(one.command));
    // A form no block uses yet may name a test file still to come (the dry run's); once a block uses it, the file must be there.
    it.skipIf(!used && !existsSync(join(ROOT, tested.file)))(`${tested.command}: ${tested.file} ${tested.how}`, () => {
      expect(existsSync(join(ROOT, tested.file)), tested.file).toBe(true);
      expect(readFileSync(join(ROOT, tested.file), 'utf8')).toContain(tested.mentions);
      expect(tested.form.test(tested.command), `${tested.command} is of its own form`).toBe(true);
    });
  }
});
