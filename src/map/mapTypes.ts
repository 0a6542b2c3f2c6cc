/**
 * What the page and the map say to each other, without MapLibre: where to move the camera,
 * feature-state to set, and what the page may ask of the map once it is drawn.
 */
import type { SourceId } from './baseStyle';

/** Minnesota's extent, with a little margin. */
export const MINNESOTA_BOUNDS: [number, number, number, number] = [-97.5, 43.3, -89.3, 49.5];

/** Where to move the map; animated (600 ms) unless `animate` is false. A new object each time. */
export type CameraRequest =
  | { kind: 'bounds'; bounds: [number, number, number, number]; animate?: boolean }
  | { kind: 'center'; center: [number, number]; zoom?: number; animate?: boolean };

/** Feature-state by source, by feature id. */
export type FeatureStates = Partial<Record<SourceId, ReadonlyMap<string | number, Record<string, unknown>>>>;

/** What the page may ask of the map without touching MapLibre itself. */
export interface MapApi {
  /** The map as drawn now, as a PNG data URL (for the report). */
  toDataURL: () => string;
  /** Ground metres per CSS pixel at the centre of the map, for a scale bar. */
  metersPerPixel: () => number;
  /** The map's size in CSS pixels. */
  size: () => { width: number; height: number };
}
