/**
 * `npm run data:ensure` (run by `npm start` and `npm test`): rebuilds the layers only when
 * public/data/manifest.json is missing or stale — its `inputsHash` differs from the hash of
 * the pipeline's current inputs (sources, pipeline code, mirror files, mode, imported files).
 * A build made with `--import`, `--credits` or `--ledger` is rebuilt from the same files (the manifest records
 * them), so `npm start` never silently puts demonstration layers back or drops a credit listing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LAYER_SCHEMAS } from '../src/formats/layers/layerSchemas.ts';
import { parseManifest } from '../src/formats/manifest.ts';
import { buildAndReport, exitOnPipelineError } from './lib/buildAndReport.ts';
import { checkOverviews } from './lib/checkOverviews.ts';
import { formatBuildReport } from './lib/formatBuildReport.ts';
import { resolveBuildOptions } from './lib/resolveBuildOptions.ts';
import { storedCredits } from './lib/storedCredits.ts';
import { storedImports } from './lib/storedImports.ts';

/** Layers that must have an overview (every area layer the pipeline writes). */
const AREA_LAYERS = Object.entries(LAYER_SCHEMAS)
  .filter(([, schema]) => schema.geometry === 'area')
  .map(([name]) => name);
const started = performance.now();
await exitOnPipelineError(async () => {
  let options = resolveBuildOptions();
  const manifestPath = join(options.outDir, 'manifest.json');
  let reason = 'public/data/manifest.json is missing';
  if (existsSync(manifestPath)) {
    const stored = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
      inputsHash?: string;
      imports?: unknown;
      banks?: { file?: unknown };
      credits?: { file?: unknown; inputs?: unknown };
      ledgerExports?: { file?: unknown; inputs?: unknown };
    };
    const files = [
      ...Object.values(parseManifest(stored).layers).map((l) => l.file),
      // banks.json and credits.json sit beside the layers; a build without them is not whole.
      ...[stored.banks?.file, stored.credits?.file, stored.ledgerExports?.file].filter(
        (f): f is string => typeof f === 'string',
      ),
    ];
    const missing = files.filter((f) => !existsSync(join(options.outDir, f)));
    const imports = storedImports(stored.imports);
    const credits = storedCredits(stored.credits?.inputs);
    // Ledger exports are recorded as credit listings are (files, skipBadRows).
    const ledgers = storedCredits(stored.ledgerExports?.inputs);
    if (imports && imports.gone.length > 0 && missing.length === 0) {
      console.log(
        `Data layers were built from imported files that are gone or changed (${imports.gone.join(', ')}); keeping that build. Run npm run data -- --import <file> … to rebuild from new files, or npm run data for the default layers.`,
      );
      process.exit(0);
    }
    if (credits && credits.gone.length > 0 && missing.length === 0) {
      console.log(
        `Data layers were built with credit listings that are gone or changed (${credits.gone.join(', ')}); keeping that build and its credit figures as they were. Run npm run data -- --credits <file> … to rebuild from the new listings, or npm run data for none.`,
      );
      process.exit(0);
    }
    if (ledgers && ledgers.gone.length > 0 && missing.length === 0) {
      console.log(
        `Data layers were built with RIBITS ledger exports that are gone or changed (${ledgers.gone.join(', ')}); keeping that build and its ledgers as they were. Run npm run data -- --ledger <file> … to rebuild from the new exports, or npm run data for none.`,
      );
      process.exit(0);
    }
    if (imports || credits || ledgers)
      options = resolveBuildOptions(process.env, console.log, imports?.spec, credits?.spec, ledgers?.spec);
    const overviews =
      missing.length === 0 ? checkOverviews(parseManifest(stored), options.outDir, AREA_LAYERS) : [];
    if (stored.inputsHash === options.inputsHash && missing.length === 0 && overviews.length === 0) {
      const manifest = parseManifest(stored);
      console.log(`Data layers are up to date (${manifestPath}).`);
      if (manifest.demonstration) console.log(formatBuildReport(manifest, options.outDir, 0).at(-1));
      process.exit(0);
    }
    reason =
      missing.length > 0
        ? `${missing.join(', ')} missing`
        : overviews.length > 0
          ? overviews.join('; ')
          : 'the pipeline inputs changed';
    if (imports)
      reason += ` (rebuilding with the imported files ${imports.spec.files.map((f) => f.path).join(', ')})`;
    if (credits)
      reason += ` (rebuilding with the credit listings ${credits.spec.files.map((f) => f.path).join(', ')})`;
    if (ledgers)
      reason += ` (rebuilding with the ledger exports ${ledgers.spec.files.map((f) => f.path).join(', ')})`;
  }
  console.log(`Building data layers: ${reason}.`);
  await buildAndReport(options, started);
});
