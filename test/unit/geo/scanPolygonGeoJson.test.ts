import turfArea from '@turf/area';
import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { encodeProjectFile } from '../../../src/exports/projectFile.ts';
import { asFlat, outlineGeoJson } from '../../../src/geo/siteImport/flatOutline.ts';
import { readSitesFile } from '../../../src/geo/siteImport/readSitesFile.ts';
import { scanPolygonGeoJson } from '../../../src/geo/siteImport/scanPolygonGeoJson.ts';
import { defaultInputs } from '../../../src/store/inputs.ts';

const options = { idPrefix: 'imp-' };
const encode = (text: string) => new TextEncoder().encode(text);

/** A star-shaped ring around (x, y), closed; clockwise when `clockwise`. */
function ring(x: number, y: number, radius: number, sides: number, clockwise = false): number[][] {
  const points: number[][] = [];
  for (let k = 0; k < sides; k++) {
    const angle = ((clockwise ? -1 : 1) * 2 * Math.PI * k) / sides;
    const r = radius * (0.8 + 0.2 * Math.abs(Math.sin(k * 1.7)));
    points.push([x + r * Math.cos(angle), y + r * Math.sin(angle)]);
  }
  points.push([...(points[0] as number[])]);
  return points;
}

/** Outlines of every shape the scanner reads: parts, holes, clockwise rings, a third number. */
function outlines(): object[] {
  return [
    {
      type: 'Feature',
      id: 7,
      properties: { id: 'A', name: 'Plain', action: 'restoration', acres: 12.5 },
      geometry: { type: 'Polygon', coordinates: [ring(-92.5, 44.1, 0.004, 23)] },
    },
    {
      type: 'Feature',
      properties: { id: 'B', name: 'Holed, clockwise', action: 'creation' },
      geometry: {
        type: 'Polygon',
        coordinates: [ring(-93.2, 45.05, 0.01, 40, true), ring(-93.2, 45.05, 0.003, 12)],
      },
    },
    {
      type: 'Feature',
      properties: { id: 'C', name: 'Two parts, Iowa side', action: '', credits: 3 },
      geometry: {
        coordinates: [[ring(-93.0, 43.2, 0.005, 30)], [ring(-92.9, 43.21, 0.002, 9)]],
        type: 'MultiPolygon',
      },
    },
    {
      type: 'Feature',
      properties: null,
      geometry: {
        type: 'Polygon',
        coordinates: [ring(-94.1, 46.3, 0.006, 17).map(([x, y]) => [x, y, 311.5])],
      },
    },
  ];
}

