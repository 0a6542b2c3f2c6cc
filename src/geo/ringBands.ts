import type { Position } from 'geojson';
import { haoEdgeStep } from './haoEdgeStep';
import { flattenOutline } from './siteImport/flatOutline.ts';

/** Rings (outer first, then holes) of one polygon, as GeoJSON holds them. */
type Part = Position[][];

/** Below this many segments a plain scan of every edge is as quick as the bands. */
export const MIN_SEGMENTS = 128;
/** About this many segments per band: a lookup tests a handful of edges, not the whole ring. */
const SEGMENTS_PER_BAND = 8;
const MAX_BANDS = 4096;

/**
 * Rings kept flat: positions as x, y pairs in `xy`; ring r ends (exclusive, in positions) at
 * `ringEnds[r]` and starts where ring r - 1 ends. One polygon is the rings [firstRing, endRing).
 */
export interface FlatRings {
  xy: Float64Array;
  ringEnds: Uint32Array;
  firstRing: number;
  endRing: number;
}

/** A GeoJSON part's rings as flat rings (one copy of its positions, as a site outline keeps them). */
function flatPart(part: Part): FlatRings {
  const { xy, ringEnds } = flattenOutline('Polygon', [part as number[][][]]);
  return { xy, ringEnds, firstRing: 0, endRing: part.length };
}

/**
 * The edges of one polygon sorted into horizontal bands, so a point test reads only the edges
 * whose height spans the point's latitude. Answers exactly what point-in-polygon-hao answers
 * (0 on an edge, else true or false by the crossing count): hao's loop adds nothing for an edge
 * wholly above or below the point, and returns 0 as soon as one edge holds it, so the edges it
 * skips here could not change its answer. The arithmetic per edge is hao's own (same
 * subtractions, same robust orientation), so a point on a shared edge is still found on it.
 */
export class RingBands {
  private readonly minY: number;
  private readonly maxY: number;
  private readonly height: number;
  private readonly bandCount: number;
  /** x, y of the polygon's positions; a segment is named by its start, and ends at the next. */
  private readonly xy: Float64Array;
  /** Segments of band b are `members[offsets[b]]` to `members[offsets[b + 1] - 1]`. */
  private readonly offsets: Uint32Array;
  private readonly members: Uint32Array;

  /**
   * The bands of a GeoJSON part, or of rings [firstRing, endRing) of flat rings (FlatRings). The
   * edges are read where the flat rings hold them: a band lists the position each of its
   * segments starts at (a ring's consecutive positions), so building copies no coordinates.
   */
  constructor(part: Part | FlatRings) {
    const { xy, ringEnds, firstRing, endRing } = Array.isArray(part) ? flatPart(part) : part;
    this.xy = xy;
    const ringStart = (r: number) => (r === 0 ? 0 : (ringEnds[r - 1] as number));
    let count = 0;
    let minY = Number.POSITIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (let r = firstRing; r < endRing; r++) {
      const start = ringStart(r);
      const end = ringEnds[r] as number;
      count += Math.max(0, end - start - 1);
      for (let i = start; i < end; i++) {
        const y = xy[2 * i + 1] as number;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
    this.minY = minY;
    this.maxY = maxY;
    const bandCount = Math.max(1, Math.min(MAX_BANDS, Math.ceil(count / SEGMENTS_PER_BAND)));
    this.bandCount = bandCount;
    this.height = maxY > minY ? (maxY - minY) / bandCount : 1;
    const sizes = new Uint32Array(bandCount + 1);
    for (let r = firstRing; r < endRing; r++) {
      for (let i = ringStart(r), end = ringEnds[r] as number; i + 1 < end; i++) {
        const y1 = xy[2 * i + 1] as number;
        const y2 = xy[2 * i + 3] as number;
        const last = this.band(Math.max(y1, y2));
        for (let b = this.band(Math.min(y1, y2)); b <= last; b++) sizes[b + 1] = (sizes[b + 1] as number) + 1;
      }
    }
    for (let b = 0; b < bandCount; b++) sizes[b + 1] = (sizes[b + 1] as number) + (sizes[b] as number);
    this.offsets = sizes;
    const members = new Uint32Array(sizes[bandCount] as number);
    const fill = sizes.slice(0, bandCount);
    for (let r = firstRing; r < endRing; r++) {
      for (let i = ringStart(r), end = ringEnds[r] as number; i + 1 < end; i++) {
        const y1 = xy[2 * i + 1] as number;
        const y2 = xy[2 * i + 3] as number;
        const last = this.band(Math.max(y1, y2));
        for (let b = this.band(Math.min(y1, y2)); b <= last; b++) {
          members[fill[b] as number] = i;
          fill[b] = (fill[b] as number) + 1;
        }
      }
    }
    this.members = members;
  }

  /** The band of a latitude: floor of a monotone expression, so a span never misses its bands. */
  private band(y: number): number {
    const b = Math.floor((y - this.minY) / this.height);
    return b < 0 ? 0 : b >= this.bandCount ? this.bandCount - 1 : b;
  }

  /** 0 when the point is on an edge, else whether it is inside: point-in-polygon-hao's answer. */
  contains(x: number, y: number): boolean | 0 {
    if (y < this.minY || y > this.maxY) return false;
    const band = this.band(y);
    const xy = this.xy;
    let k = 0;
    for (let m = this.offsets[band] as number, end = this.offsets[band + 1] as number; m < end; m++) {
      const s = (this.members[m] as number) * 2;
      const u1 = (xy[s] as number) - x;
      const v1 = (xy[s + 1] as number) - y;
      const u2 = (xy[s + 2] as number) - x;
      const v2 = (xy[s + 3] as number) - y;
      const step = haoEdgeStep(u1, v1, u2, v2);
      if (step < 0) return 0;
      k += step;
    }
    return k % 2 === 1;
  }
}

const built = new WeakMap<Part, RingBands>();
const seen = new WeakSet<Part>();

/**
 * The bands of a large polygon part, built on its second lookup (a part read once, as a range
 * lookup reads it, is cheaper scanned than indexed); null for a small part or a first lookup.
 */
export function bandsFor(part: Part): RingBands | null {
  const have = built.get(part);
  if (have) return have;
  let vertices = 0;
  for (const ring of part) vertices += ring.length;
  if (vertices < MIN_SEGMENTS) return null;
  if (!seen.has(part)) {
    seen.add(part);
    return null;
  }
  const bands = new RingBands(part);
  built.set(part, bands);
  return bands;
}
