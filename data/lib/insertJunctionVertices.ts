/**
 * Neighbours that share a border but not its vertices (a vertex of one lies on a segment of the
 * other: a T-junction) would be cut into different topology arcs and simplified apart, leaving
 * slivers in the overviews. insertJunctionVertices makes equal borders equal point sequences.
 */
import type { AreaFeature } from '../../src/formats/layers/layerTypes.ts';

type Ring = number[][];

/** Grid cells of 0.02 degrees, as one number: the cell's column and row, offset to be positive. */
const CELL = 0.02;
const cellKey = (cx: number, cy: number) => (cx + 2 ** 20) * 2 ** 21 + (cy + 2 ** 20);
/** What an empty cell reads as, shared: the segment loop asks for many cells that hold nothing. */
const NO_VERTICES: readonly number[] = [];

function ringsOf(feature: AreaFeature): Ring[] {
  return feature.geometry.type === 'Polygon'
    ? feature.geometry.coordinates
    : feature.geometry.coordinates.flat();
}

/**
 * Every distinct vertex of the layers once, by grid cell, in the order first met. Coordinates are
 * kept in two typed arrays and a cell holds indices into them: at the official size (millions of
 * vertices) a string key and a [x, y] array per vertex took about 0.7 GB, this about a quarter.
 */
function vertexCells(layers: readonly AreaFeature[][]) {
  let count = 0;
  for (const features of layers)
    for (const feature of features) for (const ring of ringsOf(feature)) count += ring.length;
  const xs = new Float64Array(count);
  const ys = new Float64Array(count);
  const cells = new Map<number, number[]>();
  let n = 0;
  for (const features of layers)
    for (const feature of features)
      for (const ring of ringsOf(feature))
        for (const point of ring) {
          const x = point[0] as number;
          const y = point[1] as number;
          xs[n] = x;
          ys[n] = y;
          const key = cellKey(Math.floor(x / CELL), Math.floor(y / CELL));
          const list = cells.get(key);
          if (list) list.push(n);
          else cells.set(key, [n]);
          n += 1;
        }
  // Within a cell, a vertex met again (the same x and y) is dropped; the first meeting stays in place.
  for (const [key, list] of cells) {
    if (list.length < 2) continue;
    const sorted = [...list].sort(
      (a, b) => (xs[a] as number) - (xs[b] as number) || (ys[a] as number) - (ys[b] as number) || a - b,
    );
    const repeated = new Set<number>();
    for (let k = 1; k < sorted.length; k++) {
      const a = sorted[k - 1] as number;
      const b = sorted[k] as number;
      if (xs[a] === xs[b] && ys[a] === ys[b]) repeated.add(b);
    }
    if (repeated.size > 0)
      cells.set(
        key,
        list.filter((index) => !repeated.has(index)),
      );
  }
  return { xs, ys, cells };
}

/**
 * Inserts into every segment the vertices of all layers that lie on it (exactly, up to 1e-12
 * degrees), so equal borders become equal point sequences before the topology is built.
 */
export function insertJunctionVertices(layers: readonly AreaFeature[][]): AreaFeature[][] {
  const { xs, ys, cells } = vertexCells(layers);
  // A ring is copied only from its first junction on: most rings have none, and a copy of every
  // ring was an array slot per vertex (about 50 MB at the official size) for nothing.
  const fixRing = (ring: Ring): Ring => {
    let out: Ring | null = null;
    for (let i = 0; i < ring.length - 1; i++) {
      const a = ring[i] as number[];
      const b = ring[i + 1] as number[];
      out?.push(a);
      const ax = a[0] as number;
      const ay = a[1] as number;
      const bx = b[0] as number;
      const by = b[1] as number;
      const dx = bx - ax;
      const dy = by - ay;
      const length2 = dx * dx + dy * dy;
      if (length2 === 0) continue;
      let found: [number, number][] | null = null;
      const x0 = Math.floor(Math.min(ax, bx) / CELL);
      const x1 = Math.floor(Math.max(ax, bx) / CELL);
      const y0 = Math.floor(Math.min(ay, by) / CELL);
      const y1 = Math.floor(Math.max(ay, by) / CELL);
      for (let cx = x0; cx <= x1; cx++)
        for (let cy = y0; cy <= y1; cy++)
          for (const index of cells.get(cellKey(cx, cy)) ?? NO_VERTICES) {
            const px = xs[index] as number;
            const py = ys[index] as number;
            const t = ((px - ax) * dx + (py - ay) * dy) / length2;
            if (t <= 0 || t >= 1) continue;
            const cross = (px - ax) * dy - (py - ay) * dx;
            if (Math.abs(cross) / Math.sqrt(length2) > 1e-12) continue;
            found ??= [];
            found.push([t, index]);
          }
      if (!found) continue;
      out ??= ring.slice(0, i + 1);
      found.sort((u, v) => u[0] - v[0]);
      for (const [, index] of found) out.push([xs[index] as number, ys[index] as number]);
    }
    if (!out) return ring;
    out.push(ring[ring.length - 1] as number[]);
    return out;
  };
  return layers.map((features) =>
    features.map((f) => ({
      ...f,
      geometry:
        f.geometry.type === 'Polygon'
          ? { type: 'Polygon', coordinates: f.geometry.coordinates.map(fixRing) }
          : { type: 'MultiPolygon', coordinates: f.geometry.coordinates.map((p) => p.map(fixRing)) },
    })),
  );
}
