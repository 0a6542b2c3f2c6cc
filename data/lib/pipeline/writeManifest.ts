import type { LayerManifestEntry, LayerName } from '../../../src/formats/manifest.ts';
import type { writePlaceNames } from '../writePlaceNames.ts';
import type { BuildContext } from './buildContext.ts';
import type {
  BanksManifestEntry,
  BuildFiles,
  BuiltManifest,
  CreditsManifestEntry,
  LedgerExportsManifestEntry,
} from './pipelineTypes.ts';
import type { writeFlowGeography } from './writeFlowGeography.ts';
import { DEMONSTRATION_NOTICE } from './writeLayerFiles.ts';

/** The entries each stage wrote, for manifest.json. */
export interface ManifestParts {
  layers: Partial<Record<LayerName, LayerManifestEntry>>;
  placeNames: Awaited<ReturnType<typeof writePlaceNames>>;
  banks?: BanksManifestEntry;
  credits?: CreditsManifestEntry;
  ledgerExports?: LedgerExportsManifestEntry;
  flowGeography: ReturnType<typeof writeFlowGeography>;
}

/** Adds area-class-overrides.json and manifest.json (data/SCHEMA.md) to the build's files; returns the manifest. */
export function writeManifest(
  ctx: BuildContext,
  parts: ManifestParts,
  overrides: unknown,
  files: BuildFiles,
): BuiltManifest {
  const { options } = ctx;
  const demonstration = Object.values(parts.layers).some((e) => e.demonstration);
  const manifest = {
    schema: 1 as const,
    generatedAt: ctx.retrieved,
    demonstration,
    ...(demonstration ? { notice: DEMONSTRATION_NOTICE } : {}),
    inputsHash: options.inputsHash,
    ...(options.imports ? { imports: options.imports } : {}),
    areaClassOverrides: 'area-class-overrides.json',
    placeNames: parts.placeNames,
    layers: parts.layers,
    ...(parts.banks ? { banks: parts.banks } : {}),
    ...(parts.credits ? { credits: parts.credits } : {}),
    ...(parts.ledgerExports ? { ledgerExports: parts.ledgerExports } : {}),
    flowGeography: parts.flowGeography,
  };
  files.set('area-class-overrides.json', `${JSON.stringify(overrides, null, 2)}\n`);
  files.set('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
