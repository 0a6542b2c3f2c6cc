/**
 * The units of one place as the page shows them: each unit with its id, name and the layer
 * it was read from. Built from a point lookup in the loaded layers.
 */
import type { LookupLayer } from '../../geo/location';
import type { AreaClass, BoundaryUnits } from '../../siting';

export interface NamedUnit<Id> {
  id: Id;
  name: string;
  /** Title of the layer it came from, and whether that layer is a demonstration. */
  source: string;
  demonstration: boolean;
}

export interface PlaceUnits {
  inMinnesota: boolean;
  county: NamedUnit<string> | null;
  areaClass: AreaClass | null;
  /** Where the class comes from, e.g. "Minn. R. 8420.0117 subp. 1 (county class)". */
  areaClassSource: string | null;
  majorWatershed: NamedUnit<number> | null;
  minorWatershed: NamedUnit<string> | null;
  bankServiceArea: NamedUnit<number> | null;
  /** Titles of the layers where the point lies on a boundary between two units. */
  onBoundary: string[];
  /** The units it touches on a boundary the priority order compares (the engine leaves the level open). */
  boundary?: BoundaryUnits | null;
  /**
   * The layers whose units could not be read here (offline and not stored on this device, a host
   * down): their unit is null because it is not known, not because the place has none.
   */
  unreadable?: LookupLayer[];
  /** None of those reads got an answer: offline, or the data host cannot be reached (Location.hostUnreachable). */
  hostUnreachable?: true;
}
