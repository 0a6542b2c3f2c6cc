import { geojson } from 'flatgeobuf';
import type { Feature, FeatureCollection } from 'geojson';
import { checkFeatureGeometry } from './checkFeatureGeometry.ts';
import { checkLayerBytes } from './checkLayerBytes.ts';
import { ownBuffer } from './ownBuffer.ts';
import { readingLayerFeatures } from './readLayerError.ts';

/**
 * Decodes a whole FlatGeobuf file held in memory into a FeatureCollection, with the same
 * guards as the per-point reader: the header and index are checked to fit before flatgeobuf
 * reads (a truncated file would hang it), and each geometry is checked as it is decoded.
 * @throws ReadLayerError naming `file`
 */
export async function readFeatureCollection(bytes: Uint8Array, file = 'layer'): Promise<FeatureCollection> {
  const owned = ownBuffer(bytes);
  await checkLayerBytes(file, owned);
  const features: Feature[] = [];
  for await (const feature of readingLayerFeatures(file, geojson.deserialize(owned))) {
    features.push(checkFeatureGeometry(file, feature as Feature));
  }
  return { type: 'FeatureCollection', features };
}
