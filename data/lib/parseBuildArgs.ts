/** What `npm run data -- …` was asked for. */
export interface BuildArgs {
  /** Files to import (as typed; resolved against the caller's folder later). */
  imports: string[];
  /** `--map <layer>.<column>=<sourceField>` choices. */
  map: Record<string, string>;
}

/** A command line the build cannot follow: one line, exit status 2. */
export class BuildArgsError extends Error {
  override name = 'BuildArgsError';
}

export const BUILD_USAGE =
  'usage: npm run data -- [--import <file> ...] [--map <layer>.<field>=<sourceField> ...]';

/**
 * Parses `--import <file>` and `--map <layer>.<field>=<sourceField>` (each may repeat, and
 * may be written `--import=<file>`). Anything else is refused rather than ignored: a mistyped
 * flag must not quietly build demonstration layers again.
 * @throws BuildArgsError naming the argument
 */
export function parseBuildArgs(argv: readonly string[]): BuildArgs {
  const args: BuildArgs = { imports: [], map: {} };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new BuildArgsError(`${flag} needs a value; ${BUILD_USAGE}`);
      return v;
    };
    if (flag === '--import') args.imports.push(value());
    else if (flag === '--map') {
      const v = value();
      const match = /^(\w+)\.(\w+)=(.+)$/.exec(v);
      if (!match)
        throw new BuildArgsError(
          `--map ${v}: expected <layer>.<field>=<sourceField>, e.g. --map minorWatersheds.id=MINOR5`,
        );
      args.map[`${match[1]}.${match[2]}`] = match[3]!;
    } else throw new BuildArgsError(`unknown argument "${arg}"; ${BUILD_USAGE}`);
  }
  if (args.imports.length === 0 && Object.keys(args.map).length > 0)
    throw new BuildArgsError(`--map only applies to files given with --import; ${BUILD_USAGE}`);
  return args;
}
