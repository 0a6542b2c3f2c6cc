/**
 * One label point per county, for the map's county names. Labelling the polygons themselves
 * puts a name in every map tile a county touches (four "Olmsted" around Rochester at zoom 10);
 * a point per county is named once. The point is the pole of inaccessibility of the county's
 * largest part (polylabel), so a name sits inside an L-shaped county, never on its edge. Pure.
 */
import type { Feature, FeatureCollection, Point, Position } from 'geojson';
import polylabel from 'polylabel';

/** About 100 m: finer than a label can be placed at the zooms the names show. */
const PRECISION_DEGREES = 0.001;

/** Planar area of a polygon's outer ring (for choosing the largest part; units do not matter). */
function ringArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    sum += (xj - xi) * (yj + yi);
  }
  return Math.abs(sum / 2);
}

export function countyLabelPoints(counties: FeatureCollection | undefined): FeatureCollection<Point> {
  const features: Feature<Point>[] = [];
  for (const county of counties?.features ?? []) {
    const geometry = county.geometry;
    const parts =
      geometry?.type === 'Polygon'
        ? [geometry.coordinates]
        : geometry?.type === 'MultiPolygon'
          ? geometry.coordinates
          : [];
    let largest: Position[][] | undefined;
    for (const part of parts)
      if (part[0] && (!largest?.[0] || ringArea(part[0]) > ringArea(largest[0]))) largest = part;
    if (!largest) continue;
    const [lon, lat] = polylabel(largest, PRECISION_DEGREES);
    const { id, name } = county.properties ?? {};
    features.push({
      type: 'Feature',
      properties: { id, name },
      geometry: { type: 'Point', coordinates: [lon, lat] },
    });
  }
  return { type: 'FeatureCollection', features };
}
