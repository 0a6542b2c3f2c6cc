import type { Position } from 'geojson';
import { haoEdgeStep } from './haoEdgeStep';

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

/** x, y of each segment's start and end (4 numbers a segment) of a GeoJSON part's rings. */
function partSegments(part: Part): Float64Array {
  let count = 0;
  for (const ring of part) count += Math.max(0, ring.length - 1);
  const segments = new Float64Array(count * 4);
  let at = 0;
  for (const ring of part) {
    for (let i = 0; i + 1 < ring.length; i++) {
      const from = ring[i] as Position;
      const to = ring[i + 1] as Position;
      segments[at++] = from[0] as number;
      segments[at++] = from[1] as number;
      segments[at++] = to[0] as number;
      segments[at++] = to[1] as number;
    }
  }
  return segments;
}

/** The same for flat rings: each ring's consecutive positions. */
function flatSegments({ xy, ringEnds, firstRing, endRing }: FlatRings): Float64Array {
  let count = 0;
  for (let r = firstRing; r < endRing; r++) {
    const start = r === 0 ? 0 : (ringEnds[r - 1] as number);
    count += Math.max(0, (ringEnds[r] as number) - start - 1);
  }
  const segments = new Float64Array(count * 4);
  let at = 0;
  for (let r = firstRing; r < endRing; r++) {
    const start = r === 0 ? 0 : (ringEnds[r - 1] as number);
    const end = ringEnds[r] as number;
    for (let i = start; i + 1 < end; i++) {
      segments[at++] = xy[2 * i] as number;
      segments[at++] = xy[2 * i + 1] as number;
      segments[at++] = xy[2 * i + 2] as number;
      segments[at++] = xy[2 * i + 3] as number;
    }
  }
  return segments;
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
  /** x, y of every segment's start and end: 4 numbers a segment. */
  private readonly segments: Float64Array;
  /** Segments of band b are `members[offsets[b]]` to `members[offsets[b + 1] - 1]`. */
  private readonly offsets: Uint32Array;
  private readonly members: Uint32Array;

  /** The bands of a GeoJSON part, or of rings [firstRing, endRing) of flat rings (FlatRings). */
  constructor(part: Part | FlatRings) {
    const segments = Array.isArray(part) ? partSegments(part) : flatSegments(part);
    const count = segments.length / 4;
    let minY = Number.POSITIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (let s = 0; s < count; s++) {
      const y1 = segments[4 * s + 1] as number;
      const y2 = segments[4 * s + 3] as number;
      if (y1 < minY) minY = y1;
      if (y1 > maxY) maxY = y1;
      if (y2 < minY) minY = y2;
      if (y2 > maxY) maxY = y2;
    }
    this.segments = segments;
    this.minY = minY;
    this.maxY = maxY;
    const bandCount = Math.max(1, Math.min(MAX_BANDS, Math.ceil(count / SEGMENTS_PER_BAND)));
    this.bandCount = bandCount;
    this.height = maxY > minY ? (maxY - minY) / bandCount : 1;
    const sizes = new Uint32Array(bandCount + 1);
    for (let s = 0; s < count; s++) {
      const [first, last] = this.span(segments[s * 4 + 1] as number, segments[s * 4 + 3] as number);
      for (let b = first; b <= last; b++) sizes[b + 1] = (sizes[b + 1] as number) + 1;
    }
    for (let b = 0; b < bandCount; b++) sizes[b + 1] = (sizes[b + 1] as number) + (sizes[b] as number);
    this.offsets = sizes;
    const members = new Uint32Array(sizes[bandCount] as number);
    const fill = sizes.slice(0, bandCount);
    for (let s = 0; s < count; s++) {
      const [first, last] = this.span(segments[s * 4 + 1] as number, segments[s * 4 + 3] as number);
      for (let b = first; b <= last; b++) {
        members[fill[b] as number] = s;
        fill[b] = (fill[b] as number) + 1;
      }
    }
    this.members = members;
  }

  /** The band of a latitude: floor of a monotone expression, so a span never misses its bands. */
  private band(y: number): number {
    const b = Math.floor((y - this.minY) / this.height);
    return b < 0 ? 0 : b >= this.bandCount ? this.bandCount - 1 : b;
  }

  private span(y1: number, y2: number): [number, number] {
    return y1 <= y2 ? [this.band(y1), this.band(y2)] : [this.band(y2), this.band(y1)];
  }

  /** 0 when the point is on an edge, else whether it is inside: point-in-polygon-hao's answer. */
  contains(x: number, y: number): boolean | 0 {
    if (y < this.minY || y > this.maxY) return false;
    const band = this.band(y);
    const segments = this.segments;
    let k = 0;
    for (let m = this.offsets[band] as number, end = this.offsets[band + 1] as number; m < end; m++) {
      const s = (this.members[m] as number) * 4;
      const u1 = (segments[s] as number) - x;
      const v1 = (segments[s + 1] as number) - y;
      const u2 = (segments[s + 2] as number) - x;
      const v2 = (segments[s + 3] as number) - y;
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
