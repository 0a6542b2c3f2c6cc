import { writeLayerFile } from '../flatgeobuf/writeLayerFile.ts';
import { LAYER_SCHEMAS } from '../layers/layerSchemas.ts';
import type { LayerManifestEntry } from '../manifest.ts';
import { importConfig } from './importConfig.ts';
import type { ImportedLayer } from './types.ts';

/** The provenance fields of a manifest entry for an imported layer (what every label shows). */
export function importedProvenance(
  layer: ImportedLayer,
  retrieved: string,
): Pick<
  LayerManifestEntry,
  'source' | 'sourceUrl' | 'asOf' | 'licence' | 'official' | 'demonstration' | 'importedFrom'
> {
  const p = layer.provenance;
  return {
    source: `${p.source} — imported from ${p.file} (layer ${p.sourceLayer}${p.fileDate ? `, file dated ${p.fileDate}` : ''})`,
    sourceUrl: null,
    asOf: p.fileDate ?? retrieved.slice(0, 10),
    licence: importConfig(layer.name).licence,
    official: true,
    demonstration: false,
    importedFrom: {
      file: p.file,
      fileDate: p.fileDate,
      sourceLayer: p.sourceLayer,
      crs: p.crs,
      fieldsUsed: p.fieldsUsed,
    },
  };
}

/**
 * An imported layer as the build writes it: its FlatGeobuf bytes (with the packed R-tree and the
 * header metadata the pipeline writes) and its manifest entry. The page stores exactly this.
 * @param retrieved ISO time of the import
 */
export function importedLayerFile(
  layer: ImportedLayer,
  retrieved: string,
): { file: string; bytes: Uint8Array; entry: LayerManifestEntry } {
  const schema = LAYER_SCHEMAS[layer.name];
  const provenance = importedProvenance(layer, retrieved);
  const { bytes, bounds } = writeLayerFile(layer.name, layer.features, provenance);
  return {
    file: schema.file,
    bytes,
    entry: {
      file: schema.file,
      title: schema.title,
      featureCount: layer.features.length,
      bounds,
      bytes: bytes.length,
      ...provenance,
      retrieved,
    },
  };
}
