/**
 * Locates a candidate site's outline by its area: for each kind of unit (minor and major
 * watershed, bank service area, county) the units holding it and the share of its area in each,
 * from the full-resolution layers the point lookup uses (UnitIndex). The site is ranked by the
 * unit of each kind holding most of its area, as a drawn impact is (src/ui/location/impactArea.ts).
 *
 * Fast path: when no boundary edge of a layer comes inside the site's bounding box, the site lies
 * wholly in one unit (or in none), found with one point lookup; nothing is clipped. Otherwise the
 * shares are the exact planar areas of site ∩ unit, from Green's theorem over the two boundaries
 * near the site only (the unit edges in the box, from an R-tree of every edge of the layer): the
 * area of an intersection is the sum of ∮ x dy over the site's boundary inside the unit and the
 * unit's boundary inside the site. Shares are ratios of areas measured the same way, so the
 * lon/lat plane serves (its scale cancels); they are accurate to the layer's own resolution.
 */
import Flatbush from 'flatbush';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import pointInPolygon from 'point-in-polygon-hao';
import { AREA_CLASSES, type AreaClass, type AreaShares, type Units } from '../../siting/index.ts';
import type { SiteGeometry } from '../../store/inputs.ts';
import type { PolygonLayerIndex } from '../polygonLayerIndex.ts';
import type { UnitIndex } from '../unitIndex.ts';

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

/** Rings of each polygon with the outer ring counter-clockwise and holes clockwise. */
function oriented(polygons: Ring[][]): Ring[][] {
  return polygons.map((rings) =>
    rings.map((ring, index) => {
      const area = ringArea(ring);
      return (index === 0 ? area < 0 : area > 0) ? [...ring].reverse() : ring;
    }),
  );
}

const polygonsOf = (geometry: Polygon | MultiPolygon | SiteGeometry): Ring[][] =>
  (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as Ring[][];

/** Every edge of a layer's polygons (outer rings counter-clockwise), behind an R-tree. */
class EdgeIndex {
  readonly x1: Float64Array;
  readonly y1: Float64Array;
  readonly x2: Float64Array;
  readonly y2: Float64Array;
  /** The polygon (index into `areas`) each edge bounds. */
  readonly unit: Uint32Array;
  readonly tree: Flatbush | null;
  /** Each unit's oriented rings, for point tests. */
  readonly rings: Ring[][][];

  readonly position = new Map<Area, number>();

  constructor(readonly areas: Area[]) {
    originX = 0;
    originY = 0;
    this.rings = areas.map((area) => oriented(polygonsOf(area.geometry)));
    areas.forEach((area, index) => {
      this.position.set(area, index);
    });
    let count = 0;
    for (const polygons of this.rings)
      for (const rings of polygons) for (const ring of rings) count += Math.max(0, ring.length - 1);
    this.x1 = new Float64Array(count);
    this.y1 = new Float64Array(count);
    this.x2 = new Float64Array(count);
    this.y2 = new Float64Array(count);
    this.unit = new Uint32Array(count);
    this.tree = count > 0 ? new Flatbush(count) : null;
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
            this.tree?.add(Math.min(px, qx), Math.min(py, qy), Math.max(px, qx), Math.max(py, qy));
            e++;
          }
    });
    this.tree?.finish();
  }
}

/** Is the point inside the polygons (holes excluded)? Boundary counts as inside. */
function inside(point: readonly [number, number], polygons: Ring[][]): boolean {
  for (const rings of polygons) if (pointInPolygon(point as [number, number], rings) !== false) return true;
  return false;
}

/** The parameters (0..1) along p→q where it crosses r→s, pushed onto the two lists. */
function crossing(
  px: number,
  py: number,
  qx: number,
  qy: number,
  rx: number,
  ry: number,
  sx: number,
  sy: number,
): [number, number] | null {
  const dx = qx - px;
  const dy = qy - py;
  const ex = sx - rx;
  const ey = sy - ry;
  const denominator = dx * ey - dy * ex;
  if (denominator === 0) return null; // parallel (a shared collinear piece adds no crossing)
  const t = ((rx - px) * ey - (ry - py) * ex) / denominator;
  const u = ((rx - px) * dy - (ry - py) * dx) / denominator;
  if (t < 0 || t > 1 || u < 0 || u > 1) return null;
  return [t, u];
}

/** ∮ (x dy − y dx) / 2 along p→q between parameters a and b. */
function piece(px: number, py: number, qx: number, qy: number, a: number, b: number): number {
  const ax = px - originX + (qx - px) * a;
  const ay = py - originY + (qy - py) * a;
  const bx = px - originX + (qx - px) * b;
  const by = py - originY + (qy - py) * b;
  return (ax * by - bx * ay) / 2;
}

/** One edge and where other boundaries cross it. */
interface Segment {
  px: number;
  py: number;
  qx: number;
  qy: number;
  cuts: number[];
}

/**
 * Area of site ∩ unit (squared degrees): the site's boundary inside the unit plus the unit's
 * boundary (its edges in the site's box) inside the site, each piece judged by its midpoint.
 */
