/**
 * A command's options read as `node:util` parseArgs reads them (strict: no positionals, no word it
 * does not take), with the two answers every command gives alike: a word it does not take is its
 * sentence and the usage on stderr, exit 2; `--help` (or `-h`) is the usage on stdout, exit 0.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export function commandOptions<const T extends Options>(options: T, usage: string, args?: string[]) {
  const config = { args, options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true } as const;
  let values: ReturnType<typeof parseArgs<typeof config>>['values'];
  try {
    ({ values } = parseArgs(config));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  if ((values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}
