import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { buildOverviews } from '../../../data/lib/buildOverviews.ts';
import type { AreaFeature } from '../../../src/formats/layers/layerTypes.ts';

/** A wiggly, densely sampled edge from a to b: both neighbours get exactly these points. */
function edge(a: Position, b: Position, interior: boolean): Position[] {
  const points: Position[] = [];
  const n = 200;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const bump = interior ? 0.08 * Math.sin(t * Math.PI * 3) * Math.sin(t * Math.PI) : 0;
    const x = (a[0] as number) + ((b[0] as number) - (a[0] as number)) * t;
    const y = (a[1] as number) + ((b[1] as number) - (a[1] as number)) * t;
    // Displace perpendicular to the edge (edges are axis-parallel here).
    points.push((a[0] as number) === (b[0] as number) ? [x + bump, y] : [x, y + bump]);
  }
  return points;
}

/** An n×n grid of cells over [0,n]², neighbours sharing identical wiggly edges. */
function grid(n: number): AreaFeature[] {
  const features: AreaFeature[] = [];
  const onBorder = (a: Position, b: Position) =>
    (a[0] === b[0] && (a[0] === 0 || a[0] === n)) || (a[1] === b[1] && (a[1] === 0 || a[1] === n));
  // Each edge is generated once in canonical direction and reversed for the other side.
  const side = (a: Position, b: Position): Position[] => {
    const forward =
      (a[0] as number) < (b[0] as number) || (a[0] === b[0] && (a[1] as number) < (b[1] as number));
    const points = forward ? edge(a, b, !onBorder(a, b)) : edge(b, a, !onBorder(a, b)).reverse();
    return points.slice(0, -1);
  };
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const corners: Position[] = [
        [i, j],
        [i + 1, j],
        [i + 1, j + 1],
        [i, j + 1],
      ];
      const ring: Position[] = [];
      for (let k = 0; k < 4; k++)
        ring.push(...side(corners[k] as Position, corners[(k + 1) % 4] as Position));
      ring.push(ring[0] as Position);
      features.push({
        type: 'Feature',
        properties: { id: `${i}-${j}`, name: `Cell ${i}-${j}` },
        geometry: { type: 'Polygon', coordinates: [ring] },
      });
    }
  return features;
}

function decode(text: string): FeatureCollection<Polygon | MultiPolygon> {
  const topology = JSON.parse(text) as Topology;
  return feature(topology, topology.objects.layer as GeometryCollection) as FeatureCollection<
    Polygon | MultiPolygon
  >;
}

function ringsOf(f: Feature<Polygon | MultiPolygon>): Position[][] {
  return f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.coordinates.flat();
}

function ringArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x1 = 0, y1 = 0] = ring[i] as Position;
    const [x2 = 0, y2 = 0] = ring[i + 1] as Position;
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

/**
 * Where neighbouring polygons do not share their edges: segments (undirected) drawn by more than
 * two polygons, and segments drawn by one polygon that do not lie on the layer's outline
 * `onOutline`. Zero defects and areas adding up to the outline's area mean no gaps, no overlaps.
 */
function edgeDefects(
  fc: FeatureCollection<Polygon | MultiPolygon>,
  onOutline: (a: Position, b: Position) => boolean,
) {
  const uses = new Map<string, { count: number; a: Position; b: Position }>();
  for (const f of fc.features)
    for (const ring of ringsOf(f))
      for (let i = 0; i < ring.length - 1; i++) {
        const a = ring[i] as Position;
        const b = ring[i + 1] as Position;
        const ka = a.join(',');
        const kb = b.join(',');
        if (ka === kb) continue;
        const key = ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
        const use = uses.get(key) ?? { count: 0, a, b };
        use.count++;
        uses.set(key, use);
      }
  let overused = 0;
  let loose = 0;
  for (const use of uses.values()) {
    if (use.count > 2) overused++;
    if (use.count === 1 && !onOutline(use.a, use.b)) loose++;
  }
  const area = fc.features.reduce(
    (sum, f) => sum + ringsOf(f).reduce((s, r) => s + Math.abs(ringArea(r)), 0),
    0,
  );
  return { overused, loose, area };
}

