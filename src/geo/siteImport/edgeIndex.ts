/**
 * Every edge of a layer's polygons (outer rings counter-clockwise), filed in a uniform grid of
 * latitude-banded cells: which unit edges come near a site's box, and which unit holds a point,
 * for the site locator (locateSitePolygon.ts).
 */
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { type Ring, ringArea, setSumOrigin } from './greenSums.ts';

/** A unit polygon of a lookup layer. */
export type Area = Feature<Polygon | MultiPolygon>;

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
export class EdgeIndex {
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
    setSumOrigin(0, 0);
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
