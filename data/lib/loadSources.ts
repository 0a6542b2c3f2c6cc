import { readFileSync } from 'node:fs';
import type { CountExpectation } from '../../src/formats/layers/validateLayer.ts';
import { LAYER_NAMES, type LayerName } from '../../src/formats/manifest.ts';
import { isImportLayerName, officialLayerExpectation } from '../../src/formats/official/index.ts';
import { PipelineError } from '../../src/formats/PipelineError.ts';

/** A local copy in the mirror folder. */
export interface MirrorSource {
  path: string;
  format: 'geojson';
  crs: string;
  asOf: string;
  licence: string;
  origin: string;
  /** Whether the mirrored data is the publisher's own (Census counties) or a derived copy. */
  official: boolean;
}

/** The publisher's own service or download. */
export interface OfficialSource {
  format: 'arcgis-featureserver' | 'zipped-shapefile' | 'ribits-ords';
  url: string;
  crs: string;
  publisher: string;
  licence: string;
  asOf?: string;
  /** Whether the URL and fields were checked against the real source; a string says which parts were. */
  verified: boolean | string;
  layerNamePattern?: string;
  /** Records per ArcGIS query page (servers cap it; default 1000). */
  pageSize?: number;
  member?: string;
  filter?: Record<string, string>;
}

/** One layer's entry in data/sources.json. */
export interface LayerSource {
  title: string;
  expect: CountExpectation;
  mirror: MirrorSource | null;
  official: OfficialSource | null;
  fallback: 'us-atlas' | 'demonstration' | null;
  attributes: Record<string, string | string[]>;
}

/** The civil divisions' entry (`placeNames.civilDivisions`): MnDOT's cities, townships and unorganized territories. */
export interface CivilDivisionsSource {
  title: string;
  /** How many of each kind a complete lookup holds. */
  expect: Record<string, CountExpectation>;
  mirror: (MirrorSource & { boundariesPath: string }) | null;
  official: {
    format: 'zipped-geopackage';
    url: string;
    publisher: string;
    licence: string;
    verified: boolean | string;
  } | null;
  attribution: string;
  attributes: Record<string, string>;
}

/** data/sources.json. */
export interface SourcesFile {
  layers: Record<LayerName, LayerSource>;
  /** The search's place names beside the layers. */
  placeNames?: {
    civilDivisions?: CivilDivisionsSource;
    geonames?: { title: string; licence: string; attribution: string };
    zipcodes?: { title: string; licence: string; attribution: string };
  };
}

/**
 * Reads data/sources.json and applies URL overrides from the environment
 * (`SITING_SOURCE_<LAYER>_URL`, e.g. SITING_SOURCE_MINOR_WATERSHEDS_URL), so a test or a
 * mirror of the official services can stand in for the real hosts; SITING_SOURCE_CIVIL_DIVISIONS_URL
 * replaces the civil divisions' download.
 * @throws PipelineError when a layer is missing or malformed
 */
export function loadSources(path: string, env: NodeJS.ProcessEnv = process.env): SourcesFile {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as SourcesFile;
  for (const name of LAYER_NAMES) {
    const layer = parsed.layers?.[name];
    // The layers the official importer reads keep their expected counts beside its field names.
    if (layer && !layer.expect && isImportLayerName(name)) layer.expect = officialLayerExpectation(name);
    if (!layer?.expect)
      throw new PipelineError(`sources.json: layer "${name}" is missing or has no "expect"`);
    const envName = `SITING_SOURCE_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}_URL`;
    const override = env[envName];
    if (override && layer.official) layer.official = { ...layer.official, url: override };
  }
  const civil = parsed.placeNames?.civilDivisions;
  const civilOverride = env.SITING_SOURCE_CIVIL_DIVISIONS_URL;
  if (civil?.official && civilOverride) civil.official = { ...civil.official, url: civilOverride };
  return parsed;
}
