/**
 * The exact planar areas of site ∩ unit, from Green's theorem over the two boundaries near the
 * site only: the site's boundary inside each unit and each unit's boundary inside the site
 * (see locateSitePolygon.ts for why this serves).
 */
import type { SiteGeometry } from '../../formats/geometry/siteGeometry.ts';
import type { EdgeIndex } from './edgeIndex.ts';
import { asFlat, partStart, pointInFlatPolygon, ringStart } from './flatOutline.ts';
import { flatRingArea, piece, setSumOrigin } from './greenSums.ts';

/** An outline flat, with its rings the right way round (see oriented). */
export interface SiteRings {
  xy: Float64Array;
  ringEnds: Uint32Array;
  partEnds: Uint32Array;
}

/** Is the point inside the site (holes excluded)? Boundary counts as inside. */
function inside(x: number, y: number, site: SiteRings): boolean {
  for (let p = 0; p < site.partEnds.length; p++)
    if (
      pointInFlatPolygon(
        x,
        y,
        site.xy,
        site.ringEnds,
        partStart(site.partEnds, p),
        site.partEnds[p] as number,
      ) !== false
    )
      return true;
  return false;
}

/** One edge, and where other boundaries cross it (parameter along it, and the unit crossed). */
export interface Segment {
  px: number;
  py: number;
  qx: number;
  qy: number;
  cuts: number[];
  units: number[];
}

const segmentOf = (px: number, py: number, qx: number, qy: number): Segment => ({
  px,
  py,
  qx,
  qy,
  cuts: [],
  units: [],
});

/**
 * Area of site ∩ unit for every unit with an edge near the site (and the one holding its first
 * vertex), in squared degrees: the site's boundary inside each unit, walked ring by ring from the
 * unit holding the ring's first vertex and switching units at each crossing, plus each unit's
 * boundary inside the site (its pieces judged by their midpoints against the small site).
 */
/** Scratch arrays of intersectionAreas (one call at a time). */
const scratch = {
  insideUnits: [] as number[],
  insideFlags: [] as boolean[],
  pieceUnits: [] as number[],
  pieceValues: [] as number[],
};
const ONLY_CUT: readonly number[] = [0];
const clear = (array: unknown[]) => {
  if (array.length > 0) array.length = 0;
};

export function intersectionAreas(
  site: SiteRings,
  siteRings: Segment[][],
  edges: EdgeIndex,
): Map<number, number> {
  const areas = new Map<number, number>();
  const add = (unit: number, value: number) => areas.set(unit, (areas.get(unit) ?? 0) + value);
  const unitSegments = Array.from(edges.found.subarray(0, edges.nearCount), (e) => {
    const segment = segmentOf(
      edges.x1[e] as number,
      edges.y1[e] as number,
      edges.x2[e] as number,
      edges.y2[e] as number,
    );
    segment.units.push(edges.unit[e] as number);
    add(edges.unit[e] as number, 0);
    return segment;
  });
  for (const ring of siteRings)
    for (const a of ring) {
      // (Setting an array's length is a runtime call: replace only what the last layer filled.)
      if (a.cuts.length > 0) {
        a.cuts = [];
        a.units = [];
      }
      for (const b of unitSegments) {
        // Half-open on both edges ([0, 1)), so a crossing at a vertex counts once.
        const dx = a.qx - a.px;
        const dy = a.qy - a.py;
        const ex = b.qx - b.px;
        const ey = b.qy - b.py;
        const denominator = dx * ey - dy * ex;
        if (denominator === 0) continue;
        const t = ((b.px - a.px) * ey - (b.py - a.py) * ex) / denominator;
        const u = ((b.px - a.px) * dy - (b.py - a.py) * dx) / denominator;
        if (t < 0 || t >= 1 || u < 0 || u >= 1) continue;
        a.cuts.push(t);
        a.units.push(b.units[0] as number);
        b.cuts.push(u);
      }
    }
  // The site's boundary, ring by ring. Which units the walk is inside (in the order the units
  // were met) and the pieces it collects are scratch arrays, reused.
  const insideUnits = scratch.insideUnits;
  const insideFlags = scratch.insideFlags;
  const pieceUnits = scratch.pieceUnits;
  const pieceValues = scratch.pieceValues;
  const collect = (value: number) => {
    for (let i = 0; i < insideUnits.length; i++)
      if (insideFlags[i]) {
        pieceUnits.push(insideUnits[i] as number);
        pieceValues.push(value);
      }
  };
  for (const ring of siteRings) {
    const start = ring[0] as Segment;
    const first = edges.containing(start.px, start.py);
    if (first >= 0) add(first, 0);
    clear(insideUnits);
    clear(insideFlags);
    for (const unit of areas.keys()) {
      insideUnits.push(unit);
      insideFlags.push(unit === first);
    }
    clear(pieceUnits);
    clear(pieceValues);
    for (const segment of ring) {
      const cuts = segment.cuts;
      if (cuts.length === 0) {
        collect(piece(segment.px, segment.py, segment.qx, segment.qy, 0, 1));
        continue;
      }
      const order =
        cuts.length === 1
          ? ONLY_CUT
          : cuts.map((_, k) => k).sort((x, y) => (cuts[x] as number) - (cuts[y] as number));
      let from = 0;
      for (let o = 0; o <= order.length; o++) {
        const k = o === order.length ? -1 : (order[o] as number);
        const to = k === -1 ? 1 : (cuts[k] as number);
        if (to > from) collect(piece(segment.px, segment.py, segment.qx, segment.qy, from, to));
        from = to;
        if (k !== -1) {
          const i = insideUnits.indexOf(segment.units[k] as number);
          insideFlags[i] = !insideFlags[i];
        }
      }
    }
    // Back where it started: each unit's parity must close. If a degenerate touch broke it, judge
    // this ring's pieces by their midpoints instead.
    let closed = true;
    for (let i = 0; i < insideUnits.length; i++)
      if (insideFlags[i] !== (insideUnits[i] === first)) closed = false;
    if (closed)
      for (let i = 0; i < pieceUnits.length; i++) add(pieceUnits[i] as number, pieceValues[i] as number);
    else
      for (const segment of ring) {
        const cuts = [0, ...[...segment.cuts].sort((x, y) => x - y), 1];
        for (let k = 0; k + 1 < cuts.length; k++) {
          const from = cuts[k] as number;
          const to = cuts[k + 1] as number;
          if (to <= from) continue;
          const middle = (from + to) / 2;
          const unit = edges.containing(
            segment.px + (segment.qx - segment.px) * middle,
            segment.py + (segment.qy - segment.py) * middle,
          );
          if (unit >= 0) add(unit, piece(segment.px, segment.py, segment.qx, segment.qy, from, to));
        }
      }
  }
  // Each unit's boundary inside the site: its pieces between 0, the sorted cuts and 1.
  for (const segment of unitSegments) {
    const cuts = segment.cuts.length > 1 ? segment.cuts.sort((x, y) => x - y) : segment.cuts;
    for (let k = 0; k <= cuts.length; k++) {
      const from = k === 0 ? 0 : (cuts[k - 1] as number);
      const to = k === cuts.length ? 1 : (cuts[k] as number);
      if (to <= from) continue;
      const middle = (from + to) / 2;
      if (
        inside(
          segment.px + (segment.qx - segment.px) * middle,
          segment.py + (segment.qy - segment.py) * middle,
          site,
        )
      )
        add(segment.units[0] as number, piece(segment.px, segment.py, segment.qx, segment.qy, from, to));
    }
  }
  return areas;
}

