import { bboxOf } from '../../../data/lib/bboxOf.ts';
import { LAYER_SCHEMAS } from '../../../data/lib/layerSchemas.ts';
import { writeFlatGeobuf } from '../../../data/lib/writeFlatGeobuf.ts';
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
  const bytes = writeFlatGeobuf(layer.features, schema.columns, schema.title, {
    name: schema.file.replace(/\.fgb$/, '').replaceAll('-', '_'),
    description: `${provenance.source}. Licence: ${provenance.licence}. Schema: data/SCHEMA.md (${schema.columns.map((c) => c.name).join(', ')}).`,
  });
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const f of layer.features) {
    const b = bboxOf(f.geometry);
    box[0] = Math.min(box[0], b[0]);
    box[1] = Math.min(box[1], b[1]);
    box[2] = Math.max(box[2], b[2]);
    box[3] = Math.max(box[3], b[3]);
  }
  return {
    file: schema.file,
    bytes,
    entry: {
      file: schema.file,
      title: schema.title,
      featureCount: layer.features.length,
      bounds: box.map((v) => Math.round(v * 1e6) / 1e6) as [number, number, number, number],
      bytes: bytes.length,
      ...provenance,
      retrieved,
    },
  };
}
