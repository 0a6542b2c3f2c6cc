import { bboxOf } from '../geometry/bboxOf.ts';
import { LAYER_SCHEMAS } from '../layers/layerSchemas.ts';
import type { LayerFeature } from '../layers/layerTypes.ts';
import type { LayerName } from '../manifest.ts';
import { writeFlatGeobuf } from './writeFlatGeobuf.ts';

/**
 * One layer's FlatGeobuf file as every writer makes it (the pipeline, and the official import in
 * the CLI and the page): the schema's columns and title, a layer name other readers show
 * (`minor_watersheds`), a description of its source, and the bounds for the manifest (1e-6°).
 */
export function writeLayerFile(
  name: LayerName,
  features: LayerFeature[],
  provenance: { source: string; licence: string },
): { bytes: Uint8Array; bounds: [number, number, number, number] } {
  const schema = LAYER_SCHEMAS[name];
  const bytes = writeFlatGeobuf(features, schema.columns, schema.title, {
    name: schema.file.replace(/\.fgb$/, '').replaceAll('-', '_'),
    description: `${provenance.source}. Licence: ${provenance.licence}. Schema: data/SCHEMA.md (${schema.columns.map((c) => c.name).join(', ')}).`,
  });
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const feature of features) {
    const b = bboxOf(feature.geometry);
    box[0] = Math.min(box[0], b[0]);
    box[1] = Math.min(box[1], b[1]);
    box[2] = Math.max(box[2], b[2]);
    box[3] = Math.max(box[3], b[3]);
  }
  return { bytes, bounds: box.map((v) => Math.round(v * 1e6) / 1e6) as [number, number, number, number] };
}
