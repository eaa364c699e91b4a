/**
 * `npm run build:wasm`: assembles each WebAssembly text file of the project (`.wat`, wherever it
 * lies under the code's folders: wasmSources) into a
 * TypeScript module beside it that holds its bytes as base64 (`<name>.wasm.generated.ts`), which the
 * code imports: esbuild bundles it like any module, so no function's package needs a file of its
 * own. The modules are kept in git (a build needs no assembler); the puzzle's test of its pass
 * fails when one is not what its text assembles to. The assembler is
 * `wabt`, the WebAssembly Binary Toolkit's own, built for JavaScript.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import wabt from 'wabt';
import { readCommandOptions } from './command-options';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const inRoot = (path: string) => join(ROOT, path);
/** The folders that hold code (a puzzle's pass among them). */
const CODE_FOLDERS = ['core', 'puzzles', 'store', 'lambda'];

/** The WebAssembly text files, by path from the repository's root. */
export function wasmSources(): string[] {
  return CODE_FOLDERS.flatMap((folder) => (readdirSync(inRoot(folder), { recursive: true }) as string[]).filter((path) => path.endsWith('.wat')).map((path) => join(folder, path))).sort();
}

/** The module's path for a text file's path (pattern-search.wat: pattern-search.wasm.generated.ts). */
export const bytesModuleOf = (source: string) => source.replace(/\.wat$/, '.wasm.generated.ts');

/** The text of the module holding the bytes `source` assembles to. */
export async function assembled(source: string): Promise<string> {
  const kit = await wabt();
  const module = kit.parseWat(basename(source), readFileSync(inRoot(source), 'utf8'));
  try {
    module.validate();
    const { buffer } = module.toBinary({});
    return [
      `/** The bytes of ${basename(source)}, assembled by scripts/build-wasm.ts (npm run build:wasm): do not edit. */`,
      `export const WASM_BASE64 = '${Buffer.from(buffer).toString('base64')}';`,
      '',
    ].join('\n');
  } finally {
    module.destroy();
  }
}

export const USAGE = `usage: npm run build:wasm   (no options: assembles every .wat file under ${CODE_FOLDERS.map((folder) => `${folder}/`).join(', ')} into the <name>.wasm.generated.ts beside it)`;

/** The command: every text file assembled and its module written, or the usage; its exit code. */
export async function main(args: string[]): Promise<number> {
  const read = readCommandOptions({}, USAGE, args);
  if ('exitCode' in read) return read.exitCode;
  for (const source of wasmSources()) {
    writeFileSync(inRoot(bytesModuleOf(source)), await assembled(source));
    console.error(`assembled ${source} into ${bytesModuleOf(source)}`);
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
