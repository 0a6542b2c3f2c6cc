import type { Feature } from 'geojson';

/** A longitude/latitude box, as FlatGeobuf's `rect` option takes it. */
export interface Rect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * Where layer features come from. The browser reads FlatGeobuf over HTTP range requests, node
 * reads file bytes; the lookup does not care which. Implementations yield at least every feature
 * whose bounding box intersects `rect` (they may yield more) and stop when `signal` aborts.
 */
export interface FeatureSource {
  features(file: string, rect: Rect, signal?: AbortSignal): AsyncIterable<Feature>;
}

/** The zero-size box of one point. */
export function pointRect(lon: number, lat: number): Rect {
  return { minX: lon, minY: lat, maxX: lon, maxY: lat };
}
