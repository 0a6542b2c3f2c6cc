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
import type { SiteGeometry } from '../../formats/geometry/siteGeometry.ts';
import { AREA_CLASSES, type AreaClass, type AreaShares, type Units } from '../../siting/index.ts';
import type { UnitIndex } from '../unitIndex.ts';
import { type Area, EdgeIndex } from './edgeIndex.ts';
import { flatBox } from './flatOutline.ts';
import { intersectionAreas, orientedFlat, type Segment, segmentsOf } from './intersectionAreas.ts';

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

function setCountyClass(units: Units, county: Area): void {
  const areaClass = county.properties?.areaClass;
  if ((AREA_CLASSES as readonly unknown[]).includes(areaClass))
    units.countyAreaClass = areaClass as AreaClass;
}
