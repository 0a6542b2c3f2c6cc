import Flatbush from 'flatbush';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { type Containing, pickContaining } from './pickContaining.ts';

type Area = Feature<Polygon | MultiPolygon>;

function isArea(feature: Feature): feature is Area {
  return feature.geometry?.type === 'Polygon' || feature.geometry?.type === 'MultiPolygon';
}

/** Bounding box of a polygon's outer rings (holes lie inside them). */
function boxOf(feature: Area): [number, number, number, number] {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  const polygons =
    feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
  for (const polygon of polygons) {
    for (const [x = Number.NaN, y = Number.NaN] of polygon[0] ?? []) {
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return [minX, minY, maxX, maxY];
}

/**
 * One polygon layer in memory behind a packed Hilbert R-tree (flatbush): a point lookup is one
 * tree descent to the few polygons whose box holds the point, then the exact test and boundary
 * rule of pickContaining on those only. The answer is the one a scan of every polygon gives.
 */
export class PolygonLayerIndex {
  private readonly areas: Area[];
  private readonly tree: Flatbush | null;

  constructor(collection: FeatureCollection) {
    this.areas = collection.features.filter(isArea);
    if (this.areas.length === 0) {
      this.tree = null;
      return;
    }
    const tree = new Flatbush(this.areas.length);
    for (const area of this.areas) tree.add(...boxOf(area));
    tree.finish();
    this.tree = tree;
  }

  /** Polygons whose bounding box holds the point (edges included). */
  candidates(lon: number, lat: number): Area[] {
    if (!this.tree) return [];
    return this.tree.search(lon, lat, lon, lat).map((index) => this.areas[index] as Area);
  }

  /** Polygons whose bounding box overlaps the box [west, south, east, north]. */
  overlapping(box: readonly [number, number, number, number]): Area[] {
    if (!this.tree) return [];
    return this.tree.search(box[0], box[1], box[2], box[3]).map((index) => this.areas[index] as Area);
  }

  /** The polygon containing the point (the lowest id on a shared boundary, flagged), or null. */
  find(point: readonly [number, number]): Containing | null {
    return pickContaining(point, this.candidates(point[0], point[1]));
  }
}
