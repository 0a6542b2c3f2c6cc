/** What `npm run data -- …` was asked for. */
export interface BuildArgs {
  /** Files to import (as typed; resolved against the caller's folder later). */
  imports: string[];
  /** `--map <layer>.<column>=<sourceField>` choices. */
  map: Record<string, string>;
  /** Credit listings (`--credits <file>`, as typed). */
  credits: string[];
  /** RIBITS ledger exports (`--ledger <file>`, as typed). */
  ledgers: string[];
  /** `--as-of YYYY-MM-DD`: the date of listings that state none. */
  asOf: string | null;
  /** `--skip-bad-rows`: build from a listing's (or ledger export's) good rows when some are bad (named in the output). */
  skipBadRows: boolean;
  /** `--accept-bank-drop`: apply a RIBITS refresh that lost banks against the last good one. */
  acceptBankDrop: boolean;
}

/** A command line the build cannot follow: one line, exit status 2. */
export class BuildArgsError extends Error {
  override name = 'BuildArgsError';
}

export const BUILD_USAGE =
  'usage: npm run data -- [--import <file> ...] [--map <layer>.<field>=<sourceField> ...] [--credits <file> ... [--as-of YYYY-MM-DD]] [--ledger <file> ...] [--skip-bad-rows] [--accept-bank-drop]';

/** A real calendar date written YYYY-MM-DD. */
function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

/**
 * Parses `--import <file>` and `--map <layer>.<field>=<sourceField>` (each may repeat, and
 * may be written `--import=<file>`), `--credits <file>` and `--ledger <file>` (repeatable),
 * `--as-of YYYY-MM-DD`, `--skip-bad-rows` and `--accept-bank-drop`. Anything else is refused rather than ignored: a mistyped flag must not
 * quietly build demonstration layers again, or a listing without its date.
 * @throws BuildArgsError naming the argument
 */
export function parseBuildArgs(argv: readonly string[]): BuildArgs {
  const args: BuildArgs = {
    imports: [],
    map: {},
    credits: [],
    ledgers: [],
    asOf: null,
    skipBadRows: false,
    acceptBankDrop: false,
  };
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
    } else if (flag === '--credits') args.credits.push(value());
    else if (flag === '--ledger') args.ledgers.push(value());
    else if (flag === '--as-of') {
      const v = value();
      if (!isIsoDate(v))
        throw new BuildArgsError(`--as-of ${v}: expected a date written YYYY-MM-DD, e.g. --as-of 2026-05-01`);
      args.asOf = v;
    } else if (flag === '--skip-bad-rows' && inline === undefined) args.skipBadRows = true;
    else if (flag === '--accept-bank-drop' && inline === undefined) args.acceptBankDrop = true;
    else throw new BuildArgsError(`unknown argument "${arg}"; ${BUILD_USAGE}`);
  }
  if (args.credits.length === 0 && args.asOf !== null)
    throw new BuildArgsError(`--as-of only applies to listings given with --credits; ${BUILD_USAGE}`);
  if (args.credits.length === 0 && args.ledgers.length === 0 && args.skipBadRows)
    throw new BuildArgsError(
      `--skip-bad-rows only applies to listings given with --credits or --ledger; ${BUILD_USAGE}`,
    );
  if (args.imports.length === 0 && Object.keys(args.map).length > 0)
    throw new BuildArgsError(`--map only applies to files given with --import; ${BUILD_USAGE}`);
  return args;
}
