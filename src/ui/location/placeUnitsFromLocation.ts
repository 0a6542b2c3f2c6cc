/**
 * The page's view of a place from the shared lookup's answer (src/geo Location), so the card
 * reads the same units whether they came from range requests or from the loaded layers.
 */
import { layerShortTitle, unitSourceLabel } from '../../geo/layerLabels';
import { boundaryOfLocation } from '../../geo/locatePoint';
import type { LocatedUnit, Location } from '../../geo/location';
import type { NamedUnit, PlaceUnits } from './placeUnits';

function named<Id extends string | number>(unit: LocatedUnit<Id> | null): NamedUnit<Id> | null {
  if (!unit) return null;
  // Demonstration titles carry their own suffix (the card adds one uniformly); an imported
  // layer's title names its file and date, which the card shows.
  const source = unitSourceLabel(unit.source);
  return { id: unit.id, name: unit.name, source, demonstration: unit.source.demonstration };
}

export function placeUnitsFromLocation(location: Location): PlaceUnits {
  const units: (LocatedUnit<string | number> | null)[] = [
    location.county,
    location.majorWatershed,
    location.minorWatershed,
    location.bankServiceArea,
  ];
  const onBoundary = units.flatMap((unit) => (unit?.onBoundary ? [layerShortTitle(unit.source.title)] : []));
  const areaClass = location.county?.areaClass ?? null;
  return {
    inMinnesota: location.inMinnesota,
    county: named(location.county),
    areaClass,
    areaClassSource: areaClass ? 'Minn. R. 8420.0117 subp. 1 (county class)' : null,
    majorWatershed: named(location.majorWatershed),
    minorWatershed: named(location.minorWatershed),
    bankServiceArea: named(location.bankServiceArea),
    onBoundary,
    boundary: boundaryOfLocation(location),
    ...(location.unreadable ? { unreadable: location.unreadable } : {}),
    ...(location.hostUnreachable ? { hostUnreachable: true } : {}),
  };
}
