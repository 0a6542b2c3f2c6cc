import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { quantize } from 'topojson-client';
import { topology } from 'topojson-server';
import { presimplify, simplify } from 'topojson-simplify';
import type { GeometryCollection, Objects, Topology } from 'topojson-specification';
import type { AreaFeature, LayerFeature } from '../../src/formats/layers/layerTypes.ts';
import { insertJunctionVertices } from './insertJunctionVertices.ts';

/**
 * Simplification threshold: the smallest triangle (Visvalingam's effective area, in square
 * degrees) a kept vertex may span. 2e-6 deg² is about a 1.4 km × 1.4 km half-square at
 * Minnesota's latitude, under a pixel at the state view (zoom 5-7). A fixed area, not a share
 * of the vertices, so a ten times denser input gives about the same overview.
 */
export const OVERVIEW_MIN_AREA = 3e-5;

/** Grid of the written overview: 2e4 steps across the layers' box (about 40 m here, a third of a pixel at zoom 9). */
export const OVERVIEW_QUANTIZATION = 20_000;

/**
 * Properties an overview keeps: what the map styles and the place search read. `name` only for
 * layers of under 1,000 features (the search lists counties, majors and BSAs, never minors).
 */
function overviewProperties(properties: Record<string, unknown>, many: boolean): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of many ? ['id', 'areaClass'] : ['id', 'name', 'areaClass'])
    if (properties[key] !== undefined && properties[key] !== null) kept[key] = properties[key];
  return kept;
}

/** One layer's overview, ready to write. */
export interface Overview {
  /** TopoJSON text: one object named `layer`, only the arcs it uses, delta-encoded integers. */
  text: string;
  /** Vertices of the decoded polygons' rings, for the build report. */
  vertices: number;
  features: number;
}

export function isAreaLayer(features: readonly LayerFeature[]): features is AreaFeature[] {
  return (
    features.length > 0 &&
    features.every((f) => f.geometry?.type === 'Polygon' || f.geometry?.type === 'MultiPolygon')
  );
}

/** The topology type topojson-simplify and topojson-client's quantize are declared over. */
// biome-ignore lint/complexity/noBannedTypes: the @types packages declare their topologies over `{}` properties.
type PlainTopology = Topology<Objects<{}>>;

/** The part of `topo` that `name` uses: its object and its arcs, renumbered. */
function extractLayer(topo: Topology, name: string): Topology {
  const object = topo.objects[name] as GeometryCollection;
  const renumber = new Map<number, number>();
  const arcs: Topology['arcs'] = [];
  const mapArc = (index: number): number => {
    const original = index < 0 ? ~index : index;
    let mapped = renumber.get(original);
    if (mapped === undefined) {
      mapped = arcs.length;
      renumber.set(original, mapped);
      arcs.push(topo.arcs[original] as Topology['arcs'][number]);
    }
    return index < 0 ? ~mapped : mapped;
  };
  const geometries = object.geometries.map((geometry) => {
    if (geometry.type === 'Polygon')
      return { ...geometry, arcs: geometry.arcs.map((ring) => ring.map(mapArc)) };
    if (geometry.type === 'MultiPolygon')
      return { ...geometry, arcs: geometry.arcs.map((polygon) => polygon.map((ring) => ring.map(mapArc))) };
    return geometry;
  });
  return {
    type: 'Topology',
    ...(topo.bbox ? { bbox: topo.bbox } : {}),
    objects: { layer: { type: 'GeometryCollection', geometries } as GeometryCollection },
    arcs,
  };
}

function countVertices(topo: Topology): number {
  let n = 0;
  const object = topo.objects.layer as GeometryCollection;
  const arcLength = (i: number) => (topo.arcs[i < 0 ? ~i : i]?.length ?? 1) - 1;
  for (const g of object.geometries) {
    const polygons = g.type === 'Polygon' ? [g.arcs] : g.type === 'MultiPolygon' ? g.arcs : [];
    for (const polygon of polygons) for (const ring of polygon) for (const arc of ring) n += arcLength(arc);
  }
  return n;
}

/**
 * Overviews of area layers simplified as one topology: every border is an arc shared by the
 * polygons on both sides (and by the other layers that follow it: a minor watershed's edge on
 * its major's border, a county line on the state line), simplified once, so neighbours keep
 * sharing their edges exactly — no gaps, no overlaps — at any threshold.
 * @param layers layer name → its full-resolution polygons (ids and properties are kept)
 */
export function buildOverviews(
  layers: ReadonlyMap<string, readonly AreaFeature[]>,
  minArea = OVERVIEW_MIN_AREA,
  quantization = OVERVIEW_QUANTIZATION,
): Map<string, Overview> {
  const names = [...layers.keys()];
  const fixed = insertJunctionVertices(names.map((name) => [...(layers.get(name) ?? [])]));
  const objects: Record<string, FeatureCollection<Polygon | MultiPolygon>> = {};
  names.forEach((name, i) => {
    const features = fixed[i] as AreaFeature[];
    const many = features.length >= 1000;
    objects[name] = {
      type: 'FeatureCollection',
      features: features.map(
        (f): Feature<Polygon | MultiPolygon> => ({
          type: 'Feature',
          properties: overviewProperties(f.properties ?? {}, many),
          geometry: f.geometry,
        }),
      ),
    };
  });
  const simplified = simplify(presimplify(topology(objects) as unknown as PlainTopology), minArea);
  const out = new Map<string, Overview>();
  for (const name of names) {
    const part = quantize(
      extractLayer(simplified, name) as unknown as PlainTopology,
      quantization,
    ) as Topology;
    out.set(name, {
      text: JSON.stringify(part),
      vertices: countVertices(part),
      features: layers.get(name)?.length ?? 0,
    });
  }
  return out;
}
