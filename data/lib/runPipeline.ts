import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Feature, Geometry, MultiPolygon, Polygon } from 'geojson';
import type { CreditsFile } from '../../src/formats/credits/creditsFile.ts';
import { writeLayerFile } from '../../src/formats/flatgeobuf/writeLayerFile.ts';
import { LAYER_SCHEMAS } from '../../src/formats/layers/layerSchemas.ts';
import type { AreaFeature, LayerFeature } from '../../src/formats/layers/layerTypes.ts';
import { MINNESOTA_BOUNDS, REGION_BOUNDS, validateLayer } from '../../src/formats/layers/validateLayer.ts';
import type { LayerManifestEntry, LayerName, Manifest } from '../../src/formats/manifest.ts';
import { LAYER_NAMES } from '../../src/formats/manifest.ts';
import { checkWatershedNesting } from '../../src/formats/official/checkWatershedNesting.ts';
import { importedProvenance } from '../../src/formats/official/index.ts';
import { PipelineError, SourceUnavailableError } from '../../src/formats/PipelineError.ts';
import type { BankEntry, BanksFile, LedgersFile } from '../../src/formats/ribits/banksFile.ts';
import { flowGeographyOf } from '../../src/geo/flowGeographyOf.ts';
import { locateBanks, lookupLayerHashes } from '../../src/geo/locateBanks.ts';
import { LOOKUP_LAYERS } from '../../src/geo/location.ts';
import type { LookupCollections, UnitIndex } from '../../src/geo/unitIndex.ts';
import { type DemoOptions, generateDemoGeography } from '../demo/generateDemoGeography.ts';
import { readMajorNames } from '../demo/majorNames.ts';
import { fetchOfficialFeatures, normalizeOfficialFeatures } from './acquireOfficialLayer.ts';
import { type AcquiredRibitsBanks, acquireRibitsSites } from './acquireRibitsSites.ts';
import { addOverviews } from './addOverviews.ts';
import { joinCreditListings, readCreditListingFiles } from './buildCreditListings.ts';
import { joinLedgerExportFiles, type LedgerSpec, readLedgerExportFiles } from './buildLedgerExports.ts';
import { withBuildLock } from './buildLock.ts';
import type { LayerSource, SourcesFile } from './loadSources.ts';
import { normalizeCounties } from './normalizeCounties.ts';
import { normalizeRibitsBanks, normalizeSnapshotBanks, snapshotBankEntries } from './normalizeSites.ts';
import { readAreaClassOverrides } from './readAreaClassOverrides.ts';
import { type ImportRecord, type ImportSpec, readImportedLayers } from './readImportedLayers.ts';
import { readUsAtlasMinnesota, US_ATLAS_SOURCE } from './readUsAtlasMinnesota.ts';
import type { CreditSpec } from './storedCredits.ts';
import { writeBuildAtomically } from './writeBuildAtomically.ts';
import { writePlaceNames } from './writePlaceNames.ts';

/** The notice every consumer shows while a demonstration layer is in use. */
export const DEMONSTRATION_NOTICE = 'demonstration geography — not official';

/** Everything a build needs to know; build.ts fills it from the environment. */
export interface PipelineOptions {
  sources: SourcesFile;
  overridesPath: string;
  outDir: string;
  /** Folder holding local copies (see ../shared/data/PROVENANCE.md), or null. */
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
  /** Credit listings to join to the banks (`--credits`, `--as-of`, `--skip-bad-rows`). */
  credits?: CreditSpec;
  /** RIBITS ledger exports to join to the banks (`--ledger`, `--skip-bad-rows`). */
  ledgers?: LedgerSpec;
  /**
   * The online RIBITS refresh of `sites` (used when the mirror has no snapshot and the build is
   * online): base URL (SITING_RIBITS_URL, else sources.json), where the last good refresh is kept
   * (null: nowhere), and the refresh's timing knobs.
   */
  ribits?: {
    url?: string;
    cachePath?: string | null;
    timeoutMs?: number;
    concurrency?: number;
    retries?: number;
    retryDelayMs?: number;
    /** `--accept-bank-drop`: apply a refresh that lost banks (acquireRibitsSites). */
    acceptDrop?: boolean;
  };
}

/** banks.json beside the layers, as the manifest names it (data/SCHEMA.md). */
export interface BanksManifestEntry {
  file: string;
  bytes: number;
  count: number;
  onMap: number;
  source: BanksFile['source'];
  retrieved: string | null;
  asOf: string;
  refreshFailure: BanksFile['refreshFailure'];
  serviceAreas: { file: string; bytes: number; count: number } | null;
  ledgers: { file: string; bytes: number; banks: number; entries: number } | null;
}

