/**
 * The page's view of a place's units from the loaded layers: the shared in-memory lookup
 * (UnitIndex, the CLI's too), so the page and the CLI apply one boundary rule.
 */
import type { UnitIndex } from '../../geo/unitIndex';
import type { PlaceUnits } from './placeUnits';
import { placeUnitsFromLocation } from './placeUnitsFromLocation';

/** The loaded polygon layers behind one R-tree each; null until they have arrived. */
export type PolygonIndexes = UnitIndex | null;

const NOWHERE: PlaceUnits = {
  inMinnesota: false,
  county: null,
  areaClass: null,
  areaClassSource: null,
  majorWatershed: null,
  minorWatershed: null,
  bankServiceArea: null,
  onBoundary: [],
};

/** Units of a point; null fields where a layer is missing or the point lies outside it. */
export function placeUnitsAt(point: readonly [number, number], index: PolygonIndexes): PlaceUnits {
  return index ? placeUnitsFromLocation(index.locate(point)) : NOWHERE;
}
