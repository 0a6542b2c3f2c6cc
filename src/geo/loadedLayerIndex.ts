/**
 * Point lookups in layers already loaded into memory (the page has them for drawing).
 * A flat bounding-box prefilter, then the same exact test and boundary rule as the CLI's
 * lookup (pickContaining: the lowest id on a shared boundary, flagged).
 */
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { pickContaining } from './pickContaining';

export interface LayerHit {
  properties: Record<string, unknown>;
  onBoundary: boolean;
}

function extend(box: [number, number, number, number], position: Position) {
  const [x = 0, y = 0] = position;
  if (x < box[0]) box[0] = x;
  if (y < box[1]) box[1] = y;
  if (x > box[2]) box[2] = x;
  if (y > box[3]) box[3] = y;
}

/** An index over one polygon layer. */
export class LoadedLayerIndex {
  private readonly boxes: Float64Array;
  private readonly polygons: Feature<Polygon | MultiPolygon>[];

  constructor(collection: FeatureCollection) {
    this.polygons = collection.features.filter(
      (feature): feature is Feature<Polygon | MultiPolygon> =>
        feature.geometry?.type === 'Polygon' || feature.geometry?.type === 'MultiPolygon',
    );
    this.boxes = new Float64Array(this.polygons.length * 4);
    this.polygons.forEach((feature, i) => {
      const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
      const rings =
        feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
      for (const polygon of rings) for (const position of polygon[0] ?? []) extend(box, position);
      this.boxes.set(box, i * 4);
    });
  }

  /** Features whose bounding box holds the point: the few an exact test must check. */
  candidates(lon: number, lat: number): Feature<Polygon | MultiPolygon>[] {
    const found: Feature<Polygon | MultiPolygon>[] = [];
    const boxes = this.boxes;
    for (let i = 0; i < this.polygons.length; i++) {
      const o = i * 4;
      if (
        lon < (boxes[o] ?? 0) ||
        lat < (boxes[o + 1] ?? 0) ||
        lon > (boxes[o + 2] ?? 0) ||
        lat > (boxes[o + 3] ?? 0)
      ) {
        continue;
      }
      found.push(this.polygons[i] as Feature<Polygon | MultiPolygon>);
    }
    return found;
  }

  /** Features whose bounding box overlaps the box [west, south, east, north]. */
  overlapping(box: readonly [number, number, number, number]): Feature<Polygon | MultiPolygon>[] {
    const found: Feature<Polygon | MultiPolygon>[] = [];
    const boxes = this.boxes;
    for (let i = 0; i < this.polygons.length; i++) {
      const o = i * 4;
      if (
        box[2] < (boxes[o] ?? 0) ||
        box[3] < (boxes[o + 1] ?? 0) ||
        box[0] > (boxes[o + 2] ?? 0) ||
        box[1] > (boxes[o + 3] ?? 0)
      ) {
        continue;
      }
      found.push(this.polygons[i] as Feature<Polygon | MultiPolygon>);
    }
    return found;
  }

  /** The feature containing the point (the lowest id on a shared boundary), or null. */
  find(lon: number, lat: number): LayerHit | null {
    const hit = pickContaining([lon, lat], this.candidates(lon, lat));
    return hit ? { properties: hit.feature.properties ?? {}, onBoundary: hit.onBoundary } : null;
  }
}
