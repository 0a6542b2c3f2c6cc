import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Manifest, parseManifest } from '../src/formats/manifest.ts';
import { LOOKUP_LAYERS } from '../src/geo/location.ts';
import { readFeatureCollection } from '../src/geo/readFeatureCollection.ts';
import type { LookupCollections } from '../src/geo/unitIndex.ts';

/** The manifest and the five lookup layers of a built data directory, decoded whole. */
export async function loadLookupLayers(
  dir: string,
): Promise<{ manifest: Manifest; collections: LookupCollections }> {
  const manifest = parseManifest(JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')));
  const collections: LookupCollections = {};
  for (const layer of LOOKUP_LAYERS) {
    const entry = manifest.layers[layer];
    if (entry) {
      collections[layer] = await readFeatureCollection(
        new Uint8Array(await readFile(path.join(dir, entry.file))),
      );
    }
  }
  return { manifest, collections };
}
