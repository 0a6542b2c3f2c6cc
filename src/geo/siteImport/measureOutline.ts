/**
 * What the sites importer measures of an outline, in one walk over its outer rings: its area as
 * @turf/area gives it, a point inside it, and whether it lies outside Minnesota's box.
 */
import type { FlatSiteGeometry } from '../../formats/geometry/siteGeometry.ts';
import { partStart, pointInFlatPolygon, ringStart, turfRingArea } from './flatOutline.ts';

/** The measures of an outline the importer keeps, from one walk over its positions. */
export interface OutlineMeasure {
  /** @turf/area of the whole outline (m²): the sum of its parts'. */
  area: number;
  /** A point inside it (see interiorPoint). */
  location: [number, number];
  /** No vertex of any outer ring lies in Minnesota's box. */
  outside: boolean;
}

/**
 * Area (as @turf/area gives it, part by part), a point inside, and whether it lies outside
 * `box` (Minnesota's): the outer rings are walked once for all three.
 */
export function measureOutline(
  outline: FlatSiteGeometry,
  box: readonly [number, number, number, number],
): OutlineMeasure {
  const { xy, ringEnds, partEnds } = outline;
  const [west, south, east, north] = box;
  let area = 0;
  let largest = 0;
  let largestArea = 0;
  let largestX = 0;
  let largestY = 0;
  let outside = true;
  for (let p = 0; p < partEnds.length; p++) {
    const first = partStart(partEnds, p);
    const end = partEnds[p] as number;
    // polygonArea: |outer| − Σ |hole|, as turf sums it; a part with no ring has none.
    // (Every part has an outer ring: the scanner and ringProblem refuse a part without.)
    let part = 0;
    const outerStart = ringStart(ringEnds, first);
    const outerEnd = ringEnds[first] as number;
    part += Math.abs(turfRingArea(xy, outerStart, outerEnd));
    for (let r = first + 1; r < end; r++)
      part -= Math.abs(turfRingArea(xy, ringStart(ringEnds, r), ringEnds[r] as number));
    let x = 0;
    let y = 0;
    for (let k = outerStart; k < outerEnd; k++) {
      const lon = xy[2 * k] as number;
      const lat = xy[2 * k + 1] as number;
      if (k < outerEnd - 1) {
        x += lon;
        y += lat;
      }
      if (outside && lon >= west && lon <= east && lat >= south && lat <= north) outside = false;
    }
    // The first part of largest area (as interiorPoint chose it).
    if (p === 0 || part > largestArea) {
      largest = p;
      largestArea = part;
      largestX = x;
      largestY = y;
    }
    // turfArea of one Polygon is 0 + its polygonArea; the parts add in order from 0.
    area += 0 + part;
  }
  const first = partStart(partEnds, largest);
  const outerStart = ringStart(ringEnds, first);
  const count = (ringEnds[first] as number) - outerStart - 1;
  const mean: [number, number] = [largestX / count, largestY / count];
  const location =
    pointInFlatPolygon(mean[0], mean[1], xy, ringEnds, first, partEnds[largest] as number) === true
      ? mean
      : widestChordMiddle(outline, largest);
  return { area, location, outside };
}

/** A C- or ring-shaped outline: the midpoint of the widest horizontal chord through its middle. */
function widestChordMiddle(outline: FlatSiteGeometry, part: number): [number, number] {
  const { xy, ringEnds, partEnds } = outline;
  const first = partStart(partEnds, part);
  const outerStart = ringStart(ringEnds, first);
  const outerEnd = ringEnds[first] as number;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let k = outerStart; k < outerEnd; k++) {
    minY = Math.min(minY, xy[2 * k + 1] as number);
    maxY = Math.max(maxY, xy[2 * k + 1] as number);
  }
  const middle = (minY + maxY) / 2;
  const crossings: number[] = [];
  for (let r = first; r < (partEnds[part] as number); r++)
    for (let k = ringStart(ringEnds, r); k < (ringEnds[r] as number) - 1; k++) {
      const x1 = xy[2 * k] as number;
      const y1 = xy[2 * k + 1] as number;
      const x2 = xy[2 * k + 2] as number;
      const y2 = xy[2 * k + 3] as number;
      if (y1 <= middle !== y2 <= middle) crossings.push(x1 + ((middle - y1) / (y2 - y1)) * (x2 - x1));
    }
  crossings.sort((a, b) => a - b);
  let best: [number, number] = [xy[2 * outerStart] as number, xy[2 * outerStart + 1] as number];
  let width = -1;
  for (let i = 0; i + 1 < crossings.length; i += 2) {
    const span = (crossings[i + 1] as number) - (crossings[i] as number);
    if (span > width) {
      width = span;
      best = [((crossings[i] as number) + (crossings[i + 1] as number)) / 2, middle];
    }
  }
  return best;
}
