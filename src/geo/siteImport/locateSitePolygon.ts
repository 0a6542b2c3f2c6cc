/**
 * Locates a candidate site's outline by its area: for each kind of unit (minor and major
 * watershed, bank service area, county) the units holding it and the share of its area in each,
 * from the full-resolution layers the point lookup uses (UnitIndex). The site is ranked by the
 * unit of each kind holding most of its area, as a drawn impact is (src/ui/location/impactArea.ts).
 *
 * Fast path: when no boundary edge of a layer comes inside the site's bounding box, the site lies
 * wholly in one unit (or in none), found with one point lookup; nothing is clipped. Otherwise the
 * shares are the exact planar areas of site ∩ unit, from Green's theorem over the two boundaries
 * near the site only (the unit edges in the box, from a grid of every edge of the layer): the
 * area of an intersection is the sum of ∮ x dy over the site's boundary inside the unit and the
 * unit's boundary inside the site. Shares are ratios of areas measured the same way, so the
 * lon/lat plane serves (its scale cancels); they are accurate to the layer's own resolution.
 */
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { SiteGeometry } from '../../formats/geometry/siteGeometry.ts';
import { AREA_CLASSES, type AreaClass, type AreaShares, type Units } from '../../siting/index.ts';
import type { UnitIndex } from '../unitIndex.ts';
import { asFlat, flatBox, partStart, pointInFlatPolygon, ringStart } from './flatOutline.ts';

type Ring = number[][];
type Area = Feature<Polygon | MultiPolygon>;

/** The unit layers an outline is split over, and the Units field each one fills. */
const SPLIT_LAYERS = [
  ['minorWatersheds', 'minorWatershed'],
  ['majorWatersheds', 'majorWatershed'],
  ['bankServiceAreas', 'bankServiceArea'],
  ['counties', 'county'],
] as const;

/** Where an outline lies. */
export interface SitePolygonLocation {
  /** Per kind, the unit holding most of the area (what the ranking uses); absent when none holds any. */
  units: Units;
  /** Per kind, every unit holding part of the area, largest share first (shares of the whole outline). */
  areaShares: AreaShares;
  /** True when some unit of some kind holds less than all of it: the site straddles a boundary. */
  straddles: boolean;
  /** False when no county holds any of it. */
  inMinnesota: boolean;
}

/**
 * The origin of the current outline's sums: cross products of coordinates taken from a point near
 * the site keep their digits (lon −92 × lat 44 would cancel away the site's own few metres).
 */
let originX = 0;
let originY = 0;

/** Signed shoelace area of a ring (positive counter-clockwise), in squared degrees. */
function ringArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const p = ring[i] as number[];
    const q = ring[i + 1] as number[];
    sum +=
      ((p[0] as number) - originX) * ((q[1] as number) - originY) -
      ((q[0] as number) - originX) * ((p[1] as number) - originY);
  }
  return sum / 2;
}

/** ringArea of the flat positions [start, end), the same sums in the same order. */
function flatRingArea(xy: Float64Array, start: number, end: number): number {
  let sum = 0;
  for (let i = start; i < end - 1; i++)
    sum +=
      ((xy[2 * i] as number) - originX) * ((xy[2 * i + 3] as number) - originY) -
      ((xy[2 * i + 2] as number) - originX) * ((xy[2 * i + 1] as number) - originY);
  return sum / 2;
}

/** Rings of each polygon with the outer ring counter-clockwise and holes clockwise. */
function oriented(polygons: Ring[][]): Ring[][] {
  // Most outlines are written the right way round: then the arrays are the input's, uncopied.
  const wrong = (ring: Ring, index: number) => {
    const area = ringArea(ring);
    return index === 0 ? area < 0 : area > 0;
  };
  if (!polygons.some((rings) => rings.some(wrong))) return polygons;
  return polygons.map((rings) =>
    rings.map((ring, index) => (wrong(ring, index) ? [...ring].reverse() : ring)),
  );
}

