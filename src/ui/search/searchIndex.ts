/**
 * Offline place search over what the page has loaded: towns and places, counties, major
 * watersheds (by number or name) and bank service areas (by number or name).
 */
import pointOnFeature from '@turf/point-on-feature';
import type { Feature, FeatureCollection } from 'geojson';
import type { PlaceName } from '../../formats/placeNames/placeNames';

export interface SearchEntry {
  label: string;
  kind: 'Town' | 'County' | 'Major watershed' | 'Bank service area' | 'PLSS section' | 'PLSS township';
  /** A point inside the place, used as the impact location. */
  point: [number, number];
  bounds: [number, number, number, number] | null;
  /** Lower-cased words matched against the query. */
  keys: string[];
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
  /** Every Minnesota city and populated place by name (GeoNames), once loaded. */
  placeNames?: readonly PlaceName[];
}

/** Builds the search entries from whichever layers are loaded. */
export function buildSearchIndex(sources: SearchSources): SearchEntry[] {
  const entries: SearchEntry[] = [];
  const seenTowns = new Set<string>();
  // The gazetteer's places first, named with their county (two Minnesota places may share a name).
  for (const place of sources.placeNames ?? []) {
    const key = place.name.toLowerCase();
    seenTowns.add(key);
    entries.push({
      label: place.county ? `${place.name}, ${place.county} County` : place.name,
      kind: 'Town',
      point: place.point,
      bounds: null,
      keys: [key],
    });
  }
  for (const feature of sources.towns?.features ?? []) {
    const name = String(feature.properties?.name ?? '');
    const point = interiorPoint(feature);
    if (!name || !point || seenTowns.has(name.toLowerCase())) continue;
    seenTowns.add(name.toLowerCase());
    entries.push({ label: name, kind: 'Town', point, bounds: null, keys: [name.toLowerCase()] });
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
      keys: [name.toLowerCase(), `${name.toLowerCase()} county`],
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
      keys: [String(id), `major ${id}`, `major watershed ${id}`, name.toLowerCase()],
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
      keys: [`bsa ${id}`, `bank service area ${id}`, name.toLowerCase()],
    });
  }
  return entries;
}

/** Entries matching a query: exact key first, then prefix, then word prefix; at most `limit`. */
export function searchPlaces(entries: readonly SearchEntry[], query: string, limit = 8): SearchEntry[] {
  const q = query.trim().toLowerCase().replace(/\s+/g, ' ');
  if (q === '') return [];
  const scored: { entry: SearchEntry; score: number }[] = [];
  for (const entry of entries) {
    let score = Infinity;
    for (const key of entry.keys) {
      if (key === q) score = Math.min(score, 0);
      else if (key.startsWith(q)) score = Math.min(score, 1);
      else if (key.split(/[\s\-—]+/).some((word) => word.startsWith(q))) score = Math.min(score, 2);
      else if (q.length >= 3 && key.includes(q)) score = Math.min(score, 3);
    }
    if (score < Infinity) scored.push({ entry, score });
  }
  scored.sort((a, b) => a.score - b.score || a.entry.label.localeCompare(b.entry.label));
  return scored.slice(0, limit).map((item) => item.entry);
}