function intersectionArea(
  site: Ring[][],
  siteSegments: Segment[],
  unitPolygons: Ring[][],
  unitEdges: number[],
  edges: EdgeIndex,
): number {
  for (const segment of siteSegments) segment.cuts.length = 0;
  const unitSegments: Segment[] = unitEdges.map((e) => ({
    px: edges.x1[e] as number,
    py: edges.y1[e] as number,
    qx: edges.x2[e] as number,
    qy: edges.y2[e] as number,
    cuts: [],
  }));
  for (const a of siteSegments)
    for (const b of unitSegments) {
      const hit = crossing(a.px, a.py, a.qx, a.qy, b.px, b.py, b.qx, b.qy);
      if (hit) {
        a.cuts.push(hit[0]);
        b.cuts.push(hit[1]);
      }
    }
  let area = 0;
  const add = (segment: Segment, within: (x: number, y: number) => boolean) => {
    const cuts = segment.cuts.length === 0 ? [0, 1] : [0, ...segment.cuts.sort((x, y) => x - y), 1];
    for (let k = 0; k + 1 < cuts.length; k++) {
      const a = cuts[k] as number;
      const b = cuts[k + 1] as number;
      if (b - a <= 0) continue;
      const middle = (a + b) / 2;
      if (
        within(
          segment.px + (segment.qx - segment.px) * middle,
          segment.py + (segment.qy - segment.py) * middle,
        )
      )
        area += piece(segment.px, segment.py, segment.qx, segment.qy, a, b);
    }
  };
  for (const segment of siteSegments) add(segment, (x, y) => inside([x, y], unitPolygons));
  for (const segment of unitSegments) add(segment, (x, y) => inside([x, y], site));
  return area;
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
    return {
      field,
      index,
      edges: () => {
        edges ??= new EdgeIndex(index ? index.overlapping([-180, -90, 180, 90]) : []);
        return edges;
      },
    };
  });
  return {
    locate(geometry) {
      // Edge indexes first: building one resets the origin below.
      for (const layer of layers) if (layer.index) layer.edges();
      const raw = polygonsOf(geometry);
      originX = (raw[0]?.[0]?.[0]?.[0] as number) ?? 0;
      originY = (raw[0]?.[0]?.[0]?.[1] as number) ?? 0;
      const site = oriented(raw);
      let west = Number.POSITIVE_INFINITY;
      let south = Number.POSITIVE_INFINITY;
      let east = Number.NEGATIVE_INFINITY;
      let north = Number.NEGATIVE_INFINITY;
      let siteArea = 0;
      for (const rings of site)
        for (const ring of rings) {
          siteArea += ringArea(ring);
          for (const [x = 0, y = 0] of ring) {
            if (x < west) west = x;
            if (x > east) east = x;
            if (y < south) south = y;
            if (y > north) north = y;
          }
        }
      const first = site[0]?.[0]?.[0] as [number, number];
      const result: SitePolygonLocation = { units: {}, areaShares: {}, straddles: false, inMinnesota: false };
      let siteSegments: Segment[] | null = null;
      for (const layer of layers) {
        if (!layer.index) continue;
        const edges = layer.edges();
        const near = edges.tree ? edges.tree.search(west, south, east, north) : [];
        let shares: { id: string | number; share: number }[];
        if (near.length === 0) {
          // No boundary of this layer inside the box: one unit holds all of it, or none does.
          const hit = (layer.index as PolygonLayerIndex).find(first);
          const id = hit ? idOf(hit.feature as Area, layer.field) : null;
          shares = id === null ? [] : [{ id, share: 1 }];
          if (hit && layer.field === 'county') setCountyClass(result.units, hit.feature as Area);
        } else {
          siteSegments ??= site.flatMap((rings) =>
            rings.flatMap((ring) =>
              ring.slice(0, -1).map((p, i) => ({
                px: p[0] as number,
                py: p[1] as number,
                qx: (ring[i + 1] as number[])[0] as number,
                qy: (ring[i + 1] as number[])[1] as number,
                cuts: [] as number[],
              })),
            ),
          );
          const byUnit = new Map<number, number[]>();
          for (const e of near) {
            const unit = edges.unit[e] as number;
            const list = byUnit.get(unit);
            if (list) list.push(e);
            else byUnit.set(unit, [e]);
          }
          // A unit holding the site with no edge in its box is found by the point lookup.
          const around = (layer.index as PolygonLayerIndex).find(first);
          if (around) {
            const unit = edges.position.get(around.feature as Area);
            if (unit !== undefined && !byUnit.has(unit)) byUnit.set(unit, []);
          }
          shares = [];
          for (const [unit, unitEdges] of byUnit) {
            const area = edges.areas[unit] as Area;
            const id = idOf(area, layer.field);
            if (id === null) continue;
            const part = intersectionArea(
              site,
              siteSegments,
              edges.rings[unit] as Ring[][],
              unitEdges,
              edges,
            );
            const share = Math.min(1, part / siteArea);
            if (share > 1e-9) shares.push({ id, share });
          }
          shares.sort((a, b) => b.share - a.share || (a.id < b.id ? -1 : 1));
          if (layer.field === 'county' && shares[0]) {
            const top = edges.areas.find((area) => idOf(area, 'county') === shares[0]?.id);
            if (top) setCountyClass(result.units, top);
          }
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

function setCountyClass(units: Units, county: Area): void {
  const areaClass = county.properties?.areaClass;
  if ((AREA_CLASSES as readonly unknown[]).includes(areaClass))
    units.countyAreaClass = areaClass as AreaClass;
}
