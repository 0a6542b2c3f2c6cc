import { readFileSync } from 'node:fs';
import type { MultiPolygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { DEMO_MAJORS } from '../../../data/demo/demoMajorTable.ts';
import { generateDemoGeography } from '../../../data/demo/generateDemoGeography.ts';
import { readUsAtlasMinnesota } from '../../../data/lib/readUsAtlasMinnesota.ts';
import { polygonParts } from '../../../src/formats/geometry/polygonParts.ts';
import { pointInPolygons } from '../../../src/formats/geometry/ringGeometry.ts';
import { LAYER_SCHEMAS } from '../../../src/formats/layers/layerSchemas.ts';
import type { AreaFeature } from '../../../src/formats/layers/layerTypes.ts';
import { validateLayer } from '../../../src/formats/layers/validateLayer.ts';
import { checkWatershedNesting } from '../../../src/formats/official/checkWatershedNesting.ts';

// The packaged us-atlas outline keeps this test independent of the mirror; a coarse, small
// variant (about 400 minors) keeps it fast. The full-size build is checked by `npm run data`.
const state: MultiPolygon = readUsAtlasMinnesota().state;
const options = { minorTarget: 400, majorStep: 0.02, minorStep: 0.02 };
const demo = generateDemoGeography(state, options);

function containing(features: AreaFeature[], lon: number, lat: number): unknown[] {
  return features
    .filter((f) => pointInPolygons(lon, lat, polygonParts(f.geometry)))
    .map((f) => f.properties.id);
}

describe('demonstration geography', () => {
  it('has the DNR numbering: 81 majors, 1-84 without 6, 45, 64, marked and named as demonstration', () => {
    const ids = demo.majorWatersheds.map((f) => f.properties.id);
    expect(ids).toHaveLength(81);
    expect(ids).not.toContain(6);
    expect(ids).not.toContain(45);
    expect(ids).not.toContain(64);
    for (const f of [...demo.majorWatersheds, ...demo.minorWatersheds, ...demo.bankServiceAreas]) {
      expect(f.properties.demonstration).toBe(true);
      expect(String(f.properties.name)).toMatch(/^Demonstration /);
    }
  });

  it('passes the same validation as official data, minors nested in their majors', () => {
    validateLayer('majors', demo.majorWatersheds, LAYER_SCHEMAS.majorWatersheds, { min: 81, max: 81 });
    validateLayer('minors', demo.minorWatersheds, LAYER_SCHEMAS.minorWatersheds, { min: 300, max: 500 });
    validateLayer('bsas', demo.bankServiceAreas, LAYER_SCHEMAS.bankServiceAreas, { min: 10, max: 10 });
    expect(() => checkWatershedNesting('minors', demo.minorWatersheds, demo.majorWatersheds)).not.toThrow();
    for (const minor of demo.minorWatersheds)
      expect(String(minor.properties.id).slice(0, 2)).toBe(
        String(minor.properties.majorWatershed).padStart(2, '0'),
      );
  });

  it('puts basins roughly where they are: Lake Superior majors in the northeast, Rainy River along the border, metro in BSA 7', () => {
    const superior = containing(demo.majorWatersheds, -91.0, 47.6)[0] as number; // near Silver Bay
    expect(superior).toBeGreaterThanOrEqual(1);
    expect(superior).toBeLessThanOrEqual(5);
    const rainy = containing(demo.majorWatersheds, -93.4, 48.55)[0] as number; // International Falls
    expect(rainy).toBeGreaterThanOrEqual(72);
    expect(rainy).toBeLessThanOrEqual(80);
    expect(containing(demo.majorWatersheds, -93.26, 44.98)).toEqual([20]); // Minneapolis
    expect(containing(demo.bankServiceAreas, -93.26, 44.98)).toEqual([7]);
    expect(containing(demo.bankServiceAreas, -91.0, 47.6)).toEqual([1]);
    expect(containing(demo.majorWatersheds, -96.6, 47.9)[0]).toBeGreaterThanOrEqual(54); // Red River valley
  });

  it('is deterministic', () => {
    const again = generateDemoGeography(state, options);
    expect(JSON.stringify(again.minorWatersheds)).toBe(JSON.stringify(demo.minorWatersheds));
  });

  it('groups majors into BSAs by a table covering all 81 majors, 10 areas', () => {
    expect(new Set(DEMO_MAJORS.map((m) => m.bankServiceArea)).size).toBe(10);
  });

  it('matches the mirror major watershed table (numbers, HUC8, basin) when the mirror is present', () => {
    let csv: string;
    try {
      csv = readFileSync(new URL('../../../../shared/data/major-watersheds.csv', import.meta.url), 'utf8');
    } catch {
      return; // no mirror on this machine: nothing to cross-check
    }
    const rows = csv
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(','));
    const byId = new Map(rows.map((r) => [Number(r[0]), { huc8: r.at(-3), basin: r.at(-1) }]));
    expect(byId.size).toBe(81);
    for (const m of DEMO_MAJORS) expect(byId.get(m.id)).toEqual({ huc8: m.huc8, basin: m.basin });
  });
});
