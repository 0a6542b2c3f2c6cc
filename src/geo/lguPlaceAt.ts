import type { MultiPolygon, Polygon } from 'geojson';
import { pointInOutline } from '../formats/placeNames/civilDivisionPlaces.ts';
import type { PlaceName } from '../formats/placeNames/placeNames.ts';
import { greatCircleKm } from '../siting/greatCircleKm.ts';
import { type FeatureSource, pointRect } from './featureSource.ts';

/**
 * Where an impact lies among Minnesota's civil divisions, for the withdrawal application's local
 * government unit blank (issue 37): the city whose MnDOT boundary holds it, or else the township
 * or unorganized territory whose MnDOT reference point is nearest in the impact's county (MnDOT
 * publishes no township outlines, so a township is named as the nearest point, with its
 * distance). Where to confirm the LGU, never the LGU of record.
 */
export interface LguPlace {
  /** The city whose boundary holds the point, with the county of that part; null when none does. */
  city: { name: string; county: string | null } | null;
  /** Else the nearest township or unorganized territory point in the county, with its distance. */
  township: { name: string; kind: string; county: string | null; km: number } | null;
  /** The sentence the page and the CLI print beside the blank. */
  words: string;
}

/** "Saint Louis" and "St. Louis" alike, case and spacing ignored. */
const countyKey = (name: string | null | undefined) =>
  (name ?? '')
    .toLowerCase()
    .replace(/^saint\b/, 'st')
    .replace(/[^a-z]/g, '');

/** The city outline (city-outlines.fgb) holding the point, or null; reads only the features whose box holds it. */
export async function cityAt(
  point: readonly [number, number],
  source: FeatureSource,
  file: string,
): Promise<{ name: string; county: string | null } | null> {
  for await (const feature of source.features(file, pointRect(point[0], point[1]))) {
    const g = feature.geometry;
    if (g?.type !== 'Polygon' && g?.type !== 'MultiPolygon') continue;
    if (!pointInOutline([point[0], point[1]], g as Polygon | MultiPolygon)) continue;
    const p = feature.properties ?? {};
    return { name: String(p.name ?? ''), county: typeof p.county === 'string' ? p.county : null };
  }
  return null;
}

/** The nearest township or unorganized territory point in the county, or null when the list has none there. */
export function nearestTownship(
  point: readonly [number, number],
  places: readonly PlaceName[],
  county: string | null,
): LguPlace['township'] {
  let best: LguPlace['township'] = null;
  for (const place of places) {
    if (place.kind !== 'township' && place.kind !== 'unorganized territory') continue;
    if (county !== null && countyKey(place.county) !== countyKey(county)) continue;
    const km = greatCircleKm([point[0], point[1]], place.point);
    if (best === null || km < best.km)
      best = { name: place.name, kind: place.kind, county: place.county, km: Math.round(km * 10) / 10 };
  }
  return best;
}

/** The words beside the LGU blank, from what was found. */
export function lguWords(
  city: LguPlace['city'],
  township: LguPlace['township'],
  county: string | null,
): string {
  const countyWords = county ? `${county} County` : 'a county not known here';
  const confirm = 'This is where to confirm the LGU, not the LGU of record.';
  if (city)
    return `The impact lies in the City of ${city.name} (MnDOT city boundaries), in ${countyWords}. ${confirm}`;
  if (township)
    return `The impact lies in no city's boundary (MnDOT city boundaries), in ${countyWords}; the nearest ${township.kind} reference point is ${township.name} (${township.km} km; MnDOT publishes no township outlines). ${confirm}`;
  return `The impact lies in no city's boundary known here, in ${countyWords}. ${confirm}`;
}

/** cityAt, else nearestTownship, in words. `file` null: the build has no city outlines. */
export async function lguPlaceAt(
  point: readonly [number, number],
  source: FeatureSource,
  file: string | null,
  places: readonly PlaceName[],
  county: string | null,
): Promise<LguPlace> {
  const city = file === null ? null : await cityAt(point, source, file);
  const township = city ? null : nearestTownship(point, places, county);
  return { city, township, words: lguWords(city, township, county) };
}
