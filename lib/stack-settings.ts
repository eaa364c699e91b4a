/**
 * The stack's settings, read from CDK context (`-c key=value` or cdk.json) and checked, so that a
 * typo fails the synth with a sentence instead of deploying something unintended.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import type { Node } from 'constructs';
import { InvalidInputError } from '../core/errors';
import { tableSpecs } from '../puzzles/registry';
import { KNIGHTS_DEFAULT_DEPTH } from '../puzzles/knights/tables';

export interface StackSettings {
  /** What happens to the table when the stack is deleted. */
  readonly removalPolicy: RemovalPolicy;
  /** A public URL (auth NONE, with CORS) instead of AWS_IAM. */
  readonly public: boolean;
  /** Origins allowed by CORS on a public URL. */
  readonly allowedOrigins: string[];
  /** Concurrency reserved for the function (also its cap), if any. */
  readonly reservedConcurrency: number | undefined;
  /** Where the alarms are mailed, if anywhere. */
  readonly alarmEmail: string | undefined;
  /** Whether the deploy loads the tables (its trigger runs the loader). */
  readonly loadTables: boolean;
  /** The knights tables' depth. */
  readonly knightsDepth: number;
  /** The goals of one's own, NAME=BOARD each. */
  readonly goals: string[];
}

function text(node: Node, key: string): string | undefined {
  const value = node.tryGetContext(key);
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? value.join(',') : String(value);
}

export function readSettings(node: Node): StackSettings {
  const removal = text(node, 'removalPolicy') ?? 'retain';
  if (removal !== 'retain' && removal !== 'destroy') {
    throw new Error(`Context removalPolicy must be "retain" or "destroy"; got "${removal}".`);
  }
  const isPublic = text(node, 'public') ?? 'false';
  if (isPublic !== 'true' && isPublic !== 'false') throw new Error(`Context public must be "true" or "false"; got "${isPublic}".`);
  const origins = (text(node, 'allowedOrigins') ?? '*').split(',').map((origin) => origin.trim()).filter(Boolean);
  for (const origin of origins) {
    if (origin !== '*' && !/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new Error(`Context allowedOrigins holds "${origin}"; give origins like https://example.com (no path), or *.`);
    }
  }
  const concurrencyText = text(node, 'reservedConcurrency');
  if (concurrencyText !== undefined && !/^[1-9]\d*$/.test(concurrencyText)) {
    throw new Error(`Context reservedConcurrency must be a whole number of at least 1; got "${concurrencyText}".`);
  }
  const alarmEmail = text(node, 'alarmEmail');
  if (alarmEmail !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(alarmEmail)) {
    throw new Error(`Context alarmEmail must be an e-mail address; got "${alarmEmail}".`);
  }
  const loadTables = text(node, 'loadTables') ?? 'true';
  if (loadTables !== 'true' && loadTables !== 'false') throw new Error(`Context loadTables must be "true" or "false"; got "${loadTables}".`);
  const depthText = text(node, 'knightsDepth') ?? String(KNIGHTS_DEFAULT_DEPTH);
  const goals = (text(node, 'goals') ?? '').split(',').map((goal) => goal.trim()).filter(Boolean);
  try {
    // the same rules as npm run precompute's, so that a deploy never starts a load it would refuse
    tableSpecs(undefined, { 'knights-depth': depthText, goal: goals });
  } catch (error) {
    if (error instanceof InvalidInputError) throw new Error(`Context knightsDepth or goals: ${error.message.replace(/--knights-depth/g, 'knightsDepth').replace(/--goal\b/g, 'goals')}`);
    throw error;
  }
  return {
    loadTables: loadTables === 'true',
    knightsDepth: Number(depthText),
    goals,
    alarmEmail,
    removalPolicy: removal === 'destroy' ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    public: isPublic === 'true',
    allowedOrigins: origins,
    reservedConcurrency: concurrencyText === undefined ? undefined : Number(concurrencyText),
  };
}
