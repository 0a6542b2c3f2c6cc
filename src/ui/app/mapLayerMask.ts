/**
 * Which of the map's layers a view may draw (null: all of them): the public view keeps to the
 * classification and the counties; and while the card calls the place's wetland area class not
 * known (its county could not be read, e.g. offline at a place not stored on this device), the
 * area-class colours are not drawn at all, so the map never shows a class the card does not
 * know (issue 33).
 */
import { MAP_LAYERS, type MapLayerId } from '../../store/mapLayers';

/** The public view shows the classification and the counties it follows, named (the user's layer settings are kept). */
const PUBLIC_LAYERS: readonly MapLayerId[] = ['areaClass', 'counties'];

const withoutAreaClass = (ids: readonly MapLayerId[]) => ids.filter((id) => id !== 'areaClass');
// Constants, so the map's effects see the same mask from one render to the next.
const EXPLORE_NO_CLASS = withoutAreaClass(MAP_LAYERS.map((layer) => layer.id));
const PUBLIC_NO_CLASS = withoutAreaClass(PUBLIC_LAYERS);

export function mapLayerMask(publicView: boolean, areaClassUnknown: boolean): readonly MapLayerId[] | null {
  if (areaClassUnknown) return publicView ? PUBLIC_NO_CLASS : EXPLORE_NO_CLASS;
  return publicView ? PUBLIC_LAYERS : null;
}

/** Whether the card reads the place's area class as not known: its county could not be read. */
export function areaClassUnknownAt(place: { unreadable?: readonly string[] } | null | undefined): boolean {
  return Boolean(place?.unreadable?.includes('counties'));
}
