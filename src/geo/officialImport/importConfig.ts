import type { CountExpectation } from '../../../data/lib/validateLayer.ts';
import sources from '../../../data/sources.json';
import type { ImportLayerName } from './types.ts';

/** One layer's `import` entry in data/sources.json: candidate field names per schema column. */
export interface LayerImportConfig {
  layer: string;
  fields: Record<string, { names: string[] }>;
  expect: CountExpectation;
  publisher: string;
  licence: string;
}

type SourcesJson = {
  layers: Record<
    string,
    {
      expect: CountExpectation;
      official: { publisher?: string; licence?: string } | null;
      title: string;
      import?: { layer: string; fields: Record<string, { names: string[] }> };
    }
  >;
};

const PUBLISHERS: Record<ImportLayerName, string> = {
  majorWatersheds: 'Minnesota DNR, Watershed Suite (geos_dnr_watersheds)',
  minorWatersheds: 'Minnesota DNR, Watershed Suite (geos_dnr_watersheds)',
  bankServiceAreas: 'Minnesota BWSR, bdry_bank_service_areas',
  plss: 'MnGeo, PLSS sections (plan_mngeo_trs)',
};

/** data/sources.json read once: what the CLI validates against is what the page validates against. */
export function importConfig(name: ImportLayerName): LayerImportConfig {
  const layer = (sources as unknown as SourcesJson).layers[name]!;
  return {
    layer: layer.import?.layer ?? name,
    fields: layer.import?.fields ?? {},
    expect: layer.expect,
    publisher: PUBLISHERS[name],
    licence: layer.official?.licence ?? 'Minnesota Geospatial Commons: as published',
  };
}
