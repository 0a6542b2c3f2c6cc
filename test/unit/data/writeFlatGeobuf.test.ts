import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import { describe, expect, it } from 'vitest';
import { INDEX_NODE_SIZE, writeFlatGeobuf } from '../../../src/formats/flatgeobuf/writeFlatGeobuf.ts';
import { LAYER_SCHEMAS } from '../../../src/formats/layers/layerSchemas.ts';
import type { LayerFeature } from '../../../src/formats/layers/layerTypes.ts';

// A 20 x 20 grid of sites over Minnesota: 400 features, enough for a three-level tree.
const grid: LayerFeature[] = [];
for (let i = 0; i < 20; i++)
  for (let j = 0; j < 20; j++)
    grid.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-97 + i * 0.35, 43.6 + j * 0.28] },
      properties: {
        id: `s-${i}-${j}`,
        name: i === 0 && j === 0 ? `<img src=x onerror=alert(1)> "Rock'n D` : `Site ${i} ${j}`,
        kind: 'bank',
        status: null,
        bankType: null,
        countyName: null,
        availableCredits: i === 1 ? 2.5 : null,
        bankApplicationDate: null,
        demonstration: false,
      },
    });

describe('writeFlatGeobuf', () => {
  const bytes = writeFlatGeobuf(grid, LAYER_SCHEMAS.sites.columns, 'sites');

  it('writes a packed R-tree index (header indexNodeSize > 0) and the layer extent', async () => {
    let header: HeaderMeta | undefined;
    let count = 0;
    const options = {
      headerMetaFn: (h: HeaderMeta) => {
        header = h;
      },
    };
    for await (const _ of deserialize(bytes, options)) count++;
    expect(count).toBe(400);
    expect(header?.indexNodeSize).toBe(INDEX_NODE_SIZE);
    expect(header?.featuresCount).toBe(400);
    expect(Array.from(header?.envelope ?? [])).toEqual([-97, 43.6, -97 + 19 * 0.35, 43.6 + 19 * 0.28]);
  });

  it('answers a bounding-box query with only the features inside it', async () => {
    const rect = { minX: -96.0, minY: 44.0, maxX: -95.0, maxY: 44.5 };
    const found: string[] = [];
    for await (const f of deserialize(bytes, { rect })) found.push(String(f.properties?.id));
    const expected = grid
      .filter((f) => {
        const [x, y] = (f.geometry as { coordinates: number[] }).coordinates as [number, number];
        return x >= rect.minX && x <= rect.maxX && y >= rect.minY && y <= rect.maxY;
      })
      .map((f) => String(f.properties.id));
    expect(expected.length).toBeGreaterThan(0);
    expect(found.sort()).toEqual(expected.sort());
  });

  it('keeps strings verbatim, nulls as null and numbers typed by the schema', async () => {
    const byId = new Map<string, Record<string, unknown>>();
    for await (const f of deserialize(bytes)) byId.set(String(f.properties?.id), f.properties ?? {});
    expect(byId.get('s-0-0')?.name).toBe(`<img src=x onerror=alert(1)> "Rock'n D`);
    expect(byId.get('s-1-3')?.availableCredits).toBe(2.5);
    expect(byId.get('s-2-3')?.availableCredits ?? null).toBeNull();
  });
});

describe('writeFlatGeobuf header metadata', () => {
  const square = (x: number, y: number) => [
    [
      [x, y],
      [x + 0.1, y],
      [x + 0.1, y + 0.1],
      [x, y + 0.1],
      [x, y],
    ],
  ];
  const bsa = (id: number, geometry: LayerFeature['geometry']): LayerFeature => ({
    type: 'Feature',
    geometry,
    properties: { id, name: `BSA ${id}`, demonstration: false },
  });
  const mixed = [
    bsa(1, { type: 'Polygon', coordinates: square(-94, 45) }),
    bsa(2, { type: 'MultiPolygon', coordinates: [square(-93, 45), square(-92, 45)] }),
  ];

  it('promotes a Polygon + MultiPolygon layer to MultiPolygon (not Unknown), with name and description', async () => {
    const bytes = writeFlatGeobuf(
      mixed,
      LAYER_SCHEMAS.bankServiceAreas.columns,
      'Wetland bank service areas (BWSR)',
      {
        name: 'bank_service_areas',
        description: 'Minnesota BWSR — imported from shp_bdry_bank_service_areas.zip',
      },
    );
    let header: HeaderMeta | undefined;
    const types: string[] = [];
    for await (const f of deserialize(bytes, { headerMetaFn: (h: HeaderMeta) => (header = h) }))
      types.push(f.geometry.type);
    expect(header?.geometryType).toBe(6); // GeometryType.MultiPolygon
    expect(header?.title).toBe('Wetland bank service areas (BWSR)');
    expect(header?.description).toBe('Minnesota BWSR — imported from shp_bdry_bank_service_areas.zip');
    expect(types).toEqual(['MultiPolygon', 'MultiPolygon']);
  });

  it('keeps Polygon when every feature is a Polygon', async () => {
    const bytes = writeFlatGeobuf([mixed[0]!], LAYER_SCHEMAS.bankServiceAreas.columns, 'x');
    let header: HeaderMeta | undefined;
    for await (const _ of deserialize(bytes, { headerMetaFn: (h: HeaderMeta) => (header = h) })) break;
    expect(header?.geometryType).toBe(3); // GeometryType.Polygon
  });
});