const polygonsOf = (geometry: Polygon | MultiPolygon): Ring[][] =>
  (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as Ring[][];

/** Grid cell size of the edge index, in degrees (about 2 km). */
const CELL_DEGREES = 0.02;
/** Latitude bands per grid cell (about 280 m each). */
const BANDS = 8;

/** Every edge of a layer's polygons (outer rings counter-clockwise), filed in a uniform grid. */
class EdgeIndex {
  readonly x1: Float64Array;
  readonly y1: Float64Array;
  readonly x2: Float64Array;
  readonly y2: Float64Array;
  /** The polygon (index into `areas`) each edge bounds. */
  readonly unit: Uint32Array;
  /**
   * Grid: cell (column + row * columns), split into BANDS rows of its own, → the edges whose box
   * overlaps that band, in edge order, as offsets into `cellEdges` (CSR over cell * BANDS + band).
   * A lookup reads only the bands its box or ray meets, and meets the same edges in the same
   * order as over the whole cell: answers (and the order shares are summed in) do not change.
   */
  private columns = 0;
  private rows = 0;
  private west = 0;
  private south = 0;
  private readonly cell = CELL_DEGREES;
  private cellStart = new Uint32Array(1);
  private cellEdges = new Uint32Array(0);
  /** Per edge, the last query that returned it (so an edge in two cells is returned once). */
  private stamp = new Uint32Array(0);
  private query = 0;
  /** Each unit's oriented rings, for point tests. */
  readonly rings: Ring[][][];

  /** Units by id, for the county class of the largest. */
  readonly byId = new Map<string | number, Area>();

  constructor(readonly areas: Area[]) {
    originX = 0;
    originY = 0;
    this.rings = areas.map((area) => oriented(polygonsOf(area.geometry)));
    for (const area of areas) {
      const id = area.properties?.id;
      if ((typeof id === 'string' || typeof id === 'number') && !this.byId.has(id)) this.byId.set(id, area);
    }
    let count = 0;
    for (const polygons of this.rings)
      for (const rings of polygons) for (const ring of rings) count += Math.max(0, ring.length - 1);
    this.x1 = new Float64Array(count);
    this.y1 = new Float64Array(count);
    this.x2 = new Float64Array(count);
    this.y2 = new Float64Array(count);
    this.unit = new Uint32Array(count);
    let e = 0;
    this.rings.forEach((polygons, unit) => {
      for (const rings of polygons)
        for (const ring of rings)
          for (let i = 0; i < ring.length - 1; i++) {
            const p = ring[i] as number[];
            const q = ring[i + 1] as number[];
            const px = p[0] as number;
            const py = p[1] as number;
            const qx = q[0] as number;
            const qy = q[1] as number;
            this.x1[e] = px;
            this.y1[e] = py;
            this.x2[e] = qx;
            this.y2[e] = qy;
            this.unit[e] = unit;
            e++;
          }
    });
    this.fileEdges(count);
  }

  /** Files each edge in every grid cell its box overlaps (two counting passes). */
  private fileEdges(count: number): void {
    if (count === 0) return;
    let west = Number.POSITIVE_INFINITY;
    let south = Number.POSITIVE_INFINITY;
    let east = Number.NEGATIVE_INFINITY;
    let north = Number.NEGATIVE_INFINITY;
    for (let e = 0; e < count; e++) {
      west = Math.min(west, this.x1[e] as number);
      east = Math.max(east, this.x1[e] as number);
      south = Math.min(south, this.y1[e] as number);
      north = Math.max(north, this.y1[e] as number);
    }
    this.maxX = east;
    this.west = west;
    this.south = south;
    this.columns = Math.max(1, Math.ceil((east - west) / this.cell) + 1);
    this.rows = Math.max(1, Math.ceil((north - south) / this.cell) + 1);
    const columns = this.columns;
    const counts = new Uint32Array(columns * this.rows * BANDS + 1);
    const { x1, y1, x2, y2 } = this;
    // Each edge's cells, column and row ranges of its box; counted, then filed in edge order.
    for (let pass = 0; pass < 2; pass++) {
      const cellEdges = this.cellEdges;
      for (let e = 0; e < count; e++) {
        const ax = x1[e] as number;
        const bx = x2[e] as number;
        const ay = y1[e] as number;
        const by = y2[e] as number;
        const c0 = this.columnOf(Math.min(ax, bx));
        const c1 = this.columnOf(Math.max(ax, bx));
        const low = Math.min(ay, by);
        const high = Math.max(ay, by);
        const r0 = this.rowOf(low);
        const r1 = this.rowOf(high);
        for (let r = r0; r <= r1; r++) {
          const b0 = this.bandOf(low, r);
          const b1 = this.bandOf(high, r);
          for (let c = c0; c <= c1; c++)
            for (let b = b0; b <= b1; b++) {
              const slot = (c + r * columns) * BANDS + b;
              if (pass === 0) counts[slot + 1] = (counts[slot + 1] as number) + 1;
              else {
                cellEdges[counts[slot] as number] = e;
                counts[slot] = (counts[slot] as number) + 1;
              }
            }
        }
      }
      if (pass === 0) {
        for (let k = 1; k < counts.length; k++) counts[k] = (counts[k] as number) + (counts[k - 1] as number);
        this.cellStart = counts.slice();
        this.cellEdges = new Uint32Array(counts[counts.length - 1] as number);
      }
    }
    this.stamp = new Uint32Array(count);
  }

  private columnOf(x: number): number {
    return Math.min(this.columns - 1, Math.max(0, Math.floor((x - this.west) / this.cell)));
  }

  private rowOf(y: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.south) / this.cell)));
  }

  /** The band of row `row` that holds latitude y (clamped to the row): monotonic in y. */
  private bandOf(y: number, row: number): number {
    const within = Math.floor((y - (this.south + row * this.cell)) / (this.cell / BANDS));
    return Math.min(BANDS - 1, Math.max(0, within));
  }

  /** The last answer of `near` (its first `nearCount` entries); reused, so a query allocates nothing. */
  found = new Uint32Array(256);
  nearCount = 0;

  /** Edges whose box overlaps the box [west, south, east, north], each once: their count (in `found`). */
  near(west: number, south: number, east: number, north: number): number {
    this.nearCount = 0;
    if (this.cellEdges.length === 0) return 0;
    if (east < this.west || north < this.south) return 0;
    if (west > this.west + this.columns * this.cell || south > this.south + this.rows * this.cell) return 0;
    let found = this.found;
    let count = 0;
    const c0 = this.columnOf(west);
    const r0 = this.rowOf(south);
    const c1 = this.columnOf(east);
    const r1 = this.rowOf(north);
    const query = ++this.query;
    const { cellStart, cellEdges, stamp, x1: ax1, x2: ax2, y1: ay1, y2: ay2 } = this;
    for (let r = r0; r <= r1; r++) {
      // An edge whose box meets the query's meets it at a latitude in this row's part of the
      // query (three intervals meeting pairwise share a point), so it is filed in these bands.
      const b0 = this.bandOf(south, r);
      const b1 = this.bandOf(north, r);
      for (let c = c0; c <= c1; c++) {
        const cellFirst = count;
        const lastSlot = (c + r * this.columns) * BANDS + b1;
        for (let slot = lastSlot - b1 + b0; slot <= lastSlot; slot++) {
          const end = cellStart[slot + 1] as number;
          for (let k = cellStart[slot] as number; k < end; k++) {
            const e = cellEdges[k] as number;
            if (stamp[e] === query) continue;
            stamp[e] = query;
            const x1 = ax1[e] as number;
            const x2 = ax2[e] as number;
            const y1 = ay1[e] as number;
            const y2 = ay2[e] as number;
            if (
              Math.max(x1, x2) < west ||
              Math.min(x1, x2) > east ||
              Math.max(y1, y2) < south ||
              Math.min(y1, y2) > north
            )
              continue;
            if (count === found.length) {
              const next = new Uint32Array(found.length * 2);
              next.set(found);
              found = next;
              this.found = next;
            }
            found[count++] = e;
          }
        }
        // In edge order within the cell, as a walk over the whole cell found them.
        if (b1 > b0 && count - cellFirst > 1) found.subarray(cellFirst, count).sort();
      }
    }
    this.nearCount = count;
    return count;
  }

  /** Easternmost vertex of the layer: a ray past it meets nothing. */
  maxX = Number.NEGATIVE_INFINITY;

  /**
   * The unit (index into `areas`) holding the point, or -1: the first boundary an eastward ray
   * meets bounds it from inside if the edge runs north (interiors lie left of their edges, outer
   * rings counter-clockwise, holes clockwise). Shared edges come twice, one copy each way; the
   * ray is widened until it meets an edge or leaves the layer.
   */
  containing(x: number, y: number): number {
    if (this.cellEdges.length === 0) return -1;
    if (y < this.south || y > this.south + this.rows * this.cell || x > this.maxX) return -1;
    const row = Math.floor((y - this.south) / this.cell);
    let column = Math.max(0, Math.floor((x - this.west) / this.cell));
    let bestX = Number.POSITIVE_INFINITY;
    let unit = -1;
    // Only edges filed in the point's band can cross its latitude (y lies in [low, high) of the edge).
    const band = this.bandOf(y, row);
    const { cellStart, cellEdges, x1: ax1, x2: ax2, y1: ay1, y2: ay2, unit: units } = this;
    // Cells of the point's row, west to east, until a crossing lies within the cells seen: an
    // edge crossing further east is filed in a later cell, and one filed here but crossing
    // later is kept as a candidate.
    for (; column < this.columns; column++) {
      const slot = (column + row * this.columns) * BANDS + band;
      const end = cellStart[slot + 1] as number;
      for (let k = cellStart[slot] as number; k < end; k++) {
        const e = cellEdges[k] as number;
        const y1 = ay1[e] as number;
        const y2 = ay2[e] as number;
        if (y1 <= y === y2 <= y) continue;
        const x1 = ax1[e] as number;
        const cx = x1 + ((y - y1) * ((ax2[e] as number) - x1)) / (y2 - y1);
        if (cx < x) continue;
        const up = y2 > y1;
        if (cx < bestX - 1e-12) {
          bestX = cx;
          unit = up ? (units[e] as number) : -1;
        } else if (Math.abs(cx - bestX) <= 1e-12 && up) unit = units[e] as number;
      }
      if (bestX <= this.west + (column + 1) * this.cell) return unit;
    }
    return bestX === Number.POSITIVE_INFINITY ? -1 : unit;
  }
}