async function sitesOf(text: string) {
  const result = await readSitesFile('parcels.geojson', encode(text), options);
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe('scanPolygonGeoJson: polygon sites read flat, with the answers of the general reader', () => {
  it('gives the same sites (ids, names, acres, points inside, outlines, warnings) as JSON.parse and the layer reader', async () => {
    const collection = { type: 'FeatureCollection', name: 'parcels', features: outlines() };
    const text = JSON.stringify(collection, null, 1);
    expect(scanPolygonGeoJson(text)).not.toBeNull();
    // An escaped key makes the scanner step aside (the general reader ignores that member).
    const general = text.replace('"type": "FeatureCollection"', '"\\u0078": 1, "type": "FeatureCollection"');
    expect(scanPolygonGeoJson(general)).toBeNull();
    const flat = await sitesOf(text);
    const nested = await sitesOf(general);
    expect(flat).toEqual(nested);
    expect(flat.sites.map((site) => site.id)).toEqual(['imp-A', 'imp-B', 'imp-C', 'imp-4']);
    expect(flat.sites[2]?.outsideMinnesota).toBe(true);
    // Acres from the outline where the file has none: @turf/area's, to the hundredth.
    for (const k of [1, 3]) {
      const geometry = (outlines()[k] as { geometry: Polygon }).geometry;
      expect(flat.sites[k]?.acres).toBe(Math.round((turfArea(geometry) / 4046.8564224) * 100) / 100);
    }
    // The outline as written, less the third number.
    const written = outlineGeoJson(flat.sites[3]?.geometry as never);
    const source = (outlines()[3] as { geometry: { coordinates: number[][][] } }).geometry.coordinates;
    expect(written).toEqual({
      type: 'Polygon',
      coordinates: source.map((r) => r.map(([x, y]) => [x, y])),
    });
    expect(outlineGeoJson(asFlat({ type: 'MultiPolygon', coordinates: [source] }))).toEqual({
      type: 'MultiPolygon',
      coordinates: [source.map((r) => r.map(([x, y]) => [x, y]))],
    });
  });

  it('reads every number as JSON.parse does, bit for bit', () => {
    let state = 12345;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const written: string[] = [];
    for (let k = 0; k < 4000; k++) {
      const value = (random() - 0.5) * 10 ** Math.floor(random() * 8 - 3);
      const forms = [
        String(value),
        value.toFixed(k % 18),
        value.toPrecision(1 + (k % 21)),
        value.toExponential(k % 17),
      ];
      written.push(forms[k % forms.length] as string);
    }
    written.push(
      '0',
      '-0',
      '-0.0',
      '1e2',
      '1E-2',
      '9007199254740993',
      '0.30000000000000004',
      '123456789012345678901',
    );
    const xs = written.length % 2 === 0 ? written : [...written, '1'];
    const positions: string[] = [];
    for (let k = 0; k < xs.length; k += 2) positions.push(`[${xs[k]},${xs[k + 1]}]`);
    const rings = [];
    for (let k = 0; k + 4 <= positions.length; k += 4) rings.push(`[${positions.slice(k, k + 4).join(',')}]`);
    const text = `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[${rings.join(',')}]}}]}`;
    const scanned = scanPolygonGeoJson(text);
    const parsed = JSON.parse(text).features[0].geometry.coordinates.flat(2) as number[];
    const xy = [...(scanned?.features[0]?.geometry.xy ?? [])];
    expect(xy.length).toBe(parsed.length);
    const differing = parsed.filter((value, k) => !Object.is(value, xy[k]));
    expect(differing).toEqual([]);
  });

  it.each([
    [
      'a declared projected CRS',
      '{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::26915"}},"features":[]}',
    ],
    [
      'invalid JSON',
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}},]}',
    ],
    [
      'a null geometry',
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":null}]}',
    ],
    [
      'a point',
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[0,0]}}]}',
    ],
    [
      'a short ring',
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[0,0]]]}}]}',
    ],
    [
      'a number too large',
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1e999,0],[1,1],[0,0]]]}}]}',
    ],
    [
      'a repeated geometry',
      '{"type":"FeatureCollection","features":[{"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]},"geometry":null}]}',
    ],
    [
      'a depth that is not the type',
      '{"type":"FeatureCollection","features":[{"geometry":{"type":"MultiPolygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}}]}',
    ],
    ['text after the collection', '{"type":"FeatureCollection","features":[]} x'],
  ])('steps aside for %s (the general reader then says what is wrong)', (_label, text) => {
    expect(scanPolygonGeoJson(text)).toBeNull();
  });

  it('reads the CRS84 GDAL declares, the collection name and the fields in order of appearance', () => {
    const text = `{"type":"FeatureCollection","name":"sites","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:OGC:1.3:CRS84"}},"features":[
      {"type":"Feature","properties":{"b":1,"a":"x"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}},
      {"type":"Feature","properties":{"c":null,"a":"\\u00e9"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}}]}`;
    const scanned = scanPolygonGeoJson(text);
    expect(scanned?.name).toBe('sites');
    expect(scanned?.fields).toEqual(['b', 'a', 'c']);
    expect(scanned?.features[1]?.properties).toEqual({ c: null, a: 'é' });
  });

  it('refuses a position off the globe, naming the feature, on the flat path too', async () => {
    const text = `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}},{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[500000,4900000],[500100,4900000],[500100,4900100],[500000,4900000]]]}}]}`;
    expect(scanPolygonGeoJson(text)).not.toBeNull();
    const result = await readSitesFile('utm.geojson', encode(text), options);
    expect(result.ok ? '' : result.message).toBe(
      'utm.geojson, feature 2: (500000, 4900000) is not a longitude/latitude position (is the CRS declared?)',
    );
  });

  it('a project file writes flat outlines as GeoJSON coordinates', async () => {
    const { sites } = await sitesOf(JSON.stringify({ type: 'FeatureCollection', features: outlines() }));
    const file = JSON.parse(encodeProjectFile({ ...defaultInputs(), userSites: sites.slice(0, 1) }));
    const source = (outlines()[0] as { geometry: { coordinates: number[][][] } }).geometry.coordinates;
    expect(file.inputs.userSites[0].geometry).toEqual({ type: 'Polygon', coordinates: source });
  });
});
