/**
 * The stack's settings, read from CDK context (`-c key=value` or cdk.json) and checked, so that a
 * typo fails the synth with a sentence instead of deploying something unintended.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import type { Node } from 'constructs';
import { InvalidInputError } from '../core/errors';
import { type LoadChoices, parseLoadWords } from '../puzzles/registry';
import { LAMBDA_MAX_MEMORY_MB, LOADER_READ_UNITS, type LoadPlan, planDeployLoad } from './load-plan';
import { EDGE_PLANS, type EdgePlan } from './tablebase-edge';

export interface StackSettings {
  /** What happens to the table when the stack is deleted (or the table replaced): kept, except after a failed first create; or dropped. */
  readonly removalPolicy: RemovalPolicy;
  /** A public, cached edge (CloudFront, an origin access control) in front of the AWS_IAM URL. */
  readonly public: boolean;
  /**
   * Concurrency reserved for the function (also its cap), if asked: none by default, in every mode.
   * Lambda lets a function reserve only what leaves the account 100 unreserved, and a new account's
   * quota is often 10, where any reservation fails the deploy. The cost is bounded without it
   * (the plan's allowance, the web ACL's rate rule, the table's read cap); on pay-as-you-go it is not.
   */
  readonly reservedConcurrency: number | undefined;
  /** How the public edge is billed: a CloudFront flat-rate plan (free by default), or pay-as-you-go. */
  readonly edgePlan: EdgePlan;
  /** A WAF web ACL for the edge (public mode), created in us-east-1, instead of the edge's own. */
  readonly webAclArn: string | undefined;
  /** Where the alarms are mailed, if anywhere. */
  readonly alarmEmail: string | undefined;
  /** Whether the deploy loads the tables (its custom resource runs the loader until they are done). */
  readonly loadTables: boolean;
  /** The options of the deploy's load, as `npm run precompute` takes them (its words). */
  readonly load: readonly string[];
  /** The memory the loader gets for that load (CPU grows with it): loaderMemory, or what the load's plan needs. */
  readonly loaderMemoryMb: number;
  /** The load's estimate: its time, runs of the loader and cost (lib/load-plan.ts). */
  readonly loadPlan: LoadPlan;
}


/** The loader's memory unless a puzzle's load asks for more: 1,769 MB is one vCPU. */
export const LOADER_MEMORY_MB = 1769;

