/**
 * `node scripts/run-bundled.mjs scripts/COMMAND.ts ARGS...` runs a TypeScript command from an
 * esbuild bundle of it, kept in node_modules/.cache and built again whenever a file it was built
 * from changes (or this file). For a command whose whole run is short, such as judge input through
 * npm run solve, plain Node on one bundle starts in a fraction of tsx's time: tsx starts a second
 * Node process and a loader thread, and resolves and transpiles (or reads from its cache) every
 * module one by one.
 *
 * The bundle keeps the command's lazy imports lazy (split into chunks loaded on first use) and
 * leaves the packages to node_modules. The command's own "am I the main module" check holds: it
 * is run as the bundle's entry file, with that file as process.argv[1].
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SELF = relative(ROOT, fileURLToPath(import.meta.url));
/** Builds older than this, other than the current one, are removed when a new one is made (a process may still load chunks of the one it started from). */
const KEEP_OLD_BUILDS_MS = 60 * 60 * 1000;

/** Size and modification time: what tells that a file changed ('gone' when it is not there). */
function stamp(path) {
  try {
    const stats = statSync(join(ROOT, path));
    return `${stats.size}:${stats.mtimeMs}`;
  } catch {
    return 'gone';
  }
}

/** The current build's entry file, if it is there and every file it was built from is as it was then. */
function currentBuild(cache) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(cache, 'current.json'), 'utf8'));
    statSync(join(cache, manifest.entry));
  } catch {
    return undefined;
  }
  const fresh = Object.entries(manifest.inputs).every(([path, was]) => stamp(path) === was);
  return fresh ? join(cache, manifest.entry) : undefined;
}

/** Bundles `entry` into a new folder of `cache` and makes it the current build. */
async function buildInto(cache, entry) {
  const { build } = await import('esbuild');
  const folder = `build-${Date.now()}-${process.pid}`;
  const outdir = join(cache, folder);
  const started = Date.now();
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    outdir,
    outExtension: { '.js': '.mjs' },
    metafile: true,
    logLevel: 'error',
  }).catch((error) => {
    if (!Array.isArray(error.errors)) throw error;
    process.exit(1); // esbuild has said what does not build, as a compiler says it
  });
  const inputs = {};
  for (const path of [SELF, ...Object.keys(result.metafile.inputs)]) {
    // A file changed while the build read it may be in the bundle as it was: the next run builds again.
    const now = stamp(path);
    inputs[path] = now !== 'gone' && Number(now.split(':')[1]) < started ? now : 'changed during the build';
  }
  const [output] = Object.entries(result.metafile.outputs).find(([, meta]) => meta.entryPoint === entry);
  const manifest = { entry: relative(cache, join(ROOT, output)), inputs };
  // Written whole, then renamed over the last: a run at the same time reads the old manifest or the new one.
  const temporary = join(cache, `current.json.${process.pid}`);
  writeFileSync(temporary, JSON.stringify(manifest));
  renameSync(temporary, join(cache, 'current.json'));
  for (const old of readdirSync(cache)) {
    if (!old.startsWith('build-') || old === folder) continue;
    if (Date.now() - statSync(join(cache, old)).mtimeMs > KEEP_OLD_BUILDS_MS) rmSync(join(cache, old), { recursive: true, force: true });
  }
  return join(cache, manifest.entry);
}

const [entryArgument, ...args] = process.argv.slice(2);
if (!entryArgument) {
  process.stderr.write('usage: node scripts/run-bundled.mjs scripts/COMMAND.ts [ARGS...]\n');
  process.exit(2);
}
const entry = relative(ROOT, resolve(ROOT, entryArgument));
// One cache per checkout and command: node_modules may be shared by several checkouts.
const cache = join(ROOT, 'node_modules', '.cache', 'run-bundled', createHash('sha256').update(`${ROOT}\0${entry}`).digest('hex').slice(0, 16));
mkdirSync(cache, { recursive: true });
// The real path: Node names a module by it, and the command compares its own name with argv[1].
const bundle = realpathSync(currentBuild(cache) ?? (await buildInto(cache, entry)));
process.argv = [process.argv[0], bundle, ...args];
await import(pathToFileURL(bundle).href);
