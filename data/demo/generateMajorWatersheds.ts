import voronoi from '@turf/voronoi';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import type { AreaFeature } from '../../src/formats/layers/layerTypes.ts';
import { intersectAreas } from '../lib/clipPolygons.ts';
import { DEMO_MAJORS } from './demoMajorTable.ts';
import { densifyRing } from './densifyRing.ts';
import { LONGITUDE_SCALE } from './displacementField.ts';

/** Largest displacement the field can produce, with room to spare (degrees). */
export const CELL_MARGIN = 0.2;

/**
 * Voronoi cells of seed points, computed in a locally isotropic plane (longitude scaled by
 * cos 46.3°) so the cells are not stretched east-west, then densified and displaced.
 * @returns one ring per seed (undefined where d3 gave no cell), in lon/lat
 */
export function displacedVoronoiRings(
  seeds: Position[],
  bbox: [number, number, number, number],
  step: number,
  displace: (point: Position) => Position,
): (Position[] | undefined)[] {
  const points = {
    type: 'FeatureCollection' as const,
    features: seeds.map((seed) => ({
      type: 'Feature' as const,
      properties: {},
      geometry: { type: 'Point' as const, coordinates: [seed[0]! * LONGITUDE_SCALE, seed[1]!] },
    })),
  };
  const planarBbox: [number, number, number, number] = [
    (bbox[0] - CELL_MARGIN) * LONGITUDE_SCALE,
    bbox[1] - CELL_MARGIN,
    (bbox[2] + CELL_MARGIN) * LONGITUDE_SCALE,
    bbox[3] + CELL_MARGIN,
  ];
  const cells = voronoi(points, { bbox: planarBbox });
  return seeds.map((_, index) => {
    const cell = cells.features[index];
    if (!cell?.geometry) return undefined;
    const ring = cell.geometry.coordinates[0]!.map((p) => [p[0]! / LONGITUDE_SCALE, p[1]!]);
    return densifyRing(ring, step).map(displace);
  });
}

/**
 * 81 demonstration major watersheds: displaced Voronoi cells of seeds placed near the real
 * majors, clipped to the real state outline (which is kept exactly).
 */
export function generateMajorWatersheds(
  state: Polygon | MultiPolygon,
  bbox: [number, number, number, number],
  step: number,
  displace: (point: Position) => Position,
  names: ReadonlyMap<number, string> | null = null,
): AreaFeature[] {
  const rings = displacedVoronoiRings(
    DEMO_MAJORS.map((major) => major.seed),
    bbox,
    step,
    displace,
  );
  return DEMO_MAJORS.map((major, index) => {
    const ring = rings[index];
    if (!ring) throw new Error(`demonstration major ${major.id}: no Voronoi cell for its seed`);
    const clipped = intersectAreas({ type: 'Polygon', coordinates: [ring] }, state);
    if (!clipped) throw new Error(`demonstration major ${major.id}: its cell lies outside the state`);
    return {
      type: 'Feature',
      properties: {
        id: major.id,
        // The real major's name (its outline is still invented: `demonstration: true`).
        name: names?.get(major.id) ?? `Demonstration major ${major.id}`,
        huc8: major.huc8,
        basin: major.basin,
        demonstration: true,
      },
      geometry: clipped,
    };
  });
}
