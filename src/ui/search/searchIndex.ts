/**
 * Offline place search over what the page has loaded: every city, township and unorganized
 * territory (MnDOT) and the gazetteer's other places, counties, major watersheds (by number or
 * name) and bank service areas (by number or name).
 */
import pointOnFeature from '@turf/point-on-feature';
import type { Feature, FeatureCollection } from 'geojson';
import { nameKey, type PlaceKind, type PlaceName } from '../../formats/placeNames/placeNames';

export interface SearchEntry {
  label: string;
  kind: 'Town' | 'County' | 'Major watershed' | 'Bank service area' | 'PLSS section' | 'PLSS township';
  /** What the place is, said after its label ("city", "township, Aitkin County"…), when the label does not say it. */
  detail?: string;
  /** A point inside the place, used as the impact location. */
  point: [number, number];
  bounds: [number, number, number, number] | null;
  /** Lower-cased words matched against the query (as nameKey writes them). */
  keys: string[];
  /** Among equally good matches, lower first (a county, a city, then a township); then the larger place. */
  rank?: number;
  population?: number | null;
}

const RANKS: Record<PlaceKind, number> = {
  city: 0,
  'populated place': 2,
  'post office': 2,
  township: 3,
  'unorganized territory': 4,
};

/** "Benton and Sherburne", "A, B and C". */
const listOf = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** A place's option: its label names the county (and "Township"), its detail the kind. */
function placeEntry(place: PlaceName): SearchEntry {
  const key = nameKey(place.name);
  const suffix =
    place.kind === 'township'
      ? ' Township'
      : place.kind === 'unorganized territory'
        ? ' Unorganized Territory'
        : '';
  const county = place.county ? `, ${place.county} County` : '';
  const also =
    place.alsoIn.length > 0
      ? ` (also in ${listOf(place.alsoIn)} ${place.alsoIn.length === 1 ? 'County' : 'counties'})`
      : '';
  return {
    label: `${place.name}${suffix}${county}`,
    kind: 'Town',
    detail: `${place.kind}${also}`,
    point: place.point,
    bounds: null,
    keys: suffix ? [key, nameKey(`${place.name}${suffix}`)] : [key],
    rank: RANKS[place.kind],
    population: place.population,
  };
}

function boundsOf(feature: Feature): [number, number, number, number] | null {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (value: unknown): void => {
    if (Array.isArray(value) && typeof value[0] === 'number') {
      const [x, y] = value as number[];
      box[0] = Math.min(box[0], x ?? Infinity);
      box[1] = Math.min(box[1], y ?? Infinity);
      box[2] = Math.max(box[2], x ?? -Infinity);
      box[3] = Math.max(box[3], y ?? -Infinity);
    } else if (Array.isArray(value)) value.forEach(visit);
  };
  if (feature.geometry && 'coordinates' in feature.geometry) visit(feature.geometry.coordinates);
  return Number.isFinite(box[0]) ? box : null;
}

function interiorPoint(feature: Feature): [number, number] | null {
  if (!feature.geometry) return null;
  if (feature.geometry.type === 'Point')
    return [feature.geometry.coordinates[0] ?? 0, feature.geometry.coordinates[1] ?? 0];
  const point = pointOnFeature(feature).geometry.coordinates;
  return [point[0] ?? 0, point[1] ?? 0];
}

export interface SearchSources {
  towns?: FeatureCollection;
  counties?: FeatureCollection;
  majorWatersheds?: FeatureCollection;
  bankServiceAreas?: FeatureCollection;
  /** Every Minnesota city, township, unorganized territory and gazetteer place, once loaded. */
  placeNames?: readonly PlaceName[];
}

/** Builds the search entries from whichever layers are loaded. */
export function buildSearchIndex(sources: SearchSources): SearchEntry[] {
  const entries: SearchEntry[] = [];
  const seenTowns = new Set<string>();
  // The place names first, named with their county and kind (two Minnesota places may share a name).
  for (const place of sources.placeNames ?? []) {
    seenTowns.add(nameKey(place.name));
    entries.push(placeEntry(place));
  }
  // The map's few towns answer while the names load (or when they cannot be read).
  for (const feature of sources.towns?.features ?? []) {
    const name = String(feature.properties?.name ?? '');
    const point = interiorPoint(feature);
    if (!name || !point || seenTowns.has(nameKey(name))) continue;
    seenTowns.add(nameKey(name));
    entries.push({
      label: name,
      kind: 'Town',
      detail: 'city or town',
      point,
      bounds: null,
      keys: [nameKey(name)],
      rank: 0,
    });
  }
  for (const feature of sources.counties?.features ?? []) {
    const name = String(feature.properties?.name ?? '');
    const point = interiorPoint(feature);
    if (!name || !point) continue;
    entries.push({
      label: `${name} County`,
      kind: 'County',
      point,
      bounds: boundsOf(feature),
      keys: [nameKey(name), `${nameKey(name)} county`],
      // "Aitkin" is first the county, then the city and the township of that name.
      rank: -1,
    });
  }
  for (const feature of sources.majorWatersheds?.features ?? []) {
    const id = feature.properties?.id;
    const name = String(feature.properties?.name ?? '');
    const point = interiorPoint(feature);
    if (id === undefined || !point) continue;
    entries.push({
      label: `Major watershed ${id} — ${name}`,
      kind: 'Major watershed',
      point,
      bounds: boundsOf(feature),
      keys: [String(id), `major ${id}`, `major watershed ${id}`, nameKey(name)],
      rank: 5,
    });
  }
  for (const feature of sources.bankServiceAreas?.features ?? []) {
    const id = feature.properties?.id;
    const name = String(feature.properties?.name ?? '');
    const point = interiorPoint(feature);
    if (id === undefined || !point) continue;
    entries.push({
      label: `Bank service area ${id} — ${name}`,
      kind: 'Bank service area',
      point,
      bounds: boundsOf(feature),
      keys: [`bsa ${id}`, `bank service area ${id}`, nameKey(name)],
      rank: 5,
    });
  }
  return entries;
}

/** Each entry's keys split into words, once (the search runs on every keystroke over ~3,000 entries). */
const wordsOf = new WeakMap<SearchEntry, string[][]>();

/**
 * Entries matching a query: exact key first, then prefix, then word prefix, then (3+ letters)
 * inside a key; among equals a county before a city before a township, the larger place first;
 * at most `limit`.
 */
export function searchPlaces(entries: readonly SearchEntry[], query: string, limit = 8): SearchEntry[] {
  const q = nameKey(query.trim());
  if (q === '') return [];
  const scored: { entry: SearchEntry; score: number }[] = [];
  for (const entry of entries) {
    let words = wordsOf.get(entry);
    if (!words) {
      words = entry.keys.map((key) => key.split(/[\s\-—]+/));
      wordsOf.set(entry, words);
    }
    let score = Infinity;
    entry.keys.forEach((key, i) => {
      if (key === q) score = 0;
      else if (score > 1 && key.startsWith(q)) score = 1;
      else if (score > 2 && words[i]!.some((word) => word.startsWith(q))) score = 2;
      else if (score > 3 && q.length >= 3 && key.includes(q)) score = 3;
    });
    if (score < Infinity) scored.push({ entry, score });
  }
  scored.sort(
    (a, b) =>
      a.score - b.score ||
      (a.entry.rank ?? 5) - (b.entry.rank ?? 5) ||
      (b.entry.population ?? 0) - (a.entry.population ?? 0) ||
      a.entry.label.localeCompare(b.entry.label),
  );
  return scored.slice(0, limit).map((item) => item.entry);
}
