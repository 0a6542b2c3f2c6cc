import { UsageError } from './cliErrors.ts';

/** Positional arguments and `--flag value` options of one command line. */
export interface ParsedArgs {
  positional: string[];
  options: Map<string, string>;
}

/**
 * Splits arguments into positionals and `--name value` / `--name=value` options. Only the names
 * in `known` are accepted, so a misspelt option is an error rather than silently ignored.
 * Negative numbers (e.g. a longitude) are positionals, not options.
 */
export function parseArgs(
  args: readonly string[],
  known: readonly string[],
  /** Names that take no value (`--eligible-only`): set to "true" when given. */
  flags: readonly string[] = [],
): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (flags.includes(name)) {
      if (inline !== undefined) throw new UsageError(`--${name}: takes no value`);
      options.set(name, 'true');
      continue;
    }
    if (!known.includes(name)) throw new UsageError(`--${name}: unknown option`);
    const value = inline ?? args[index + 1];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) {
      throw new UsageError(`--${name}: needs a value`);
    }
    if (inline === undefined) index += 1;
    options.set(name, value);
  }
  return { positional, options };
}
