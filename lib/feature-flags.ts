/**
 * The feature flags of cdk.json's context: those a new CDK app gets (`cdk init` writes the
 * aws-cdk-lib release's recommended flags), read for the apps built outside the CLI, the template
 * tests and the bundle that the tests run, so that they synthesize what `cdk synth` does.
 */
import { readFileSync } from 'node:fs';

export const FEATURE_FLAGS: Readonly<Record<string, unknown>> = JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')).context;
