import type { FeatureCollection } from 'geojson';
import type { Manifest } from '../formats/manifest.ts';
import type { Location } from './location.ts';
import { type LayerHits, LOOKUP_LAYERS, type LookupLayer } from './location.ts';
import { locationFromHits } from './locationFromHits.ts';
import { PolygonLayerIndex } from './polygonLayerIndex.ts';

/** Whole lookup layers in memory, keyed like `manifest.layers`; a missing layer is not built. */
export type LookupCollections = Partial<Record<LookupLayer, FeatureCollection>>;

/**
 * Point lookup over whole layers held in memory (the CLI's batch work, a worker that has loaded
 * every layer): one R-tree per layer, built once. `locate` answers synchronously with the same
 * Location and the same boundary rule as `locatePoint` (the lowest id on a shared edge, flagged).
 */
export class UnitIndex {
  private readonly layers: Partial<Record<LookupLayer, PolygonLayerIndex>> = {};

  constructor(
    private readonly manifest: Manifest,
    collections: LookupCollections,
  ) {
    for (const layer of LOOKUP_LAYERS) {
      const collection = collections[layer];
      // A layer the manifest does not list is not built, as locatePoint treats it.
      if (collection && manifest.layers[layer]) this.layers[layer] = new PolygonLayerIndex(collection);
    }
  }

  /** The index of one lookup layer, e.g. to find the polygons a drawn area overlaps. */
  layer(name: LookupLayer): PolygonLayerIndex | undefined {
    return this.layers[name];
  }

  /** The county, watersheds and bank service area of a point, and whether it is in Minnesota. */
  locate(point: readonly [number, number]): Location {
    const find = (layer: LookupLayer) => this.layers[layer]?.find(point) ?? null;
    const hits: LayerHits = {
      state: find('state'),
      counties: find('counties'),
      majorWatersheds: find('majorWatersheds'),
      minorWatersheds: find('minorWatersheds'),
      bankServiceAreas: find('bankServiceAreas'),
    };
    return locationFromHits(hits, this.manifest);
  }
}
