/**
 * `npm run data [-- --import <file> ... --map <layer>.<field>=<sourceField> ... --credits <file>
 * ... --as-of YYYY-MM-DD --ledger <file> ... --skip-bad-rows --accept-bank-drop]`: turns the sources in data/sources.json,
 * any official files given with --import, any credit listings given with --credits and any RIBITS
 * ledger exports given with --ledger into public/data/*.fgb, banks.json, credits.json,
 * ledger-exports.json and manifest.json (see data/README.md). Exits 1 with a message naming
 * the file or source, the layer and the problem when one is bad (the previous build is then left
 * as it was), 2 for a command line it cannot follow or a credit listing with bad rows.
 */
import { resolve } from 'node:path';
import { buildAndReport, exitOnPipelineError } from './lib/buildAndReport.ts';
import { CreditInputError } from './lib/buildCreditListings.ts';
import { BuildArgsError, parseBuildArgs } from './lib/parseBuildArgs.ts';
import { statImports } from './lib/readImportedLayers.ts';
import { resolveBuildOptions } from './lib/resolveBuildOptions.ts';
import type { CreditSpec } from './lib/storedCredits.ts';

const started = performance.now();
let args: ReturnType<typeof parseBuildArgs>;
try {
  args = parseBuildArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof BuildArgsError)) throw error;
  console.error(`npm run data: ${error.message}`);
  process.exit(2);
}
await exitOnPipelineError(async () => {
  // npm runs scripts from the package root; a relative --import is meant from where it was typed.
  const here = process.env.INIT_CWD ?? process.cwd();
  const imports =
    args.imports.length > 0
      ? { files: statImports(args.imports.map((p) => resolve(here, p))), map: args.map }
      : undefined;
  let credits: CreditSpec | undefined;
  if (args.credits.length > 0) {
    try {
      credits = {
        files: statImports(args.credits.map((p) => resolve(here, p))),
        asOf: args.asOf,
        skipBadRows: args.skipBadRows,
      };
    } catch (error) {
      throw new CreditInputError((error as Error).message.replace(/^--import/, '--credits'));
    }
  }
  let ledgers: CreditSpec | undefined;
  if (args.ledgers.length > 0) {
    try {
      ledgers = {
        files: statImports(args.ledgers.map((p) => resolve(here, p))),
        asOf: null,
        skipBadRows: args.skipBadRows,
      };
    } catch (error) {
      throw new CreditInputError((error as Error).message.replace(/^--import/, '--ledger'));
    }
  }
  const options = resolveBuildOptions(process.env, console.log, imports, credits, ledgers);
  if (args.acceptBankDrop) options.ribits = { ...options.ribits, acceptDrop: true };
  await buildAndReport(options, started);
});
