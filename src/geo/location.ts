/**
 * What a point lookup answers, shared by the lookup (locatePoint.ts), the reading of its hits
 * (locationFromHits.ts) and the sources that find them (cachedBytesFeatureSource.ts).
 */
import type { GeoJsonProperties } from 'geojson';
import type { LayerName } from '../formats/manifest.ts';
import type { AreaClass } from '../siting/index.ts';

/** Which built layer a unit was read from, and how far to trust it. */
export interface UnitSource {
  layer: LayerName;
  title: string;
  official: boolean;
  demonstration: boolean;
  asOf: string;
}

/** One unit a point lies in. */
export interface LocatedUnit<Id extends string | number> {
  id: Id;
  name: string;
  /** The point is on this unit's boundary; the lowest id among the touching units was chosen. */
  onBoundary: boolean;
  /** On a boundary shared by two or more units: all of their ids, lowest first (`id` among them). */
  boundaryIds?: Id[];
  source: UnitSource;
}

/** The units of a point, each null when not found (or when its layer is not built). */
export interface Location {
  inMinnesota: boolean;
  county: (LocatedUnit<string> & { areaClass: AreaClass | null }) | null;
  majorWatershed: LocatedUnit<number> | null;
  minorWatershed: LocatedUnit<string> | null;
  bankServiceArea: LocatedUnit<number> | null;
  /** True when any layer read is demonstration geography, not official. */
  demonstration: boolean;
  /**
   * The layers whose features at this point could not be read (offline and not stored on this
   * device, the host down): their unit is null because it is not known, not because the point
   * lies outside every unit of the layer. Absent when every layer was read.
   */
  unreadable?: LookupLayer[];
  /**
   * Every read behind `unreadable` got no answer at all (HostUnreachableError: offline, or the
   * host down) and the offline copy had nothing for it; absent when the host answered with an
   * error, or every layer was read. What the page says rests on this, not on `navigator.onLine`.
   */
  hostUnreachable?: true;
}

/** The layers a point lookup reads: the state outline and the four unit layers. */
export const LOOKUP_LAYERS = [
  'state',
  'counties',
  'majorWatersheds',
  'minorWatersheds',
  'bankServiceAreas',
] as const;

export type LookupLayer = (typeof LOOKUP_LAYERS)[number];

/** Of the feature containing a point, what a location reads: its properties (pickContaining's Containing is one). */
export interface UnitHit {
  feature: { properties: GeoJsonProperties };
  /** The point is on a boundary (of this feature, or shared with another). */
  onBoundary: boolean;
  /** On a boundary: the ids of every feature whose edge holds the point, lowest first. */
  boundaryIds?: readonly unknown[];
}

/** The containing feature of each lookup layer (null when none, or the layer is not built). */
export type LayerHits = Record<LookupLayer, UnitHit | null>;
