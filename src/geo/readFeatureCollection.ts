import { geojson } from 'flatgeobuf';
import type { Feature, FeatureCollection } from 'geojson';
import { ownBuffer } from './ownBuffer.ts';

/** Decodes a whole FlatGeobuf file held in memory into a FeatureCollection. */
export async function readFeatureCollection(bytes: Uint8Array): Promise<FeatureCollection> {
  const features: Feature[] = [];
  for await (const feature of geojson.deserialize(ownBuffer(bytes))) features.push(feature as Feature);
  return { type: 'FeatureCollection', features };
}
