/**
 * Adds a proposed site at a point (a map click or typed coordinates), unless the point is
 * outside Minnesota: there the explorer has no watershed or bank service area to rank it by,
 * and listing it as "Level 4, undetermined" would mislead.
 */
import { useSitingStore } from '../../store/sitingStore';
import type { LocatePoint } from '../location/locateOnce';
import { placeUnitsFromLocation } from '../location/placeUnitsFromLocation';
import { DEFAULT_CLICK_ACTION } from './siteDefaults';

/** Adds the site and resolves to null, or resolves to why it was not added. */
export async function addSiteAt(point: [number, number], locate: LocatePoint): Promise<string | null> {
  // When the lookup cannot be made (layers not there yet) the site is added and ranked as it is.
  const location = await locate(point);
  if (location && !placeUnitsFromLocation(location).inMinnesota) {
    return `Not added: ${point[1].toFixed(5)}, ${point[0].toFixed(5)} is outside Minnesota, where the explorer has no watershed or bank service area to rank a site by.`;
  }
  const store = useSitingStore.getState();
  const number = store.userSites.length + 1;
  let id = `site-${number}`;
  while (store.userSites.some((site) => site.id === id)) id = `${id}b`;
  store.addUserSites([
    { id, name: `Proposed site ${number}`, location: point, action: DEFAULT_CLICK_ACTION },
  ]);
  return null;
}