const N = 4;
const onSquare = (a: Position, b: Position) =>
  (a[0] === b[0] && (a[0] === 0 || a[0] === N)) || (a[1] === b[1] && (a[1] === 0 || a[1] === N));
// Visvalingam areas here are in grid units²; this threshold keeps a few percent of the vertices.
const MIN_AREA = 1e-4;

describe('buildOverviews', () => {
  it('simplifies the topology: neighbouring overview polygons keep identical edges, no gaps or overlaps', () => {
    const cells = grid(N);
    const fullVertices = cells.reduce((n, f) => n + ringsOf(f).reduce((m, r) => m + r.length, 0), 0);
    const overview = buildOverviews(new Map([['cells', cells]]), MIN_AREA, 1e5).get('cells');
    expect(overview).toBeDefined();
    const fc = decode(overview?.text ?? '');
    expect(fc.features).toHaveLength(N * N);
    expect(fc.features.map((f) => f.properties?.id)).toEqual(cells.map((f) => f.properties.id));
    expect(overview?.vertices).toBeLessThan(fullVertices / 5);
    const defects = edgeDefects(fc, onSquare);
    expect(defects.overused).toBe(0);
    expect(defects.loose).toBe(0);
    expect(defects.area).toBeCloseTo(N * N, 9);
  });

  it('inserts a neighbour vertex missing from a shared edge (a T-junction) before simplifying', () => {
    // L = left half of [0,2]², its right edge wiggly; the right half is cut in two (RB, RT) at J,
    // the midpoint of one of L's segments: J is a vertex of RB and RT but not of L (as where a
    // minor watershed's edge meets its major's border in the demonstration geography).
    const wiggle = edge([1, 0], [1, 2], true);
    const k = 100;
    const a = wiggle[k] as Position;
    const b = wiggle[k + 1] as Position;
    const j: Position = [
      ((a[0] as number) + (b[0] as number)) / 2,
      ((a[1] as number) + (b[1] as number)) / 2,
    ];
    const lower = [...wiggle.slice(0, k + 1), j];
    const upper = [j, ...wiggle.slice(k + 1)];
    const polygon = (id: string, ring: Position[]): AreaFeature => ({
      type: 'Feature',
      properties: { id },
      geometry: { type: 'Polygon', coordinates: [[...ring, ring[0] as Position]] },
    });
    const cells = [
      polygon('L', [[0, 0], ...wiggle, [0, 2]]),
      polygon('RB', [...lower, [2, j[1] as number], [2, 0]].reverse()),
      polygon('RT', [...upper, [2, 2], [2, j[1] as number]].reverse()),
    ];
    const square = (p: Position, q: Position) =>
      (p[0] === q[0] && (p[0] === 0 || p[0] === 2)) || (p[1] === q[1] && (p[1] === 0 || p[1] === 2));
    const fc = decode(buildOverviews(new Map([['cells', cells]]), MIN_AREA, 1e5).get('cells')?.text ?? '');
    const defects = edgeDefects(fc, square);
    expect(defects).toMatchObject({ overused: 0, loose: 0 });
    expect(defects.area).toBeCloseTo(4, 9);
  });

  it('the check fails for polygons simplified one by one (the approach the topology avoids)', () => {
    const cells = grid(N);
    const alone = cells.map(
      (cell) =>
        decode(buildOverviews(new Map([['one', [cell]]]), MIN_AREA, 1e5).get('one')?.text ?? '').features[0],
    );
    const defects = edgeDefects(
      { type: 'FeatureCollection', features: alone as Feature<Polygon>[] },
      onSquare,
    );
    expect(defects.loose).toBeGreaterThan(0);
  });

  it('keeps only the properties the map and search read; names only for layers under 1,000 features', () => {
    const fc = decode(buildOverviews(new Map([['cells', grid(2)]]), MIN_AREA, 1e5).get('cells')?.text ?? '');
    expect(fc.features[0]?.properties).toEqual({ id: '0-0', name: 'Cell 0-0' });
  });
});