/** An outline flat, with its rings the right way round (see oriented). */
interface SiteRings {
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

/** ∮ (x dy − y dx) / 2 along p→q between parameters a and b. */
function piece(px: number, py: number, qx: number, qy: number, a: number, b: number): number {
  const ax = px - originX + (qx - px) * a;
  const ay = py - originY + (qy - py) * a;
  const bx = px - originX + (qx - px) * b;
  const by = py - originY + (qy - py) * b;
  return (ax * by - bx * ay) / 2;
}

/** One edge, and where other boundaries cross it (parameter along it, and the unit crossed). */
interface Segment {
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

function intersectionAreas(site: SiteRings, siteRings: Segment[][], edges: EdgeIndex): Map<number, number> {
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

/** The id a unit feature carries, typed as its Units field wants. */
function idOf(area: Area, field: (typeof SPLIT_LAYERS)[number][1]): string | number | null {
  const id = area.properties?.id;
  if (field === 'minorWatershed' || field === 'county') return typeof id === 'string' ? id : null;
  return typeof id === 'number' ? id : null;
}

/** Locates outlines over one UnitIndex; builds each layer's edge index once, on first need. */
export interface SiteLocator {
  locate(geometry: SiteGeometry): SitePolygonLocation;
}

/** A locator over the lookup layers held in `units` (counties, watersheds, bank service areas). */
export function createSiteLocator(units: UnitIndex): SiteLocator {
  const layers = SPLIT_LAYERS.map(([layer, field]) => {
    const index = units.layer(layer) ?? null;
    let edges: EdgeIndex | null = null;
    /** Per unit (index into the edge index's areas), its id as the Units field wants it. */
    let ids: (string | number | null)[] = [];
    return {
      field,
      index,
      edges: () => {
        if (!edges) {
          edges = new EdgeIndex(index ? index.overlapping([-180, -90, 180, 90]) : []);
          ids = edges.areas.map((area) => idOf(area, field));
        }
        return edges;
      },
      id: (unit: number) => ids[unit] ?? null,
    };
  });
  return {
    locate(geometry) {
      // Edge indexes first: building one resets the origin below.
      for (const layer of layers) if (layer.index) layer.edges();
      const site = orientedFlat(geometry);
      const { xy } = site;
      const [west, south, east, north] = flatBox(xy);
      const siteArea = site.area;
      const firstX = xy[0] as number;
      const firstY = xy[1] as number;
      const result: SitePolygonLocation = { units: {}, areaShares: {}, straddles: false, inMinnesota: false };
      let siteRings: Segment[][] | null = null;
      for (const layer of layers) {
        if (!layer.index) continue;
        const edges = layer.edges();
        let shares: { id: string | number; share: number }[];
        if (edges.near(west, south, east, north) === 0) {
          // No boundary of this layer inside the box: one unit holds all of it, or none does.
          const unit = edges.containing(firstX, firstY);
          const id = unit < 0 ? null : layer.id(unit);
          shares = id === null ? [] : [{ id, share: 1 }];
        } else {
          siteRings ??= segmentsOf(site);
          shares = [];
          for (const [unit, part] of intersectionAreas(site, siteRings, edges)) {
            const id = layer.id(unit);
            const share = Math.min(1, part / siteArea);
            if (id !== null && share > 1e-9) shares.push({ id, share });
          }
          shares.sort((x, y) => y.share - x.share || (x.id < y.id ? -1 : 1));
        }
        if (layer.field === 'county' && shares[0]) {
          const top = edges.byId.get(shares[0].id);
          if (top) setCountyClass(result.units, top);
        }
        const top = shares[0];
        if (!top) continue;
        (result.units as Record<string, unknown>)[layer.field] = top.id;
        result.areaShares[layer.field] = shares;
        if (shares.length > 1 || top.share < 0.999) result.straddles = true;
        if (layer.field === 'county') result.inMinnesota = true;
      }
      return result;
    },
  };
}

/**
 * The site's rings flat, outer rings counter-clockwise and holes clockwise (a reversed copy only
 * when some ring is the wrong way round), and its area (Σ ringArea, squared degrees). Sets the
 * origin of the sums to its first vertex.
 */
function orientedFlat(geometry: SiteGeometry): SiteRings & { area: number } {
  const flat = asFlat(geometry);
  const { ringEnds, partEnds } = flat;
  let { xy } = flat;
  originX = xy.length > 0 ? (xy[0] as number) : 0;
  originY = xy.length > 0 ? (xy[1] as number) : 0;
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
function segmentsOf(site: SiteRings): Segment[][] {
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

function setCountyClass(units: Units, county: Area): void {
  const areaClass = county.properties?.areaClass;
  if ((AREA_CLASSES as readonly unknown[]).includes(areaClass))
    units.countyAreaClass = areaClass as AreaClass;
}
