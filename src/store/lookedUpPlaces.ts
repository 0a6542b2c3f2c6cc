/**
 * The places this browser has looked up in full (every unit read), for the build of the data in
 * use: until "Make available offline" stores the whole state, these are the places the page can
 * look up without a network (the offline copy keeps the ranges each lookup read). Kept in local
 * storage, newest first, a few at most; another build of the data (which empties the offline
 * copy) starts the list again.
 */

export interface LookedUpPlace {
  /** How the place reads, e.g. "Wright County, minor watershed 17012". */
  label: string;
  /** [longitude, latitude]. */
  at: [number, number];
}

const KEY = 'mn-wetland-siting:looked-up-places';
const MOST = 6;
const listeners = new Set<() => void>();
/** One empty list, so that a reader comparing answers sees no change. */
const NONE: LookedUpPlace[] = [];
let cached: { build: string; places: LookedUpPlace[] } | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(): { build: string; places: LookedUpPlace[] } {
  if (cached) return cached;
  cached = { build: '', places: [] };
  try {
    const parsed = JSON.parse(storage()?.getItem(KEY) ?? 'null') as unknown;
    const value = parsed as { build?: unknown; places?: unknown } | null;
    if (value && typeof value.build === 'string' && Array.isArray(value.places))
      cached = {
        build: value.build,
        places: value.places.filter(
          (place): place is LookedUpPlace =>
            typeof place?.label === 'string' &&
            Array.isArray(place.at) &&
            place.at.length === 2 &&
            place.at.every((n: unknown) => typeof n === 'number' && Number.isFinite(n)),
        ),
      };
  } catch {
    // A damaged entry is dropped: the list only informs, it decides nothing.
  }
  return cached;
}

/** The places looked up in full for `build` (the manifest's generatedAt), newest first. */
export function lookedUpPlaces(build: string): LookedUpPlace[] {
  const stored = read();
  return stored.build === build ? stored.places : NONE;
}

/** Records a place looked up in full for `build`; its label replaces an older entry's. */
export function rememberLookedUpPlace(build: string, place: LookedUpPlace): void {
  const stored = read();
  const earlier = stored.build === build ? stored.places.filter((known) => known.label !== place.label) : [];
  if (stored.build === build && stored.places[0]?.label === place.label) return;
  cached = { build, places: [place, ...earlier].slice(0, MOST) };
  try {
    storage()?.setItem(KEY, JSON.stringify(cached));
  } catch {
    // Storage full or refused: the list lives for this visit only.
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the list changes; returns the unsubscribe. */
export function subscribeLookedUpPlaces(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