function text(node: Node, key: string): string | undefined {
  const value = node.tryGetContext(key);
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** The settings the stack reads: any other key (not CDK's own, which have ':' in them) is a typo. */
export const SETTING_KEYS = ['removalPolicy', 'public', 'edgePlan', 'webAclArn', 'reservedConcurrency', 'alarmEmail', 'loadTables', 'load', 'loaderMemory'] as const;
/** Keys the stack once read: each says what took its place. */
const GONE_KEYS = ['allowedOrigins', 'knightsDepth', 'goals'];

/** A key no setting has (`-c pubilc=true`): refused with the keys there are, and the nearest. */
function checkKeys(node: Node): void {
  for (const key of Object.keys(node.getAllContext())) {
    if (key.includes(':') || (SETTING_KEYS as readonly string[]).includes(key) || GONE_KEYS.includes(key)) continue;
    throw new Error(unknownSetting(key));
  }
}

function unknownSetting(key: string): string {
  const near = SETTING_KEYS.find((known) => known.toLowerCase() === key.toLowerCase() || [...known.toLowerCase()].sort().join('') === [...key.toLowerCase()].sort().join(''));
  return `Context ${key} is not a setting of this stack${near ? `; did you mean ${near}?` : '.'} The settings are ${SETTING_KEYS.join(', ')}.`;
}

export function readSettings(node: Node, choices: LoadChoices): StackSettings {
  checkKeys(node);
  const removal = text(node, 'removalPolicy') ?? 'retain';
  if (removal !== 'retain' && removal !== 'destroy') {
    throw new Error(`Context removalPolicy must be "retain" or "destroy"; got "${removal}".`);
  }
  const isPublic = text(node, 'public') ?? 'false';
  if (isPublic !== 'true' && isPublic !== 'false') throw new Error(`Context public must be "true" or "false"; got "${isPublic}".`);
  if (text(node, 'allowedOrigins') !== undefined) {
    throw new Error('Context allowedOrigins is gone: every answer allows any origin (Access-Control-Allow-Origin: *, a public read-only API), and the page shares the edge\'s origin.');
  }
  const concurrencyText = text(node, 'reservedConcurrency') ?? 'none';
  if (concurrencyText !== 'none' && !/^[1-9]\d*$/.test(concurrencyText)) {
    throw new Error(`Context reservedConcurrency must be a whole number of at least 1, or "none"; got "${concurrencyText}".`);
  }
  const edgePlan = text(node, 'edgePlan');
  if (edgePlan !== undefined) {
    if (isPublic !== 'true') throw new Error('Context edgePlan prices the public edge: give it with public=true.');
    if (!(EDGE_PLANS as readonly string[]).includes(edgePlan)) throw new Error(`Context edgePlan must be ${EDGE_PLANS.map((one) => `"${one}"`).join(', ')}; got "${edgePlan}".`);
  }
  const webAclArn = text(node, 'webAclArn');
  if (webAclArn !== undefined) {
    if (isPublic !== 'true') throw new Error('Context webAclArn guards the public edge: give it with public=true.');
    if (!/^arn:aws[\w-]*:wafv2:us-east-1:\d{12}:global\/webacl\/[\w-]+\/[\w-]+$/.test(webAclArn)) {
      throw new Error(`Context webAclArn must be the ARN of a WAF web ACL for CloudFront (scope CLOUDFRONT, in us-east-1: arn:aws:wafv2:us-east-1:ACCOUNT:global/webacl/NAME/ID); got "${webAclArn}".`);
    }
  }
  const alarmEmail = text(node, 'alarmEmail');
  if (alarmEmail !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(alarmEmail)) {
    throw new Error(`Context alarmEmail must be an e-mail address; got "${alarmEmail}".`);
  }
  const loadTables = text(node, 'loadTables') ?? 'true';
  if (loadTables !== 'true' && loadTables !== 'false') throw new Error(`Context loadTables must be "true" or "false"; got "${loadTables}".`);
  for (const gone of ['knightsDepth', 'goals']) {
    if (text(node, gone) !== undefined) throw new Error(`Context ${gone} is gone: give the load's options as npm run precompute takes them, in the one setting load (for example -c load="--tables ${choices.names.join(',')}").`);
  }
  const load = (text(node, 'load') ?? '').split(/\s+/).filter(Boolean);
  let specs;
  try {
    ({ specs } = parseLoadWords(choices, load));
  } catch (error) {
    if (error instanceof InvalidInputError) throw new Error(`Context load: ${error.message}`);
    throw error;
  }
  const memoryText = text(node, 'loaderMemory');
  if (memoryText !== undefined && (!/^\d+$/.test(memoryText) || Number(memoryText) < 128 || Number(memoryText) > LAMBDA_MAX_MEMORY_MB)) {
    throw new Error(`Context loaderMemory must be the loader's memory in MB, a whole number from 128 to ${LAMBDA_MAX_MEMORY_MB}; got "${memoryText}".`);
  }
  const loadPlan = planDeployLoad(
    specs.map((spec) => spec.estimate?.()),
    { memoryMb: memoryText === undefined ? undefined : Number(memoryText), baseMemoryMb: LOADER_MEMORY_MB, readUnitsPerSecond: LOADER_READ_UNITS },
  );
  if (loadTables === 'true' && loadPlan.refusal !== undefined) {
    const words = load.length > 0 ? ` ${load.join(' ')}` : '';
    throw new Error(
      `Context load: the deploy cannot load this: ${loadPlan.refusal} Deploy without it (a smaller load, or -c loadTables=false), then load it from a machine into the stack's table: ` +
        `npm run precompute -- --table <the TableName output> --region <the stack's region>${words} (npm run precompute -- --dry-run${words} estimates it).`,
    );
  }
  return {
    loadTables: loadTables === 'true',
    load,
    loaderMemoryMb: loadPlan.memoryMb,
    loadPlan,
    alarmEmail,
    removalPolicy: removal === 'destroy' ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    public: isPublic === 'true',
    reservedConcurrency: concurrencyText === 'none' ? undefined : Number(concurrencyText),
    edgePlan: (edgePlan ?? 'free') as EdgePlan,
    webAclArn,
  };
}

/**
 * Settings that deploy, but with a bill nothing bounds: each with an id (to acknowledge it by)
 * and its sentence. Pay-as-you-go without a reservation leaves the function's time bounded only
 * by the account's concurrency (docs/deploying.md, "What it can cost at most").
 */
export function settingWarnings(settings: StackSettings): [id: string, warning: string][] {
  if (!settings.public || settings.edgePlan !== 'payg' || settings.reservedConcurrency !== undefined) return [];
  return [
    [
      'tablebase:paygWithoutReservedConcurrency',
      'edgePlan=payg without reservedConcurrency: nothing bounds the function\'s bill but the account\'s concurrency limit, ' +
        'about $68,000 a month at the default 1,000 (each concurrent execution, busy all month, about $68). ' +
        'Set -c reservedConcurrency=N (N = 10: at most about $680 a month), or keep a flat-rate plan (edgePlan=free or pro).',
    ],
  ];
}

/**
 * Said when the CDK CLI runs the app and found no AWS credentials (it sets CDK_DEFAULT_ACCOUNT
 * only when it resolved an account; CDK_DEFAULT_REGION whenever it runs the app): `cdk synth`
 * needs none, but `cdk deploy` and `cdk bootstrap` would end with the CLI's "Unable to resolve AWS
 * account to use".
 */
export function credentialsWarning(environment: Readonly<Record<string, string | undefined>>): string | undefined {
  if (environment.CDK_DEFAULT_REGION === undefined || environment.CDK_DEFAULT_ACCOUNT !== undefined) return undefined;
  return (
    'No AWS credentials were found, so no account: cdk synth needs none, but cdk bootstrap and cdk deploy do. ' +
    'Set AWS_PROFILE to a profile of ~/.aws/config (made by aws configure, or aws configure sso then aws sso login), ' +
    'or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary ones), with AWS_REGION; ' +
    'aws sts get-caller-identity shows whom they name (docs/deploying.md).'
  );
}
