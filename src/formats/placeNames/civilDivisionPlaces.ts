/**
 * MnDOT's civil divisions (Minnesota Geospatial Commons `bdry-jurisdiction`) as search places:
 * every city, township and unorganized territory of the Jurisdiction Lookup, named with its
 * county and kind, each placed at a point inside it. A city in two or three counties has a row
 * per county part in the lookup, all sharing one reference point: each part is placed in its
 * own part of the city's outline (City Boundaries in Minnesota), so choosing "Saint Cloud,
 * Benton County" gives the card of Benton County. Pure: layers in, places out.
 */
import pointOnFeature from '@turf/point-on-feature';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import inside from 'point-in-polygon-hao';
import type { CountExpectation } from '../layers/validateLayer.ts';
import { MINNESOTA_BOUNDS } from '../layers/validateLayer.ts';
import { whereOf } from '../official/pickField.ts';
import type { SourceLayer } from '../official/types.ts';
import { type PlaceKind, type PlaceName, PlaceNamesError } from './placeNames.ts';

/** A county of the build's counties layer: its 5-digit FIPS code, name and outline. */
export interface CountyOutline {
  id: string;
  name: string;
  geometry: Polygon | MultiPolygon;
}

/** How many of each kind a complete lookup holds (data/sources.json). */
export type CivilDivisionExpectation = Partial<Record<PlaceKind, CountExpectation>>;

/** What was read, and how each place was placed (for the build's log and the tests). */
export interface CivilDivisionPlaces {
  places: PlaceName[];
  counts: Partial<Record<PlaceKind, number>>;
  /** City parts whose shared reference point lies outside the part: placed on its outline instead. */
  movedIntoPart: string[];
  /**
   * Rows left out because no point of theirs lies in the county they name by the counties layer
   * (a sliver of a city part that the generalised county outline gives to its neighbour).
   */
  outsideCounty: string[];
  /** Rows left out: county and tribal points, and classes this does not know. */
  skipped: Partial<Record<string, number>>;
}

export const CIVIL_DIVISION_SOURCE_ID = 'civilDivisions';

const KINDS: Record<string, PlaceKind> = {
  CITY: 'city',
  TOWNSHIP: 'township',
  'UNORGANIZED TERRITORY': 'unorganized territory',
};
/** Lookup rows that are not places to search here (counties come from the counties layer). */
const NOT_PLACES = new Set(['COUNTY', 'TRIBAL']);

const polygonsOf = (g: Polygon | MultiPolygon): Position[][][] =>
  g.type === 'Polygon' ? [g.coordinates] : g.coordinates;

/** True when the point lies inside (or on the edge of) the outline. */
export function pointInOutline(point: Position, geometry: Polygon | MultiPolygon): boolean {
  return polygonsOf(geometry).some((rings) => inside(point, rings) !== false);
}

/**
 * A point inside both outlines, the nearest to `near` of a `steps` x `steps` grid over the first one's
 * extent, or null when no grid point is in both.
 */
function pointInBoth(
  a: Polygon | MultiPolygon,
  b: Polygon | MultiPolygon,
  near: [number, number],
  steps: number,
): [number, number] | null {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const rings of polygonsOf(a))
    for (const [px = 0, py = 0] of rings[0] ?? []) {
      west = Math.min(west, px);
      south = Math.min(south, py);
      east = Math.max(east, px);
      north = Math.max(north, py);
    }
  let best: [number, number] | null = null;
  let bestDistance = Infinity;
  for (let i = 0; i <= steps; i++)
    for (let j = 0; j <= steps; j++) {
      const candidate: [number, number] = [
        west + ((east - west) * i) / steps,
        south + ((north - south) * j) / steps,
      ];
      const distance = (candidate[0] - near[0]) ** 2 + (candidate[1] - near[1]) ** 2;
      if (distance >= bestDistance) continue;
      if (pointInOutline(candidate, a) && pointInOutline(candidate, b)) {
        best = candidate;
        bestDistance = distance;
      }
    }
  return best;
}

const text = (value: unknown): string | null =>
  value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim();

/**
 * The places of the lookup layer (and the city outlines, when given), checked: each row needs
 * a name, a class and a county the counties layer knows, and a point in Minnesota; each kind's
 * count must be in `expect`.
 * @throws PlaceNamesError naming the layer, the row and the field
 */
