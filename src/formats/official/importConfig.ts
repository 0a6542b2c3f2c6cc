import type { CountExpectation } from '../layers/validateLayer.ts';
import { IMPORT_LAYER_NAMES } from './identifyLayers.ts';
import layouts from './officialLayouts.json';
import type { ImportLayerName } from './types.ts';

/** One layer's entry in officialLayouts.json: candidate field names per schema column. */
export interface LayerImportConfig {
  layer: string;
  fields: Record<string, { names: string[] }>;
  expect: CountExpectation;
  publisher: string;
  licence: string;
}

type LayoutsJson = Record<
  ImportLayerName,
  {
    expect: CountExpectation;
    licence: string | null;
    import: { layer: string; fields: Record<string, { names: string[] }> };
  }
>;

/** True for the layers the official importer reads. */
export function isImportLayerName(name: string): name is ImportLayerName {
  return (IMPORT_LAYER_NAMES as readonly string[]).includes(name);
}

/** How many features a complete official layer has (the build's data/sources.json takes them from here). */
export function officialLayerExpectation(name: ImportLayerName): CountExpectation {
  return (layouts as unknown as LayoutsJson)[name].expect;
}

const PUBLISHERS: Record<ImportLayerName, string> = {
  majorWatersheds: 'Minnesota DNR, Watershed Suite (geos_dnr_watersheds)',
  minorWatersheds: 'Minnesota DNR, Watershed Suite (geos_dnr_watersheds)',
  bankServiceAreas: 'Minnesota BWSR, bdry_bank_service_areas',
  plss: 'MnGeo, PLSS sections (plan_mngeo_trs)',
};

/** officialLayouts.json read once: what the CLI validates against is what the page validates against. */
export function importConfig(name: ImportLayerName): LayerImportConfig {
  const layer = (layouts as unknown as LayoutsJson)[name];
  return {
    layer: layer.import.layer,
    fields: layer.import.fields,
    expect: layer.expect,
    publisher: PUBLISHERS[name],
    licence: layer.licence ?? 'Minnesota Geospatial Commons: as published',
  };
}