/** credits.json beside the layers, as the manifest names it, with the listings it was built from. */
export interface CreditsManifestEntry {
  file: string;
  bytes: number;
  banks: number;
  pools: number;
  unmatchedRows: number;
  skippedBadRows: number;
  listings: { file: string; kind: string; asOf: (string | null)[] }[];
  /** What `data:ensure` rebuilds from (storedCredits). */
  inputs: CreditSpec;
}

/** ledger-exports.json beside the layers, as the manifest names it, with the exports it was built from. */
export interface LedgerExportsManifestEntry {
  file: string;
  bytes: number;
  transactions: number;
  unmatchedRows: number;
  skippedBadRows: number;
  exports: {
    file: string;
    asOf: string | null;
    firstTransaction: string | null;
    lastTransaction: string | null;
  }[];
  /** What `data:ensure` rebuilds from (storedCredits reads it). */
  inputs: LedgerSpec;
}

/** What runPipeline writes as manifest.json. */
export type BuiltManifest = Manifest & {
  inputsHash: string;
  banks?: BanksManifestEntry;
  credits?: CreditsManifestEntry;
  ledgerExports?: LedgerExportsManifestEntry;
};

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
export function runPipeline(options: PipelineOptions): Promise<BuiltManifest> {
  // One build at a time per output folder: a second is refused, and what a killed one left is cleared.
  return withBuildLock(options.outDir, options.log, () => buildAll(options));
}