export function civilDivisionPlaces(
  lookup: SourceLayer,
  cities: SourceLayer | null,
  counties: readonly CountyOutline[],
  expect: CivilDivisionExpectation,
): CivilDivisionPlaces {
  for (const field of ['FEATURE_NAME', 'CTU_CLASS', 'COUNTY_FIPS55_CODE'])
    if (!lookup.fields.includes(field))
      throw new PlaceNamesError(
        `${whereOf(lookup)}: no ${field} field (fields: ${lookup.fields.join(', ') || 'none'}); not MnDOT's Jurisdiction Lookup for Minnesota`,
      );
  const countyById = new Map(counties.map((c) => [c.id, c]));
  // The city outlines name their county by MnDOT's county code: the lookup gives its FIPS code.
  const fipsOfCode = new Map<number, string>();
  for (const f of lookup.features) {
    const code = Number(f.properties.COUNTY_CODE);
    const fips = text(f.properties.COUNTY_FIPS55_CODE);
    if (Number.isFinite(code) && fips) fipsOfCode.set(code, fips);
  }
  const parts = new Map<string, Polygon | MultiPolygon>();
  for (const f of cities?.features ?? []) {
    const g = f.geometry;
    if (g?.type !== 'Polygon' && g?.type !== 'MultiPolygon') continue;
    parts.set(`${f.properties.GNIS_FEATURE_ID}|${Number(f.properties.COUNTY_CODE)}`, g);
  }
  const result: CivilDivisionPlaces = {
    places: [],
    counts: {},
    movedIntoPart: [],
    outsideCounty: [],
    skipped: {},
  };
  const countiesOfCity = new Map<string, string[]>();
  lookup.features.forEach((f, i) => {
    const where = `${whereOf(lookup)}: feature #${i + 1}`;
    const p = f.properties;
    const ctuClass = text(p.CTU_CLASS)?.toUpperCase() ?? '';
    const kind = KINDS[ctuClass];
    if (!kind) {
      const key = NOT_PLACES.has(ctuClass) ? ctuClass : `unknown class ${JSON.stringify(p.CTU_CLASS)}`;
      result.skipped[key] = (result.skipped[key] ?? 0) + 1;
      return;
    }
    const name = text(p.FEATURE_NAME);
    if (!name) throw new PlaceNamesError(`${where}, FEATURE_NAME: empty`);
    const fips = text(p.COUNTY_FIPS55_CODE)?.padStart(3, '0');
    const county = fips ? countyById.get(`27${fips}`) : undefined;
    if (!county)
      throw new PlaceNamesError(
        `${where} (${name}), COUNTY_FIPS55_CODE: ${JSON.stringify(p.COUNTY_FIPS55_CODE)} is no Minnesota county of the counties layer`,
      );
    if (f.geometry?.type !== 'Point')
      throw new PlaceNamesError(`${where} (${name}): not a point (${f.geometry?.type ?? 'no geometry'})`);
    let point = f.geometry.coordinates.slice(0, 2) as [number, number];
    const [x, y] = point;
    const [west, south, east, north] = MINNESOTA_BOUNDS;
    if (!(x >= west && x <= east && y >= south && y <= north))
      throw new PlaceNamesError(`${where} (${name}): the point ${x}, ${y} is not in Minnesota`);
    const part = kind === 'city' ? parts.get(`${p.GNIS_FEATURE_ID}|${Number(p.COUNTY_CODE)}`) : undefined;
    const label = `${name} (${kind}, ${county.name} County)`;
    if (part && !pointInOutline(point, part)) {
      const onSurface = pointOnFeature({ type: 'Feature', properties: {}, geometry: part } as Feature);
      point = onSurface.geometry.coordinates.slice(0, 2) as [number, number];
      result.movedIntoPart.push(label);
    }
    if (!pointInOutline(point, county.geometry)) {
      // The city's outline and the counties layer may disagree along a county line: a point
      // inside both, nearest the reference point, is the part people mean.
      const both = part
        ? (pointInBoth(part, county.geometry, [x, y], 48) ?? pointInBoth(part, county.geometry, [x, y], 400))
        : null;
      if (both) point = both;
    }
    if (kind === 'city') {
      const key = String(p.GNIS_FEATURE_ID ?? name);
      countiesOfCity.set(key, [...(countiesOfCity.get(key) ?? []), county.name]);
    }
    result.counts[kind] = (result.counts[kind] ?? 0) + 1;
    if (!pointInOutline(point, county.geometry)) {
      // Its option would name one county and the card another: left out, and said.
      result.outsideCounty.push(label);
      return;
    }
    const population = Number(p.POPULATION);
    // About a metre; unrounded where that metre would leave a thin part or the county.
    const rounded: [number, number] = [Math.round(point[0] * 1e5) / 1e5, Math.round(point[1] * 1e5) / 1e5];
    const keepsInside =
      pointInOutline(rounded, county.geometry) &&
      (!part || !pointInOutline(point, part) || pointInOutline(rounded, part));
    result.places.push({
      name,
      point: keepsInside ? rounded : point,
      county: county.name,
      kind,
      source: CIVIL_DIVISION_SOURCE_ID,
      population: p.POPULATION !== null && Number.isFinite(population) ? population : null,
      alsoIn: kind === 'city' ? [String(p.GNIS_FEATURE_ID ?? name)] : [],
    });
  });
  // The city's other county parts, once every row is read (alsoIn held the city's key until now).
  for (const place of result.places) {
    if (place.kind !== 'city') continue;
    const all = countiesOfCity.get(place.alsoIn[0]!) ?? [];
    place.alsoIn = all.filter((c) => c !== place.county);
  }
  for (const [kind, range] of Object.entries(expect) as [PlaceKind, CountExpectation][]) {
    const count = result.counts[kind] ?? 0;
    if (count < range.min || count > range.max)
      throw new PlaceNamesError(
        `${whereOf(lookup)}: ${count} ${kind} rows, expected ${range.min === range.max ? range.min : `${range.min}–${range.max}`}; not the complete lookup`,
      );
  }
  return result;
}
