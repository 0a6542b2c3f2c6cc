import type { Feature, Geometry } from 'geojson';
import type { LayerFeature } from '../../src/formats/layers/layerTypes.ts';
import type { LayerName } from '../../src/formats/manifest.ts';
import { PipelineError } from '../../src/formats/PipelineError.ts';
import { readZippedShapefile } from '../../src/formats/shapefile/readZippedShapefile.ts';
import { fetchArcgisLayer } from './fetchArcgisLayer.ts';
import { fetchBytes } from './fetchBytes.ts';
import type { LayerSource } from './loadSources.ts';
import { normalizeBankServiceAreas, normalizeMajors, normalizeMinors } from './normalizeWatersheds.ts';

type SourceFeature = Feature<Geometry, Record<string, unknown>>;

/** Raw features of an official source, reprojected to WGS84 but not yet normalized. */
export interface OfficialFeatures {
  features: SourceFeature[];
  /** The URL actually read (an ArcGIS layer URL, a download). */
  url: string;
}

/**
 * Fetches an official source in whatever format sources.json gives: ArcGIS REST paged
 * GeoJSON or a zipped shapefile with .prj. Reprojection happens here. (RIBITS, the `sites`
 * source, is read bank by bank with its own last-good snapshot: acquireRibitsSites.)
 * @throws SourceUnavailableError when it cannot be reached; PipelineError when it is unreadable
 */
export async function fetchOfficialFeatures(
  name: LayerName,
  source: LayerSource,
  timeoutMs?: number,
): Promise<OfficialFeatures> {
  const official = source.official!;
  const label = `${name} (${official.url})`;
  if (official.format === 'arcgis-featureserver') {
    const { features, layerUrl } = await fetchArcgisLayer(
      official.url,
      official.layerNamePattern ?? '.',
      label,
      { timeoutMs, pageSize: official.pageSize },
    );
    return { features, url: layerUrl };
  }
  if (official.format === 'zipped-shapefile') {
    const bytes = await fetchBytes(official.url, label, timeoutMs);
    const { features } = readZippedShapefile(bytes, label, official.member);
    const filter = official.filter ?? {};
    const kept = features.filter((f) =>
      Object.entries(filter).every(([k, v]) => String(f.properties[k]) === v),
    );
    return { features: kept, url: official.url };
  }
  throw new PipelineError(`${label}: ${official.format} is read by acquireRibitsSites, not here`);
}

const list = (value: string | string[] | undefined): string[] => (Array.isArray(value) ? value : []);

/**
 * Maps an official source's attributes onto data/SCHEMA.md for the layers whose official
 * data the pipeline can read (watersheds, BSAs, state, counties are mapped by the caller).
 */
export function normalizeOfficialFeatures(
  name: LayerName,
  source: LayerSource,
  features: SourceFeature[],
  label: string,
): LayerFeature[] {
  const map = Object.fromEntries(Object.entries(source.attributes).map(([k, v]) => [k, list(v)]));
  switch (name) {
    case 'majorWatersheds':
      return normalizeMajors(features, map, label);
    case 'minorWatersheds':
      return normalizeMinors(features, map, label);
    case 'bankServiceAreas':
      return normalizeBankServiceAreas(features, map, label);
    case 'sites':
      return features as unknown as LayerFeature[];
    default:
      return features as unknown as LayerFeature[];
  }
}
