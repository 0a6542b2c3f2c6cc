import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Feature, Geometry, MultiPolygon, Polygon } from 'geojson';
import type { LayerManifestEntry, LayerName, Manifest } from '../../src/formats/manifest.ts';
import { LAYER_NAMES } from '../../src/formats/manifest.ts';
import { importedProvenance } from '../../src/formats/official/index.ts';
import { type DemoOptions, generateDemoGeography } from '../demo/generateDemoGeography.ts';
import { fetchOfficialFeatures, normalizeOfficialFeatures } from './acquireOfficialLayer.ts';
import { addOverviews } from './addOverviews.ts';
import { checkWatershedNesting } from '../../src/formats/official/checkWatershedNesting.ts';
import { LAYER_SCHEMAS } from '../../src/formats/layers/layerSchemas.ts';
import type { AreaFeature, LayerFeature } from '../../src/formats/layers/layerTypes.ts';
import type { LayerSource, SourcesFile } from './loadSources.ts';
import { normalizeCounties } from './normalizeCounties.ts';
import { normalizeSnapshotBanks } from './normalizeSites.ts';
import { PipelineError, SourceUnavailableError } from '../../src/formats/PipelineError.ts';
import { readAreaClassOverrides } from './readAreaClassOverrides.ts';
import { type ImportSpec, readImportedLayers } from './readImportedLayers.ts';
import { readUsAtlasMinnesota, US_ATLAS_SOURCE } from './readUsAtlasMinnesota.ts';
import { MINNESOTA_BOUNDS, REGION_BOUNDS, validateLayer } from '../../src/formats/layers/validateLayer.ts';
import { writeBuildAtomically } from './writeBuildAtomically.ts';
import { writeLayerFile } from '../../src/formats/flatgeobuf/writeLayerFile.ts';

/** The notice every consumer shows while a demonstration layer is in use. */
export const DEMONSTRATION_NOTICE = 'demonstration geography — not official';

/** Everything a build needs to know; build.ts fills it from the environment. */
export interface PipelineOptions {
  sources: SourcesFile;
  overridesPath: string;
  outDir: string;
  /** Folder holding local copies (see /work/shared/data/PROVENANCE.md), or null. */
  mirrorDir: string | null;
  /** Never touch the network (SITING_DATA_OFFLINE=1). */
  offline: boolean;
  /** Stored in the manifest so `data:ensure` can tell a stale build. */
  inputsHash: string;
  log: (line: string) => void;
  timeoutMs?: number;
  now?: Date;
  demo?: DemoOptions;
  /** Official files to import (`--import`); each layer found replaces its usual source. */
  imports?: ImportSpec;
}

type SourceFeature = Feature<Geometry, Record<string, unknown>>;

interface Provenance {
  source: string;
  sourceUrl: string | null;
  asOf: string;
  licence: string;
  official: boolean;
  demonstration: boolean;
  importedFrom?: LayerManifestEntry['importedFrom'];
}

interface BuiltLayer {
  features: LayerFeature[];
  provenance: Provenance;
}

function readMirrorGeojson(mirrorDir: string, path: string, label: string): SourceFeature[] {
  const file = join(mirrorDir, path);
  let parsed: { type?: string; features?: SourceFeature[] };
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new PipelineError(`${label}: cannot read ${file} (${(error as Error).message})`);
  }
  if (parsed.type !== 'FeatureCollection' || !Array.isArray(parsed.features))
    throw new PipelineError(`${label}: ${file} is not a GeoJSON FeatureCollection`);
  return parsed.features;
}

/**
 * Turns the sources into validated FlatGeobuf layers and manifest.json, written atomically.
 * Per layer: the mirror when it has the file; else the official source unless offline; else
 * the fallback (us-atlas for counties and state, demonstration geography for watersheds and
 * BSAs; other layers are left out, with one line saying so). Unreachable sources fall back
 * with one line; sources that are reachable but wrong fail the build.
 * @throws PipelineError naming the source, feature and problem; nothing is written then
 */
