/**
 * The area of a drawn impact polygon, in acres and square feet, and — when it crosses unit
 * boundaries — the area in each unit (a replacement plan reports impacts by unit).
 */
import area from '@turf/area';
import pointOnFeature from '@turf/point-on-feature';
import type { MultiPolygon, Polygon } from 'geojson';
import polygonClipping, { type Geom } from 'polygon-clipping';
import type { PolygonLayerIndex } from '../../geo/polygonLayerIndex';
import { closeRing } from './closeRing';

export const SQUARE_METRES_PER_ACRE = 4046.8564224;
export const SQUARE_FEET_PER_SQUARE_METRE = 10.763910417;

export interface UnitShare {
  id: string;
  name: string;
  acres: number;
  /** A point inside this unit's part of the polygon (on its surface, never on a boundary). */
  pointInside: [number, number];
}

export interface LayerShares {
  layer: string;
  shares: UnitShare[];
}

export interface ImpactArea {
  acres: number;
  squareFeet: number;
  /** Per layer, the units the polygon overlaps; only layers it actually crosses (2+ units). */
  crossings: LayerShares[];
  /**
   * Where the ranking places the impact: inside the part of the polygon in the first layer's
   * unit holding most of its area (minor watersheds nest in majors and BSAs, so that point
   * names one unit of each). Null when no layer could split it.
   */
  rankingPoint: { point: [number, number]; layer: string; unit: UnitShare; share: number } | null;
}

const acresOf = (geometry: Polygon | MultiPolygon) => area(geometry) / SQUARE_METRES_PER_ACRE;

/** Measures the polygon and splits it over the given layers. */
/** A layer to split a drawn impact over: its title, its polygons and how to name a unit. */
export interface SplitLayer {
  title: string;
  index: PolygonLayerIndex | undefined;
  label: (properties: Record<string, unknown>) => { id: string; name: string };
}

export function measureImpactArea(
  ring: readonly [number, number][],
  layers: readonly SplitLayer[],
): ImpactArea {
  const closed = closeRing(ring);
  const polygon: Polygon = { type: 'Polygon', coordinates: [closed] };
  const squareMetres = area(polygon);
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon, lat] of closed) {
    box[0] = Math.min(box[0], lon);
    box[1] = Math.min(box[1], lat);
    box[2] = Math.max(box[2], lon);
    box[3] = Math.max(box[3], lat);
  }
  const crossings: LayerShares[] = [];
  let rankingPoint: ImpactArea['rankingPoint'] = null;
  const total = squareMetres / SQUARE_METRES_PER_ACRE;
  for (const layer of layers) {
    if (!layer.index) continue;
    const shares: UnitShare[] = [];
    for (const feature of layer.index.overlapping(box)) {
      let pieces: ReturnType<typeof polygonClipping.intersection>;
      try {
        pieces = polygonClipping.intersection(
          polygon.coordinates as Geom,
          feature.geometry.coordinates as Geom,
        );
      } catch {
        // A self-intersecting drawing cannot be split; the total area above still stands.
        continue;
      }
      if (pieces.length === 0) continue;
      const piece: MultiPolygon = { type: 'MultiPolygon', coordinates: pieces };
      const acres = acresOf(piece);
      if (acres <= 0) continue;
      const [lon = 0, lat = 0] = pointOnFeature(piece).geometry.coordinates;
      shares.push({ ...layer.label(feature.properties ?? {}), acres, pointInside: [lon, lat] });
    }
    const largest = [...shares].sort((a, b) => b.acres - a.acres)[0];
    if (!rankingPoint && largest)
      rankingPoint = {
        point: largest.pointInside,
        layer: layer.title,
        unit: largest,
        share: largest.acres / total,
      };
    if (shares.length > 1)
      crossings.push({ layer: layer.title, shares: shares.sort((a, b) => b.acres - a.acres) });
  }
  return {
    acres: total,
    squareFeet: squareMetres * SQUARE_FEET_PER_SQUARE_METRE,
    crossings,
    rankingPoint,
  };
}
