/**
 * The places this browser can look up offline before "Make available offline" (src/store
 * lookedUpPlaces.ts): each impact whose units were all read is remembered, and the offline status
 * names them, so a presenter knows up front which places work without a network.
 */
import { useEffect, useSyncExternalStore } from 'react';
import {
  type LookedUpPlace,
  lookedUpPlaces,
  rememberLookedUpPlace,
  subscribeLookedUpPlaces,
} from '../../store/lookedUpPlaces';
import type { PlaceUnits } from '../location/placeUnits';

/** Remembers the impact once every unit of it was read (none unreadable), for this build. */
export function useRememberLookedUpPlace(
  build: string | null,
  point: [number, number] | null,
  place: PlaceUnits | null,
): void {
  useEffect(() => {
    if (!build || !point || !place?.inMinnesota || (place.unreadable?.length ?? 0) > 0) return;
    const parts = [
      place.county ? `${place.county.name} County` : null,
      place.minorWatershed ? `minor watershed ${place.minorWatershed.id}` : null,
    ].filter(Boolean);
    if (parts.length === 0) return;
    rememberLookedUpPlace(build, { label: parts.join(', '), at: point });
  }, [build, point, place]);
}

/** The places looked up in full for this build, newest first. */
export function useLookedUpPlaces(build: string | null): LookedUpPlace[] {
  return useSyncExternalStore(
    subscribeLookedUpPlaces,
    () => (build ? lookedUpPlaces(build) : NONE),
    () => NONE,
  );
}

const NONE: LookedUpPlace[] = [];
