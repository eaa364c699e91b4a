/**
 * The Node.js the project runs on: the major of Lambda's nodejs24.x, so that what is tested and
 * measured here is what ships. `npm ci` brings it as an npm package (package.json's
 * optionalDependencies, one per platform that has one) and npm puts it first on the PATH of every
 * npm script. A platform without a package keeps its own Node, which every command checks at start.
 */
import packageJson from '../package.json' with { type: 'json' };

/** The major version in package.json's `engines` ("24.x": its first number). */
export const SHIPPED_NODE_MAJOR = Number(/\d+/.exec(packageJson.engines.node)?.[0]);

/** The npm package holding the official Node binary for this machine, if the project pins one. */
export function pinnedNodePackage(platform: string = process.platform, arch: string = process.arch): { name: string; version: string } | undefined {
  const name = `node-${platform}-${arch}`;
  const version = (packageJson.optionalDependencies as Record<string, string>)[name];
  return version === undefined ? undefined : { name, version };
}

/** Why this process's Node is not the one the project ships on, or undefined when it is. */
export function runtimeMismatch(version: string = process.version): string | undefined {
  const major = Number(/^v(\d+)\./.exec(version)?.[1]);
  if (major === SHIPPED_NODE_MAJOR) return undefined;
  const pinned = pinnedNodePackage();
  const how = pinned
    ? `run it through npm (npm start, npm test, npm run ...), which puts ${pinned.name}@${pinned.version} from npm ci first on the PATH`
    : `no Node ${SHIPPED_NODE_MAJOR} package is published for ${process.platform}-${process.arch}: install Node ${SHIPPED_NODE_MAJOR} yourself`;
  return `tablebase runs on Node ${SHIPPED_NODE_MAJOR} (the function's Lambda runtime is nodejs${SHIPPED_NODE_MAJOR}.x), but this is Node ${version}: ${how}.`;
}

/** Says so in one line on stderr when this process does not run on the shipped Node; never stops it. */
export function warnUnlessShippedRuntime(): void {
  const mismatch = runtimeMismatch();
  if (mismatch) process.stderr.write(`warning: ${mismatch}\n`);
}