async function buildAll(options: PipelineOptions): Promise<BuiltManifest> {
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
    // Plain words for the reader; the copy's path is in sources.json (issue 24, item 11).
    source: source.mirror!.origin,
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

  // Credit listings are the user's own files: read them first, so a bad one is refused at once.
  const listings =
    options.credits && options.credits.files.length > 0 ? readCreditListingFiles(options.credits, log) : null;
  const ledgerExports =
    options.ledgers && options.ledgers.files.length > 0 ? readLedgerExportFiles(options.ledgers, log) : null;

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
  let civilDivisionFiles: ImportRecord[] = [];
  if (options.imports) {
    const read = await readImportedLayers(options.imports, log);
    civilDivisionFiles = read.civilDivisionFiles;
    for (const layer of read.layers)
      imported.set(layer.name, {
        features: layer.features,
        provenance: importedProvenance(layer, retrieved),
      });
  }

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
    // The real majors' names from the mirror's table (their outlines stay invented).
    const majorNames = readMajorNames(mirrorDir);
    const demo = generateDemoGeography(
      stateGeometry,
      { majorNames, ...options.demo },
      majors?.features as AreaFeature[] | undefined,
    );
    const demoProvenance = (what: string): Provenance => ({
      source: `Demonstration geography, not official: ${what}, drawn by this tool over the state outline`,
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
      majorNames
        ? "81 invented outlines carrying the DNR's major watershed numbers and names"
        : "81 invented major watersheds numbered like the DNR's",
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
  let banks: BanksFile | null = null;
  let live: AcquiredRibitsBanks | null = null;
  if (sitesFile) {
    const records = readMirrorGeojson(mirrorDir!, sources.layers.sites.mirror!.path, 'sites');
    layers.set('sites', {
      features: normalizeSnapshotBanks(records, 'sites'),
      provenance: mirrorProvenance(sources.layers.sites),
    });
    banks = {
      schema: 1,
      source: 'ribits-2020-snapshot',
      retrieved: null,
      asOf: sources.layers.sites.mirror!.asOf,
      refreshFailure: null,
      banks: snapshotBankEntries(records),
    };
  } else if (!offline && sources.layers.sites.official) {
    live = await acquireRibitsSites({
      ...options.ribits,
      baseUrl: options.ribits?.url ?? sources.layers.sites.official.url,
      cachePath: options.ribits?.cachePath ?? null,
      timeoutMs: options.ribits?.timeoutMs ?? options.timeoutMs,
      log,
      now,
    });
    if (live) {
      const { features, entries } = normalizeRibitsBanks(live.records);
      const off = entries.filter((e) => !e.onMap);
      if (off.length > 0)
        log(
          `sites: ${off.length} of ${entries.length} RIBITS banks are not on the map (kept in banks.json): ${off
            .slice(0, 5)
            .map((e) => `bank ${e.ribitsBankId} "${e.name}" — ${e.notOnMap}`)
            .join('; ')}${off.length > 5 ? `; and ${off.length - 5} more` : ''}`,
        );
      const date = live.retrieved.slice(0, 10);
      layers.set('sites', {
        features,
        provenance: {
          source: `${sources.layers.sites.official.publisher}: ${entries.length} Minnesota banks read ${date}${
            live.refreshFailure
              ? ` (the last good refresh, kept because the refresh of ${live.refreshFailure.at.slice(0, 10)} failed: ${live.refreshFailure.error})`
              : ''
          }`,
          sourceUrl: live.baseUrl,
          asOf: date,
          licence: sources.layers.sites.official.licence,
          official: true,
          demonstration: false,
        },
      });
      banks = {
        schema: 1,
        source: 'ribits-refresh',
        retrieved: live.retrieved,
        asOf: date,
        refreshFailure: live.refreshFailure,
        banks: entries,
      };
    }
  } else if (mirrorDir || !offline)
    log('sites: not in the mirror and no official source reached; the sites layer is left out.');
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

  // --- each bank's units, found once here rather than by every page visit ---------------------
  const sitesLayer = layers.get('sites');
  const unitIndex = placeBanks(sitesLayer?.features ?? [], layers);

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

  // --- credit listings (joined to the banks; bad input refuses the build before anything is written)
  let credits: CreditsFile | null = null;
  if (listings) {
    if (!banks) log('credits: the build has no banks to join the listings to; every row is unmatched.');
    credits = joinCreditListings(listings, banks?.banks ?? [], retrieved, log);
  }
  const ledgersFile = ledgerExports
    ? joinLedgerExportFiles(ledgerExports, banks?.banks ?? [], retrieved, log)
    : null;

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
  // The banks' units belong to these lookup layers: the page locates the banks itself when others are in use.
  if (entries.sites) entries.sites.unitsLocatedIn = lookupLayerHashes(entries);
  const banksEntry = banks ? writeBankFiles(banks, live, files) : undefined;
  let creditsEntry: CreditsManifestEntry | undefined;
  if (credits && options.credits) {
    const text = `${JSON.stringify(credits, null, 2)}\n`;
    files.set('credits.json', text);
    creditsEntry = {
      file: 'credits.json',
      bytes: Buffer.byteLength(text),
      banks: Object.keys(credits.banks).length,
      pools: Object.values(credits.banks).reduce((n, b) => n + b.pools.length, 0),
      unmatchedRows: credits.unmatched.length,
      skippedBadRows: new Set(credits.skippedBadRows.map((b) => `${b.file}:${b.row}`)).size,
      listings: credits.listings.map((l) => ({
        file: l.file,
        kind: l.kind,
        asOf: l.asOf.map((a) => a.date),
      })),
      inputs: options.credits,
    };
  }
  let ledgerExportsEntry: LedgerExportsManifestEntry | undefined;
  if (ledgersFile && options.ledgers) {
    const text = `${JSON.stringify(ledgersFile)}\n`;
    files.set('ledger-exports.json', text);
    ledgerExportsEntry = {
      file: 'ledger-exports.json',
      bytes: Buffer.byteLength(text),
      transactions: ledgersFile.transactions.length,
      unmatchedRows: ledgersFile.transactions.filter((t) => t.siteId === null).length,
      skippedBadRows: new Set(ledgersFile.skippedBadRows.map((b) => `${b.file}:${b.row}`)).size,
      exports: ledgersFile.exports.map(({ file, asOf, firstTransaction, lastTransaction }) => ({
        file,
        asOf,
        firstTransaction,
        lastTransaction,
      })),
      inputs: options.ledgers,
    };
  }
  const demonstration = Object.values(entries).some((e) => e.demonstration);
  const flowGeographyEntry = writeFlowGeography(layers, unitIndex, retrieved, files);
  // Every Minnesota city, township and unorganized territory, and the gazetteer's other places.
  const placeNamesEntry = await writePlaceNames(
    {
      sources,
      mirrorDir,
      offline,
      imported: civilDivisionFiles,
      counties: layers.get('counties')!.features.map((f) => ({
        id: String(f.properties.id),
        name: String(f.properties.name),
        geometry: f.geometry as Polygon | MultiPolygon,
      })),
      log,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    },
    files,
  );
  const manifest = {
    schema: 1 as const,
    generatedAt: retrieved,
    demonstration,
    ...(demonstration ? { notice: DEMONSTRATION_NOTICE } : {}),
    inputsHash: options.inputsHash,
    ...(options.imports ? { imports: options.imports } : {}),
    areaClassOverrides: 'area-class-overrides.json',
    placeNames: placeNamesEntry,
    layers: entries,
    ...(banksEntry ? { banks: banksEntry } : {}),
    ...(creditsEntry ? { credits: creditsEntry } : {}),
    ...(ledgerExportsEntry ? { ledgerExports: ledgerExportsEntry } : {}),
    flowGeography: flowGeographyEntry,
  };
  files.set('area-class-overrides.json', `${JSON.stringify(overrides, null, 2)}\n`);
  files.set('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  writeBuildAtomically(options.outDir, files, log);
  return manifest;
}

/**
 * Adds banks.json (and, for a live refresh, ribits-service-areas.json with each distinct service
 * area once, and ribits-ledgers.json) to the build's files; returns the manifest entry.
 */
function writeBankFiles(
  banks: BanksFile,
  live: AcquiredRibitsBanks | null,
  files: Map<string, Uint8Array | string>,
): BanksManifestEntry {
  const text = `${JSON.stringify(banks)}\n`;
  files.set('banks.json', text);
  let serviceAreas: BanksManifestEntry['serviceAreas'] = null;
  let ledgers: BanksManifestEntry['ledgers'] = null;
  if (live) {
    // Every Minnesota bank's service area is one of a few BSAs: write each outline once.
    const areas = new Map<string, Feature<Geometry, { name: string; siteIds: string[] }>>();
    for (const record of live.records)
      for (const sa of record.serviceAreas) {
        if (!sa.geometry) continue;
        const key = `${sa.name}\u0000${JSON.stringify(sa.geometry)}`;
        const feature = areas.get(key) ?? {
          type: 'Feature' as const,
          properties: { name: sa.name, siteIds: [] },
          geometry: sa.geometry,
        };
        feature.properties.siteIds.push(`ribits-${record.bankId}`);
        areas.set(key, feature);
      }
    if (areas.size > 0) {
      const areaText = `${JSON.stringify({ type: 'FeatureCollection', features: [...areas.values()] })}\n`;
      files.set('ribits-service-areas.json', areaText);
      serviceAreas = {
        file: 'ribits-service-areas.json',
        bytes: Buffer.byteLength(areaText),
        count: areas.size,
      };
    }
    const withLedger = live.records.filter((r) => r.ledger !== null && r.ledger.length > 0);
    if (withLedger.length > 0) {
      const ledgerFile: LedgersFile = {
        schema: 1,
        ledgers: Object.fromEntries(withLedger.map((r) => [`ribits-${r.bankId}`, r.ledger!])),
      };
      const ledgerText = `${JSON.stringify(ledgerFile)}\n`;
      files.set('ribits-ledgers.json', ledgerText);
      ledgers = {
        file: 'ribits-ledgers.json',
        bytes: Buffer.byteLength(ledgerText),
        banks: withLedger.length,
        entries: withLedger.reduce((n, r) => n + r.ledger!.length, 0),
      };
    }
  }
  return {
    file: 'banks.json',
    bytes: Buffer.byteLength(text),
    count: banks.banks.length,
    onMap: banks.banks.filter((b: BankEntry) => b.onMap).length,
    source: banks.source,
    retrieved: banks.retrieved,
    asOf: banks.asOf,
    refreshFailure: banks.refreshFailure,
    serviceAreas,
    ledgers,
  };
}

/**
 * Writes each bank's units (minor and major watershed, bank service area, county, its class, and
 * the units it lies on the boundary of) into its properties, from the lookup layers this build
 * holds, with the lookup the page and the CLI use.
 */
function placeBanks(banks: LayerFeature[], layers: Map<LayerName, { features: LayerFeature[] }>): UnitIndex {
  const collections: LookupCollections = {};
  const present: Manifest['layers'] = {};
  for (const name of LOOKUP_LAYERS) {
    const layer = layers.get(name);
    if (!layer) continue;
    collections[name] = { type: 'FeatureCollection', features: layer.features as Feature[] };
    // What the lookup reads of a layer's entry: that it is built (its source is not needed here).
    present[name] = { title: name, official: false, demonstration: false, asOf: '' } as LayerManifestEntry;
  }
  return locateBanks(banks as Feature[], collections, {
    schema: 1,
    generatedAt: '',
    demonstration: false,
    areaClassOverrides: 'area-class-overrides.json',
    layers: present,
  });
}

/**
 * flow-geography.json: each major's HUC8, BSA and a point inside it, each BSA's point, each bank's
 * units and location, for the page's losses-and-replacements accounting (issue 34, item 4).
 */
function writeFlowGeography(
  layers: Map<LayerName, BuiltLayer>,
  index: UnitIndex,
  generatedAt: string,
  files: Map<string, Uint8Array | string>,
): { file: string; bytes: number; majors: number; banks: number } {
  const majors = layers.get('majorWatersheds');
  const areas = layers.get('bankServiceAreas');
  const file = flowGeographyOf(
    {
      majors: (majors?.features ?? []) as Feature[],
      bankServiceAreas: (areas?.features ?? []) as Feature[],
      sites: (layers.get('sites')?.features ?? []) as Feature[],
    },
    (point) => index.locate(point).bankServiceArea?.id ?? null,
    {
      generatedAt,
      demonstration: Boolean(majors?.provenance.demonstration || areas?.provenance.demonstration),
    },
  );
  const text = `${JSON.stringify(file)}\n`;
  files.set('flow-geography.json', text);
  return {
    file: 'flow-geography.json',
    bytes: Buffer.byteLength(text),
    majors: file.majors.length,
    banks: Object.keys(file.banks).length,
  };
}
