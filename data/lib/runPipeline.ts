import type { MultiPolygon, Polygon } from 'geojson';
import type { LayerName } from '../../src/formats/manifest.ts';
import { withBuildLock } from './buildLock.ts';
import { normalizeCounties } from './normalizeCounties.ts';
import { acquireAreaLayers } from './pipeline/acquireAreaLayers.ts';
import { acquireBasemap } from './pipeline/acquireBasemap.ts';
import { acquireSites } from './pipeline/acquireSites.ts';
import { acquireStateAndCounties } from './pipeline/acquireStateAndCounties.ts';
import { type BuildContext, createBuildContext } from './pipeline/buildContext.ts';
import type { BuildFiles, BuiltLayer, BuiltManifest, PipelineOptions } from './pipeline/pipelineTypes.ts';
import { placeBanks } from './pipeline/placeBanks.ts';
import { readImports } from './pipeline/readImports.ts';
import { readUserListings } from './pipeline/userListings.ts';
import { validateBuiltLayers } from './pipeline/validateBuiltLayers.ts';
import { writeBankFiles } from './pipeline/writeBankFiles.ts';
import { writeCreditFiles } from './pipeline/writeCreditFiles.ts';
import { writeFlowGeography } from './pipeline/writeFlowGeography.ts';
import { writeLayerFiles } from './pipeline/writeLayerFiles.ts';
import { writeManifest } from './pipeline/writeManifest.ts';
import { readAreaClassOverrides } from './readAreaClassOverrides.ts';
import { writeBuildAtomically } from './writeBuildAtomically.ts';
import { writePlaceNames } from './writePlaceNames.ts';

export type {
  BanksManifestEntry,
  BuiltManifest,
  CreditsManifestEntry,
  LedgerExportsManifestEntry,
  PipelineOptions,
} from './pipeline/pipelineTypes.ts';
export { DEMONSTRATION_NOTICE } from './pipeline/writeLayerFiles.ts';

/**
 * Turns the sources into validated FlatGeobuf layers and manifest.json, written atomically.
 * Per layer: the mirror when it has the file; else the official source unless offline; else
 * the fallback (us-atlas for counties and state, demonstration geography for watersheds and
 * BSAs; other layers are left out, with one line saying so). Unreachable sources fall back
 * with one line; sources that are reachable but wrong fail the build.
 * @throws PipelineError naming the source, feature and problem; nothing is written then
 */
export function runPipeline(options: PipelineOptions): Promise<BuiltManifest> {
  // One build at a time per output folder: a second is refused, and what a killed one left is cleared.
  return withBuildLock(options.outDir, options.log, () => buildAll(createBuildContext(options)));
}

/** The stages in their order: read, acquire, place the banks, check, then write everything at once. */
async function buildAll(ctx: BuildContext): Promise<BuiltManifest> {
  const userListings = readUserListings(ctx);
  if (!ctx.mirrorDir && ctx.offline)
    ctx.log(
      'No data mirror (SITING_DATA_MIRROR) and no network (SITING_DATA_OFFLINE=1): counties from the us-atlas package, watersheds and BSAs as demonstration geography; sites, lakes, rivers and places are left out.',
    );
  const { stateGeometry, state, counties } = await acquireStateAndCounties(ctx);
  const { imported, civilDivisionFiles } = await readImports(ctx);
  const layers = new Map<LayerName, BuiltLayer>([['state', state]]);
  for (const [name, layer] of await acquireAreaLayers(ctx, imported, stateGeometry)) layers.set(name, layer);
  const overrides = addCounties(ctx, counties, layers);
  const sites = await acquireSites(ctx);
  if (sites.layer) layers.set('sites', sites.layer);
  for (const [name, layer] of acquireBasemap(ctx, imported)) layers.set(name, layer);
  // Each bank's units, found once here rather than by every page visit.
  const unitIndex = placeBanks(sites.layer?.features ?? [], layers);
  validateBuiltLayers(ctx.sources, layers, imported);

  const files: BuildFiles = new Map();
  const creditEntries = writeCreditFiles(ctx, userListings, sites.banks?.banks ?? null, files);
  const layerEntries = writeLayerFiles(layers, ctx.retrieved, files);
  const banks = sites.banks ? writeBankFiles(sites.banks, sites.live, files) : undefined;
  const flowGeography = writeFlowGeography(layers, unitIndex, ctx.retrieved, files);
  const placeNames = await writePlaceNames(
    {
      sources: ctx.sources,
      mirrorDir: ctx.mirrorDir,
      offline: ctx.offline,
      imported: civilDivisionFiles,
      counties: countyOutlines(layers),
      log: ctx.log,
      ...(ctx.options.timeoutMs ? { timeoutMs: ctx.options.timeoutMs } : {}),
    },
    files,
  );
  const manifest = writeManifest(
    ctx,
    { layers: layerEntries, placeNames, ...(banks ? { banks } : {}), ...creditEntries, flowGeography },
    overrides,
    files,
  );
  writeBuildAtomically(ctx.options.outDir, files, ctx.log);
  return manifest;
}

/** The counties with their area class (the overrides are checked against county ids and major numbers). */
function addCounties(
  ctx: BuildContext,
  counties: Awaited<ReturnType<typeof acquireStateAndCounties>>['counties'],
  layers: Map<LayerName, BuiltLayer>,
) {
  const majorIds = new Set(layers.get('majorWatersheds')!.features.map((f) => Number(f.properties.id)));
  const countyIds = new Set(counties.records.map(counties.idOf));
  const overrides = readAreaClassOverrides(ctx.options.overridesPath, countyIds, majorIds);
  layers.set('counties', {
    features: normalizeCounties(counties.records, counties.idOf, counties.nameOf, overrides, 'counties'),
    provenance: counties.provenance,
  });
  return overrides;
}

function countyOutlines(layers: ReadonlyMap<LayerName, BuiltLayer>) {
  return layers.get('counties')!.features.map((f) => ({
    id: String(f.properties.id),
    name: String(f.properties.name),
    geometry: f.geometry as Polygon | MultiPolygon,
  }));
}