export async function runPipeline(options: PipelineOptions): Promise<Manifest & { inputsHash: string }> {
  const { sources, mirrorDir, offline, log } = options;
  const now = options.now ?? new Date();
  const retrieved = now.toISOString();
  const layers = new Map<LayerName, BuiltLayer>();
  const mirrorHas = (name: LayerName): string | null => {
    const mirror = sources.layers[name].mirror;
    if (!mirrorDir || !mirror) return null;
    const file = join(mirrorDir, mirror.path);
    return existsSync(file) ? file : null;
  };
  const mirrorProvenance = (source: LayerSource): Provenance => ({
    source: `${source.mirror!.origin} (local mirror copy: ${source.mirror!.path})`,
    sourceUrl: source.official?.url ?? null,
    asOf: source.mirror!.asOf,
    licence: source.mirror!.licence,
    official: source.mirror!.official,
    demonstration: false,
  });
  const officialProvenance = (source: LayerSource, url: string): Provenance => ({
    source: source.official!.publisher,
    sourceUrl: url,
    asOf: source.official!.asOf ?? retrieved.slice(0, 10),
    licence: source.official!.licence,
    official: true,
    demonstration: false,
  });
  /** Tries the official source; an unreachable one gives null after one line of explanation. */
  const tryOfficial = async (name: LayerName, fallbackText: string) => {
    const source = sources.layers[name];
    if (offline || !source.official) return null;
    try {
      return await fetchOfficialFeatures(name, source, options.timeoutMs);
    } catch (error) {
      if (error instanceof SourceUnavailableError) {
        log(
          `${name}: official source unavailable — ${error.message.replace(/^[^:]*\): /, '')}; using ${fallbackText}`,
        );
        return null;
      }
      throw error;
    }
  };

  if (!mirrorDir && offline)
    log(
      'No data mirror (SITING_DATA_MIRROR) and no network (SITING_DATA_OFFLINE=1): counties from the us-atlas package, watersheds and BSAs as demonstration geography; sites, lakes, rivers and places are left out.',
    );

  // --- state and counties -------------------------------------------------------------------
  let atlas: ReturnType<typeof readUsAtlasMinnesota> | undefined;
  const usAtlas = () => {
    atlas ??= readUsAtlasMinnesota();
    return atlas;
  };
  const atlasProvenance: Provenance = { ...US_ATLAS_SOURCE, official: true, demonstration: false };

  const stateFile = mirrorHas('state');
  let stateGeometry: Polygon | MultiPolygon;
  let stateProvenance: Provenance;
  if (stateFile) {
    const features = readMirrorGeojson(mirrorDir!, sources.layers.state.mirror!.path, 'state');
    stateGeometry = features[0]?.geometry as Polygon | MultiPolygon;
    stateProvenance = mirrorProvenance(sources.layers.state);
  } else {
    const official = await tryOfficial('state', 'the us-atlas package');
    if (official) {
      stateGeometry = official.features[0]?.geometry as Polygon | MultiPolygon;
      stateProvenance = officialProvenance(sources.layers.state, official.url);
    } else {
      stateGeometry = usAtlas().state;
      stateProvenance = atlasProvenance;
    }
  }
  layers.set('state', {
    features: [{ type: 'Feature', properties: { name: 'Minnesota' }, geometry: stateGeometry }],
    provenance: stateProvenance,
  });

  const countiesFile = mirrorHas('counties');
  let countyRecords: SourceFeature[];
  let countyProvenance: Provenance;
  let idOf = (f: SourceFeature) => String(f.properties.geoid ?? f.properties.GEOID ?? f.properties.id);
  let nameOf = (f: SourceFeature) => String(f.properties.name ?? f.properties.NAME);
  if (countiesFile) {
    countyRecords = readMirrorGeojson(mirrorDir!, sources.layers.counties.mirror!.path, 'counties');
    countyProvenance = mirrorProvenance(sources.layers.counties);
  } else {
    const official = await tryOfficial('counties', 'the us-atlas package');
    if (official) {
      countyRecords = official.features;
      countyProvenance = officialProvenance(sources.layers.counties, official.url);
    } else {
      countyRecords = usAtlas().counties as unknown as SourceFeature[];
      idOf = (f) => String(f.properties.id);
      nameOf = (f) => String(f.properties.name);
      countyProvenance = atlasProvenance;
    }
  }

  // --- imported official files (validated by the shared reader, exactly as below) ---------------
  const imported = new Map<LayerName, BuiltLayer>();
  if (options.imports)
    for (const layer of await readImportedLayers(options.imports, log))
      imported.set(layer.name, {
        features: layer.features,
        provenance: importedProvenance(layer, retrieved),
      });

  // --- watersheds and bank service areas --------------------------------------------------------
  const demoLayers = new Set<LayerName>();
  const officialArea = async (name: LayerName): Promise<BuiltLayer | null> => {
    const fromFile = imported.get(name);
    if (fromFile) return fromFile;
    const fetched = await tryOfficial(name, 'demonstration geography');
    if (!fetched) return null;
    const label = `${name} (${fetched.url})`;
    const features = normalizeOfficialFeatures(name, sources.layers[name], fetched.features, label);
    return { features, provenance: officialProvenance(sources.layers[name], fetched.url) };
  };
  const majors = await officialArea('majorWatersheds');
  // Real minors cannot nest in invented majors, so the minors are official only with the majors.
  const minors = majors ? await officialArea('minorWatersheds') : null;
  const bsas = await officialArea('bankServiceAreas');
  if (!majors || !minors || !bsas) {
    const started = performance.now();
    const demo = generateDemoGeography(
      stateGeometry,
      options.demo,
      majors?.features as AreaFeature[] | undefined,
    );
    const demoProvenance = (what: string): Provenance => ({
      source: `Demonstration geography (${DEMONSTRATION_NOTICE}): ${what}, generated by data/demo/generateDemoGeography.ts over the state outline`,
      sourceUrl: null,
      asOf: retrieved.slice(0, 10),
      licence: 'MIT (generated by this project); not data of any agency',
      official: false,
      demonstration: true,
    });
    const pick = (name: LayerName, official: BuiltLayer | null, generated: LayerFeature[], what: string) => {
      if (official) layers.set(name, official);
      else {
        layers.set(name, { features: generated, provenance: demoProvenance(what) });
        demoLayers.add(name);
      }
    };
    pick(
      'majorWatersheds',
      majors,
      demo.majorWatersheds,
      "81 invented major watersheds numbered like the DNR's",
    );
    pick('minorWatersheds', minors, demo.minorWatersheds, 'invented minor watersheds nested in the majors');
    pick(
      'bankServiceAreas',
      bsas,
      demo.bankServiceAreas,
      '10 invented bank service areas, unions of whole majors',
    );
    log(
      `Generated demonstration geography for ${[...demoLayers].join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } else {
    layers.set('majorWatersheds', majors);
    layers.set('minorWatersheds', minors);
    layers.set('bankServiceAreas', bsas);
  }

  // --- area class (needs county ids and major numbers to check the overrides) --------------
  const majorIds = new Set(layers.get('majorWatersheds')!.features.map((f) => Number(f.properties.id)));
  const countyIds = new Set(countyRecords.map(idOf));
  const overrides = readAreaClassOverrides(options.overridesPath, countyIds, majorIds);
  layers.set('counties', {
    features: normalizeCounties(countyRecords, idOf, nameOf, overrides, 'counties'),
    provenance: countyProvenance,
  });

  // --- sites and basemap ----------------------------------------------------------------------
  const sitesFile = mirrorHas('sites');
  if (sitesFile) {
    const records = readMirrorGeojson(mirrorDir!, sources.layers.sites.mirror!.path, 'sites');
    layers.set('sites', {
      features: normalizeSnapshotBanks(records, 'sites'),
      provenance: mirrorProvenance(sources.layers.sites),
    });
  } else {
    const official = await tryOfficial('sites', 'no sites layer');
    if (official)
      layers.set('sites', {
        features: official.features as unknown as LayerFeature[],
        provenance: officialProvenance(sources.layers.sites, official.url),
      });
    else if (mirrorDir || !offline)
      log('sites: not in the mirror and no official source reached; the sites layer is left out.');
  }
  const plss = imported.get('plss');
  if (plss) layers.set('plss', plss);
  for (const name of ['lakes', 'rivers', 'places'] as const) {
    const file = mirrorHas(name);
    if (!file) {
      if (mirrorDir)
        log(`${name}: not in the mirror (${sources.layers[name].mirror?.path}); layer left out.`);
      continue;
    }
    const records = readMirrorGeojson(mirrorDir!, sources.layers[name].mirror!.path, name);
    const features: LayerFeature[] = records.map((f) => ({
      type: 'Feature',
      geometry: f.geometry,
      properties: (name === 'places'
        ? {
            name: String(f.properties.name),
            population: typeof f.properties.pop_max === 'number' ? f.properties.pop_max : null,
          }
        : {
            name: typeof f.properties.name === 'string' ? f.properties.name : null,
          }) as LayerFeature['properties'],
    }));
    layers.set(name, { features, provenance: mirrorProvenance(sources.layers[name]) });
  }

  // --- validate everything before writing anything ---------------------------------------------
  for (const [name, layer] of layers) {
    if (imported.get(name) === layer) continue; // validated by importOfficialLayers with the same checks
    const label = layer.provenance.demonstration
      ? `${name} (demonstration generator)`
      : `${name} (${layer.provenance.sourceUrl ?? layer.provenance.source})`;
    const basemap = name === 'lakes' || name === 'rivers' || name === 'places';
    const bounds = basemap ? REGION_BOUNDS : MINNESOTA_BOUNDS;
    validateLayer(label, layer.features, LAYER_SCHEMAS[name], sources.layers[name].expect, bounds);
  }
  checkWatershedNesting(
    'minorWatersheds',
    layers.get('minorWatersheds')!.features as AreaFeature[],
    layers.get('majorWatersheds')!.features as AreaFeature[],
  );

  // --- write ----------------------------------------------------------------------------------
  const files = new Map<string, Uint8Array | string>();
  const entries: Partial<Record<LayerName, LayerManifestEntry>> = {};
  for (const name of LAYER_NAMES) {
    const layer = layers.get(name);
    if (!layer) continue;
    const schema = LAYER_SCHEMAS[name];
    const { bytes, bounds } = writeLayerFile(name, layer.features, layer.provenance);
    files.set(schema.file, bytes);
    entries[name] = {
      file: schema.file,
      title: layer.provenance.demonstration ? `${schema.title} — ${DEMONSTRATION_NOTICE}` : schema.title,
      featureCount: layer.features.length,
      bounds,
      bytes: bytes.length,
      ...layer.provenance,
      retrieved,
    };
  }
  addOverviews(new Map([...layers].map(([name, layer]) => [name, layer.features])), files, entries);
  const demonstration = Object.values(entries).some((e) => e.demonstration);
  const manifest = {
    schema: 1 as const,
    generatedAt: retrieved,
    demonstration,
    ...(demonstration ? { notice: DEMONSTRATION_NOTICE } : {}),
    inputsHash: options.inputsHash,
    ...(options.imports ? { imports: options.imports } : {}),
    areaClassOverrides: 'area-class-overrides.json',
    layers: entries,
  };
  files.set('area-class-overrides.json', `${JSON.stringify(overrides, null, 2)}\n`);
  files.set('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  writeBuildAtomically(options.outDir, files);
  return manifest;
}
