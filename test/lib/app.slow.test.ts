/**
 * The CDK app as the CDK CLI runs it (bin/tablebase.ts, in a process of its own, the CLI's
 * environment variables set by hand, bundling skipped): what it writes to the cloud assembly
 * for the CLI to print. The CLI names an account (CDK_DEFAULT_ACCOUNT) only when it found
 * credentials; without one the app says what to set.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The messages the app left for the CLI on the stack: [level, text]. */
function synthMessages(environment: Record<string, string>): [string, string][] {
  const outdir = mkdtempSync(join(tmpdir(), 'tablebase-app-'));
  folders.push(outdir);
  const { CDK_DEFAULT_ACCOUNT: _account, ...inherited } = process.env;
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bin/tablebase.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...inherited, CDK_OUTDIR: outdir, CDK_CONTEXT_JSON: JSON.stringify({ 'aws:cdk:bundling-stacks': [] }), ...environment },
  });
  expect(run.status, run.stderr).toBe(0);
  // the stack's metadata, in the file the assembly's manifest names for it
  const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) as { artifacts: Record<string, { additionalMetadataFile: string }> };
  const metadata = JSON.parse(readFileSync(join(outdir, manifest.artifacts.Tablebase.additionalMetadataFile), 'utf8')) as Record<string, { type: string; data: unknown }[]>;
  return Object.values(metadata)
    .flat()
    .filter((entry) => entry.type === 'aws:cdk:info' || entry.type === 'aws:cdk:warning')
    .map((entry) => [entry.type.replace('aws:cdk:', ''), String(entry.data)]);
}

describe('the CDK app under the CLI', () => {
  it('says what to set when the CLI found no credentials, beside the load\'s estimate', () => {
    const messages = synthMessages({ CDK_DEFAULT_REGION: 'eu-west-1' });
    expect(messages).toContainEqual(['warning', expect.stringMatching(/^No AWS credentials were found, so no account: cdk synth needs none, but cdk bootstrap and cdk deploy do\. Set AWS_PROFILE/)]);
    expect(messages).toContainEqual(['info', expect.stringMatching(/^The deploy's load: 3 tables/)]);
  });

  it('says nothing of credentials when the CLI found an account', () => {
    const messages = synthMessages({ CDK_DEFAULT_REGION: 'eu-west-1', CDK_DEFAULT_ACCOUNT: '123456789012' });
    expect(messages.filter(([level]) => level === 'warning')).toEqual([]);
  });
});
