import type { Geometry, Position } from 'geojson';

/** [minX, minY, maxX, maxY] of any geometry's coordinates. */
export function bboxOf(geometry: Geometry): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number') {
      const p = value as Position;
      if (p[0]! < box[0]) box[0] = p[0]!;
      if (p[1]! < box[1]) box[1] = p[1]!;
      if (p[0]! > box[2]) box[2] = p[0]!;
      if (p[1]! > box[3]) box[3] = p[1]!;
      return;
    }
    for (const item of value) visit(item);
  };
  if (geometry.type === 'GeometryCollection') for (const g of geometry.geometries) visit(bboxOf(g));
  else visit(geometry.coordinates);
  return box;
}
