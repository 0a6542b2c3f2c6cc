import type { Geometry, Position } from 'geojson';
import { findRingCrossing } from '../geometry/findRingCrossing.ts';
import { PipelineError } from '../PipelineError.ts';
import type { LayerSchema } from './layerSchemas.ts';
import type { LayerFeature } from './layerTypes.ts';

/** Minnesota's extent in WGS84 with a small margin for border rivers and Lake Superior shores. */
export const MINNESOTA_BOUNDS: [number, number, number, number] = [-97.3, 43.45, -89.45, 49.42];

/** Basemap context (lakes, rivers, places) may reach past the border: Minnesota plus ~1°. */
export const REGION_BOUNDS: [number, number, number, number] = [-98.5, 42.5, -88.5, 50.5];

/** Feature count a source must have (inclusive). */
export interface CountExpectation {
  min: number;
  max: number;
}

const GEOMETRY_TYPES: Record<LayerSchema['geometry'], string[]> = {
  area: ['Polygon', 'MultiPolygon'],
  line: ['LineString', 'MultiLineString'],
  point: ['Point', 'MultiPoint'],
};

/** How a feature is named in messages: its id when it has one, else its position. */
export function featureLabel(feature: LayerFeature, index: number): string {
  const id = feature.properties?.id;
  return id === undefined || id === null ? `feature #${index + 1}` : `feature ${JSON.stringify(id)}`;
}

function fmt(p: Position): string {
  return `[${p.map((v) => Number(v).toFixed(5)).join(', ')}]`;
}

function checkRing(ring: Position[], what: string, problems: string[]): void {
  if (ring.length < 4) {
    problems.push(`${what} has ${ring.length} positions; a closed ring needs at least 4`);
    return;
  }
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1]) {
    problems.push(`${what} is not closed: first ${fmt(first)} differs from last ${fmt(last)}`);
    return;
  }
  const crossing = findRingCrossing(ring);
  if (crossing) problems.push(`${what} is self-intersecting near ${fmt(crossing)}`);
}

function checkPositions(value: unknown, bounds: readonly number[], problems: string[]): void {
  const [west, south, east, north] = bounds as [number, number, number, number];
  const visit = (node: unknown): boolean => {
    if (!Array.isArray(node)) return true;
    if (typeof node[0] === 'number' || node.length === 0 || !Array.isArray(node[0])) {
      const p = node as Position;
      if (p.length < 2 || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) {
        problems.push(`has a non-numeric coordinate ${JSON.stringify(p)}`);
        return false;
      }
      if (p[0]! < west || p[0]! > east || p[1]! < south || p[1]! > north) {
        problems.push(
          `has coordinate ${fmt(p)} outside the bounds [${bounds.join(', ')}] (wrong CRS or axis order?)`,
        );
        return false;
      }
      return true;
    }
    for (const child of node) if (!visit(child)) return false;
    return true;
  };
  visit(value);
}

function checkGeometry(
  geometry: Geometry | null,
  schema: LayerSchema,
  bounds: readonly number[],
  problems: string[],
): void {
  if (!geometry) {
    problems.push('has no geometry');
    return;
  }
  if (!GEOMETRY_TYPES[schema.geometry].includes(geometry.type)) {
    problems.push(`has geometry ${geometry.type}; expected ${GEOMETRY_TYPES[schema.geometry].join(' or ')}`);
    return;
  }
  if (geometry.type === 'GeometryCollection') return;
  const before = problems.length;
  checkPositions(geometry.coordinates, bounds, problems);
  if (problems.length > before) return;
  const parts =
    geometry.type === 'Polygon'
      ? [geometry.coordinates]
      : geometry.type === 'MultiPolygon'
        ? geometry.coordinates
        : [];
  parts.forEach((rings, p) => {
    rings.forEach((ring, r) => {
      const what = `${parts.length > 1 ? `part ${p + 1} ` : ''}${r === 0 ? 'outer ring' : `hole ${r}`}`;
      checkRing(ring, what, problems);
    });
  });
}

function checkProperties(feature: LayerFeature, schema: LayerSchema, problems: string[]): void {
  const properties = feature.properties ?? {};
  for (const column of schema.columns) {
    const value = properties[column.name];
    if (value === undefined) {
      problems.push(`lacks property "${column.name}"`);
      continue;
    }
    if (value === null) {
      if (!column.nullable) problems.push(`has null "${column.name}"`);
      continue;
    }
    const ok =
      column.kind === 'string'
        ? typeof value === 'string'
        : column.kind === 'bool'
          ? typeof value === 'boolean'
          : column.kind === 'int'
            ? Number.isInteger(value)
            : typeof value === 'number' && Number.isFinite(value);
    if (!ok) problems.push(`has "${column.name}" ${JSON.stringify(value)}; expected ${column.kind}`);
    else if (column.values && !column.values.includes(String(value)))
      problems.push(`has "${column.name}" ${JSON.stringify(value)}; allowed: ${column.values.join(', ')}`);
  }
  const known = new Set(schema.columns.map((c) => c.name));
  for (const name of Object.keys(properties))
    if (!known.has(name)) problems.push(`has property "${name}" that is not in data/SCHEMA.md`);
}

/** At most this many problems are listed; the rest are counted. */
const MAX_LISTED = 12;

/**
 * Checks a normalized layer before anything is written: geometry type, finite coordinates
 * inside Minnesota (or `bounds`), closed non-self-intersecting rings, the schema's properties and allowed
 * values, unique ids and the expected feature count.
 * @param source how the source is named in messages (e.g. "minorWatersheds (https://…)")
 * @throws PipelineError naming the source, each bad feature and its problem
 */
export function validateLayer(
  source: string,
  features: LayerFeature[],
  schema: LayerSchema,
  expect: CountExpectation,
  bounds: readonly number[] = MINNESOTA_BOUNDS,
): void {
  const messages: string[] = [];
  const seen = new Map<string, number>();
  features.forEach((feature, index) => {
    const problems: string[] = [];
    checkGeometry(feature.geometry, schema, bounds, problems);
    checkProperties(feature, schema, problems);
    const id = feature.properties?.id;
    if (id !== undefined && id !== null) {
      const key = String(id);
      const earlier = seen.get(key);
      if (earlier !== undefined) problems.push(`duplicates the id of feature #${earlier + 1}`);
      else seen.set(key, index);
    }
    for (const problem of problems) messages.push(`${featureLabel(feature, index)} ${problem}`);
  });
  if (features.length < expect.min || features.length > expect.max) {
    const range = expect.min === expect.max ? `${expect.min}` : `${expect.min}-${expect.max}`;
    messages.unshift(`has ${features.length} features; expected ${range}`);
  }
  if (messages.length === 0) return;
  const listed = messages.slice(0, MAX_LISTED).map((m) => `  - ${m}`);
  if (messages.length > MAX_LISTED) listed.push(`  … and ${messages.length - MAX_LISTED} more problems`);
  throw new PipelineError(`${source}: ${messages.length} problem(s)\n${listed.join('\n')}`);
}
