/**
 * Builds the page's view of a place's units from the loaded layers' indexes.
 */
import type { LoadedLayerIndex } from '../geo/loadedLayerIndex';
import type { LayerName, Manifest } from '../geo/manifest';
import { AREA_CLASSES, type AreaClass } from '../siting';
import type { NamedUnit, PlaceUnits } from './placeUnits';

export type PolygonIndexes = Partial<
  Record<'state' | 'counties' | 'majorWatersheds' | 'minorWatersheds' | 'bankServiceAreas', LoadedLayerIndex>
>;

/** Units of a point; `null` fields where a layer is missing or the point lies outside it. */
export function placeUnitsAt(
  point: readonly [number, number],
  indexes: PolygonIndexes,
  manifest: Manifest | null,
): PlaceUnits {
  const [lon, lat] = point;
  const onBoundary: string[] = [];
  // Titles may carry their own demonstration suffix; the card adds one uniformly.
  const titleOf = (name: LayerName) => (manifest?.layers[name]?.title ?? name).split(' — ')[0] ?? name;
  const demonstrationOf = (name: LayerName) => manifest?.layers[name]?.demonstration ?? false;

  function unit<Id>(
    name: 'counties' | 'majorWatersheds' | 'minorWatersheds' | 'bankServiceAreas',
    readId: (value: unknown) => Id | null,
  ): NamedUnit<Id> | null {
    const hit = indexes[name]?.find(lon, lat);
    if (!hit) return null;
    const id = readId(hit.properties.id);
    if (id === null) return null;
    if (hit.onBoundary) onBoundary.push(titleOf(name));
    return {
      id,
      name: String(hit.properties.name ?? ''),
      source: titleOf(name),
      demonstration: demonstrationOf(name),
    };
  }

  const asNumber = (value: unknown) =>
    typeof value === 'number' ? value : Number.isFinite(Number(value)) ? Number(value) : null;
  const asString = (value: unknown) => (value === null || value === undefined ? null : String(value));

  const stateHit = indexes.state?.find(lon, lat);
  const county = unit('counties', asString);
  const inMinnesota = Boolean(stateHit) || county !== null;
  const countyHit = indexes.counties?.find(lon, lat);
  const rawClass = countyHit?.properties.areaClass;
  const areaClass = AREA_CLASSES.includes(rawClass as AreaClass) ? (rawClass as AreaClass) : null;
  return {
    inMinnesota,
    county,
    areaClass,
    areaClassSource: areaClass ? 'Minn. R. 8420.0117 subp. 1 (county class)' : null,
    majorWatershed: unit('majorWatersheds', asNumber),
    minorWatershed: unit('minorWatersheds', asString),
    bankServiceArea: unit('bankServiceAreas', asNumber),
    onBoundary,
  };
}