/**
 * The site's rings flat, outer rings counter-clockwise and holes clockwise (a reversed copy only
 * when some ring is the wrong way round), and its area (Σ ringArea, squared degrees). Sets the
 * origin of the sums to its first vertex.
 */
export function orientedFlat(geometry: SiteGeometry): SiteRings & { area: number } {
  const flat = asFlat(geometry);
  const { ringEnds, partEnds } = flat;
  let { xy } = flat;
  setSumOrigin(xy.length > 0 ? (xy[0] as number) : 0, xy.length > 0 ? (xy[1] as number) : 0);
  let area = 0;
  let reversed: Float64Array | null = null;
  for (let p = 0, r = 0; p < partEnds.length; p++)
    for (const first = r; r < (partEnds[p] as number); r++) {
      const start = ringStart(ringEnds, r);
      const end = ringEnds[r] as number;
      const ringArea = flatRingArea(xy, start, end);
      area += ringArea;
      if (r === first ? ringArea < 0 : ringArea > 0) {
        reversed ??= xy.slice();
        for (let k = start; k < end; k++) {
          const from = start + end - 1 - k;
          reversed[2 * k] = xy[2 * from] as number;
          reversed[2 * k + 1] = xy[2 * from + 1] as number;
        }
      }
    }
  if (reversed) {
    // Σ ringArea over the oriented rings, as the nested code summed them (a reversed ring's sum
    // is its own, not quite minus the other way's).
    xy = reversed;
    area = 0;
    for (let r = 0; r < ringEnds.length; r++)
      area += flatRingArea(xy, ringStart(ringEnds, r), ringEnds[r] as number);
  }
  return { xy, ringEnds, partEnds, area };
}

/** The site's edges as segments, ring by ring. */
export function segmentsOf(site: SiteRings): Segment[][] {
  const { xy, ringEnds } = site;
  const rings: Segment[][] = [];
  for (let r = 0; r < ringEnds.length; r++) {
    const segments: Segment[] = [];
    for (let k = ringStart(ringEnds, r); k < (ringEnds[r] as number) - 1; k++)
      segments.push(
        segmentOf(
          xy[2 * k] as number,
          xy[2 * k + 1] as number,
          xy[2 * k + 2] as number,
          xy[2 * k + 3] as number,
        ),
      );
    rings.push(segments);
  }
  return rings;
}
