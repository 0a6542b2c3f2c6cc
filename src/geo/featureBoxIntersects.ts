import type { Feature, Position } from 'geojson';
import type { Rect } from './featureSource.ts';

function positionsOf(feature: Feature): Position[] {
  const geometry = feature.geometry;
  if (!geometry) return [];
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'MultiPoint':
    case 'LineString':
      return geometry.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates.flat();
    case 'MultiPolygon':
      return geometry.coordinates.flat(2);
    case 'GeometryCollection':
      return geometry.geometries.flatMap((part) =>
        positionsOf({ type: 'Feature', properties: null, geometry: part }),
      );
  }
}

/** Whether a feature's bounding box meets `rect` (the test an R-tree search makes). */
export function featureBoxIntersects(feature: Feature, rect: Rect): boolean {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [x = Number.NaN, y = Number.NaN] of positionsOf(feature)) {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return minX <= rect.maxX && maxX >= rect.minX && minY <= rect.maxY && maxY >= rect.minY;
}
