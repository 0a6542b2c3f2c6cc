import type { Position } from 'geojson';
import { bboxOf } from '../../src/formats/geometry/bboxOf.ts';
import { polygonParts } from '../../src/formats/geometry/polygonParts.ts';
import { pointInPolygons, signedArea2 } from '../../src/formats/geometry/ringGeometry.ts';
import type { AreaFeature } from '../../src/formats/layers/layerTypes.ts';
import { intersectAreas } from '../lib/clipPolygons.ts';
import { createRandom } from '../lib/createRandom.ts';
import { LONGITUDE_SCALE } from './displacementField.ts';
import { displacedVoronoiRings } from './generateMajorWatersheds.ts';

type Box = [number, number, number, number];

function planarArea(parts: Position[][][]): number {
  let total = 0;
  for (const rings of parts) {
    rings.forEach((ring, i) => {
      const a = Math.abs(signedArea2(ring)) / 2;
      total += i === 0 ? a : -a;
    });
  }
  return total * LONGITUDE_SCALE;
}

/**
 * Mitchell's best-candidate sampling: evenly spread seeds inside the major, so minors have
 * similar sizes the way Level 07 catchments do.
 */
function spreadSeeds(parts: Position[][][], box: Box, count: number, random: () => number): Position[] {
  const seeds: Position[] = [];
  const candidatesPerSeed = 12;
  let guard = 0;
  while (seeds.length < count && guard < count * 400) {
    let best: Position | undefined;
    let bestDistance = -1;
    for (let c = 0; c < candidatesPerSeed; c++) {
      guard++;
      const x = box[0] + random() * (box[2] - box[0]);
      const y = box[1] + random() * (box[3] - box[1]);
      if (!pointInPolygons(x, y, parts)) continue;
      let nearest = Infinity;
      for (const s of seeds) {
        const d = ((s[0]! - x) * LONGITUDE_SCALE) ** 2 + (s[1]! - y) ** 2;
        if (d < nearest) nearest = d;
      }
      if (nearest > bestDistance) {
        bestDistance = nearest;
        best = [x, y];
      }
    }
    if (best) seeds.push(best);
  }
  return seeds;
}

function segmentBoxes(parts: Position[][][]): Box[] {
  const boxes: Box[] = [];
  for (const rings of parts)
    for (const ring of rings)
      for (let i = 0; i < ring.length - 1; i++) {
        const a = ring[i]!;
        const b = ring[i + 1]!;
        boxes.push([
          Math.min(a[0]!, b[0]!),
          Math.min(a[1]!, b[1]!),
          Math.max(a[0]!, b[0]!),
          Math.max(a[1]!, b[1]!),
        ]);
      }
  return boxes;
}

function ringBox(ring: Position[]): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of ring) {
    box[0] = Math.min(box[0], p[0]!);
    box[1] = Math.min(box[1], p[1]!);
    box[2] = Math.max(box[2], p[0]!);
    box[3] = Math.max(box[3], p[1]!);
  }
  return box;
}

const overlaps = (a: Box, b: Box): boolean => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/**
 * About `target` demonstration minor watersheds, nested in the majors: each major gets a share
 * proportional to its area, cut into displaced Voronoi cells and clipped to the major, so every
 * minor lies wholly inside its major and the minors tile it. Ids follow the DNR convention:
 * five digits, the first two the major's number.
 */
export function generateMinorWatersheds(
  majors: AreaFeature[],
  target: number,
  step: number,
  displace: (point: Position) => Position,
  seed: number,
): AreaFeature[] {
  const random = createRandom(seed);
  const areas = majors.map((major) => planarArea(polygonParts(major.geometry)));
  const totalArea = areas.reduce((a, b) => a + b, 0);
  const minors: AreaFeature[] = [];
  majors.forEach((major, index) => {
    const majorId = Number(major.properties.id);
    const parts = polygonParts(major.geometry);
    const box = bboxOf(major.geometry);
    const count = Math.max(3, Math.round((target * areas[index]!) / totalArea));
    const seeds = spreadSeeds(parts, box, count, random);
    const rings = displacedVoronoiRings(seeds, box, step, displace);
    const boundary = segmentBoxes(parts);
    const cells: { seed: Position; geometry: AreaFeature['geometry'] }[] = [];
    seeds.forEach((seedPoint, i) => {
      const ring = rings[i];
      if (!ring) return;
      const cellBox = ringBox(ring);
      const crossesBoundary = boundary.some((segment) => overlaps(segment, cellBox));
      if (!crossesBoundary) {
        // Wholly inside or wholly outside the major: one vertex decides.
        if (pointInPolygons(ring[0]![0]!, ring[0]![1]!, parts))
          cells.push({ seed: seedPoint, geometry: { type: 'Polygon', coordinates: [ring] } });
        return;
      }
      const clipped = intersectAreas({ type: 'Polygon', coordinates: [ring] }, major.geometry);
      if (clipped) cells.push({ seed: seedPoint, geometry: clipped });
    });
    // Number north to south, then west to east, like reading a map.
    cells.sort((a, b) => b.seed[1]! - a.seed[1]! || a.seed[0]! - b.seed[0]!);
    cells.forEach((cell, i) => {
      const id = `${String(majorId).padStart(2, '0')}${String(i + 1).padStart(3, '0')}`;
      minors.push({
        type: 'Feature',
        properties: { id, name: `Demonstration minor ${id}`, majorWatershed: majorId, demonstration: true },
        geometry: cell.geometry,
      });
    });
  });
  return minors;
}
