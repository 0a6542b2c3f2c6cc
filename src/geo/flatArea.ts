import type { Feature as FgbFeature } from 'flatgeobuf/lib/mjs/flat-geobuf/feature.js';
import type { Geometry as FgbGeometry } from 'flatgeobuf/lib/mjs/flat-geobuf/geometry.js';
import { GeometryType } from 'flatgeobuf/lib/mjs/flat-geobuf/geometry-type.js';
import { parseProperties } from 'flatgeobuf/lib/mjs/generic/feature.js';
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import type { GeoJsonProperties } from 'geojson';
import type { Relation } from './pickContaining.ts';
import { MIN_SEGMENTS, RingBands } from './ringBands.ts';
import { pointInFlatPolygon } from './siteImport/flatOutline.ts';

/**
 * A lookup polygon read straight from its FlatGeobuf bytes: its properties and its rings flat,
 * the coordinates a view of the feature's own bytes (no array per position). What a point lookup
 * needs of a Polygon or MultiPolygon, with the answers point-in-polygon-hao gives on the GeoJSON
 * flatgeobuf would decode (see relationToFlatArea).
 */
export interface FlatArea {
  properties: GeoJsonProperties;
  xy: Float64Array;
  /** Ring r ends (exclusive, in positions) at ringEnds[r]. */
  ringEnds: Uint32Array;
  /** Part p is the rings [partEnds[p - 1], partEnds[p]). */
  partEnds: Uint32Array;
  /** Per part: lookups scanned so far, then its edge bands (see bandsOf). */
  looks: Uint32Array;
  bands: (RingBands | undefined)[];
}

/** One polygon's rings of flatgeobuf's geometry, as its GeoJSON decoder reads them; null if unusual. */
function polygonRings(geometry: FgbGeometry | null): { xy: Float64Array; ends: number[] } | null {
  const xy = geometry?.xyArray() ?? null;
  if (xy === null || xy.length % 2 !== 0) return null;
  const positions = xy.length / 2;
  const given = geometry?.endsArray() ?? null;
  // flatgeobuf reads no ends as one ring; ends must rise and stay within the positions (anything
  // else is left to the GeoJSON decoder, whose answer, or error, is then the one given).
  if (given === null || given.length === 0) return { xy, ends: [positions] };
  const ends = Array.from(given);
  for (let r = 0; r < ends.length; r++) {
    const end = ends[r] as number;
    if (end > positions || end <= (r === 0 ? 0 : (ends[r - 1] as number))) return null;
  }
  return { xy, ends };
}

/** A ring as GeoJSON would check it: four or more finite positions, the last equal to the first. */
function ringIsWellFormed(xy: Float64Array, start: number, end: number): boolean {
  if (end - start < 4) return false;
  for (let k = 2 * start; k < 2 * end; k++) if (!Number.isFinite(xy[k])) return false;
  return xy[2 * start] === xy[2 * end - 2] && xy[2 * start + 1] === xy[2 * end - 1];
}

/**
 * The flat area of a decoded FlatGeobuf feature of a Polygon or MultiPolygon layer, with the
 * properties flatgeobuf's GeoJSON decoder gives; null for any other geometry or an unusual
 * encoding (read those as GeoJSON), 'malformed' where checkFeatureGeometry would refuse the
 * GeoJSON (a ring of fewer than four positions, not closed, or with a coordinate not finite).
 */
export function flatAreaOf(feature: FgbFeature, header: HeaderMeta): FlatArea | null | 'malformed' {
  const geometry = feature.geometry();
  if (geometry === null) return null;
  const type = header.geometryType === GeometryType.Unknown ? geometry.type() : header.geometryType;
  const polygons: { xy: Float64Array; ends: number[] }[] = [];
  if (type === GeometryType.Polygon) {
    const rings = polygonRings(geometry);
    if (rings === null) return null;
    polygons.push(rings);
  } else if (type === GeometryType.MultiPolygon) {
    const count = geometry.partsLength();
    if (count === 0) return 'malformed';
    for (let p = 0; p < count; p++) {
      const rings = polygonRings(geometry.parts(p));
      if (rings === null) return null;
      polygons.push(rings);
    }
  } else return null;

  let positions = 0;
  let ringCount = 0;
  for (const { xy, ends } of polygons) {
    positions += xy.length / 2;
    ringCount += ends.length;
  }
  // One polygon's coordinates are kept as they are; a multipolygon's parts are joined.
  const xy =
    polygons.length === 1 ? (polygons[0] as { xy: Float64Array }).xy : new Float64Array(positions * 2);
  const ringEnds = new Uint32Array(ringCount);
  const partEnds = new Uint32Array(polygons.length);
  let offset = 0;
  let r = 0;
  for (let p = 0; p < polygons.length; p++) {
    const polygon = polygons[p] as { xy: Float64Array; ends: number[] };
    if (polygons.length > 1) xy.set(polygon.xy, offset * 2);
    let start = offset;
    for (const end of polygon.ends) {
      if (!ringIsWellFormed(xy, start, offset + end)) return 'malformed';
      ringEnds[r++] = offset + end;
      start = offset + end;
    }
    partEnds[p] = r;
    offset += polygon.xy.length / 2;
  }
  return {
    properties: parseProperties(feature, header.columns) as GeoJsonProperties,
    xy,
    ringEnds,
    partEnds,
    looks: new Uint32Array(polygons.length),
    bands: [],
  };
}

/**
 * The bands of part `p` once it has been looked up before (as bandsFor builds a GeoJSON part's
 * on its second lookup), for parts of MIN_SEGMENTS positions or more (bandsFor's bound); undefined
 * until then.
 */
function bandsOf(area: FlatArea, p: number, firstRing: number, endRing: number): RingBands | undefined {
  const have = area.bands[p];
  if (have !== undefined) return have;
  const start = firstRing === 0 ? 0 : (area.ringEnds[firstRing - 1] as number);
  if ((area.ringEnds[endRing - 1] as number) - start < MIN_SEGMENTS) return undefined;
  if ((area.looks[p] as number) === 0) {
    area.looks[p] = 1;
    return undefined;
  }
  const bands = new RingBands({ xy: area.xy, ringEnds: area.ringEnds, firstRing, endRing });
  area.bands[p] = bands;
  return bands;
}

/**
 * Where a point lies against a flat area: inside when some part holds it strictly, on the edge
 * when none does but one has it on a ring, else outside, as pickContaining's relation says of the
 * same polygon as GeoJSON (point-in-polygon-hao per part; its bands for a part looked up again).
 */
export function relationToFlatArea(x: number, y: number, area: FlatArea): Relation {
  let edge = false;
  let firstRing = 0;
  for (let p = 0; p < area.partEnds.length; p++) {
    const endRing = area.partEnds[p] as number;
    const bands = bandsOf(area, p, firstRing, endRing);
    const result = bands
      ? bands.contains(x, y)
      : pointInFlatPolygon(x, y, area.xy, area.ringEnds, firstRing, endRing);
    if (result === 0) edge = true;
    else if (result) return 'inside';
    firstRing = endRing;
  }
  return edge ? 'edge' : 'outside';
}
