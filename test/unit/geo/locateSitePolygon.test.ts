import fc from 'fast-check';
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import polygonClipping, { type Geom } from 'polygon-clipping';
import { describe, expect, it } from 'vitest';
import type { SiteGeometry } from '../../../src/formats/geometry/siteGeometry.ts';
import type { Manifest } from '../../../src/formats/manifest.ts';
import { createSiteLocator } from '../../../src/geo/siteImport/locateSitePolygon.ts';
import { locateSites, unitsFromAreaShares } from '../../../src/geo/siteImport/locateSites.ts';
import { UnitIndex } from '../../../src/geo/unitIndex.ts';
import { rankScenario } from '../../../src/siting/index.ts';

const box = (west: number, south: number, east: number, north: number): number[][][] => [
  [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ],
];

/** A zigzag boundary at lon −92.5 between two minor watersheds, from lat 44 to 45. */
const ZIGZAG: number[][] = Array.from({ length: 41 }, (_, i) => [
  -92.5 + (i % 2 === 0 ? 0 : 0.004),
  44 + i * 0.025,
]);
const westMinor: number[][][] = [[[-93, 44], ...ZIGZAG, [-93, 45], [-93, 44]]];
// Written clockwise on purpose: the locator orients rings itself.
const eastMinor: number[][][] = [[[-92, 44], [-92, 45], ...[...ZIGZAG].reverse(), [-92, 44]].reverse()];

const feature = (properties: Record<string, unknown>, coordinates: number[][][]): Feature<Polygon> => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Polygon', coordinates },
});
const layer = (...features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });

const manifest = {
  layers: { minorWatersheds: {}, majorWatersheds: {}, bankServiceAreas: {}, counties: {} },
} as unknown as Manifest;
const units = new UnitIndex(manifest, {
  minorWatersheds: layer(feature({ id: '41001' }, westMinor), feature({ id: '41002' }, eastMinor)),
  majorWatersheds: layer(feature({ id: 41 }, box(-93, 44, -92, 45))),
  bankServiceAreas: layer(feature({ id: 9 }, box(-93, 44, -92, 45))),
  // County line at lat 44.5; nothing north of 44.9 (outside the state).
  counties: layer(
    feature({ id: '27109', areaClass: 'less-than-50' }, box(-93, 44, -92, 44.5)),
    feature({ id: '27039', areaClass: '50-to-80' }, box(-93, 44.5, -92, 44.9)),
  ),
});
const locator = createSiteLocator(units);

/** Planar area of polygon-clipping output, in squared degrees. */
function planarArea(multi: number[][][][]): number {
  let sum = 0;
  for (const rings of multi)
    rings.forEach((ring, index) => {
      // Relative to the ring's first vertex: with raw longitudes (about -92) the products cancel
      // to within 1e-11 of a 1e-6 area, enough to move a share by 1e-6 (the oracle, not the locator).
      const [x0 = 0, y0 = 0] = ring[0] ?? [];
      let a = 0;
      for (let i = 0; i < ring.length - 1; i++)
        a +=
          ((ring[i]?.[0] as number) - x0) * ((ring[i + 1]?.[1] as number) - y0) -
          ((ring[i + 1]?.[0] as number) - x0) * ((ring[i]?.[1] as number) - y0);
      sum += (index === 0 ? 1 : -1) * Math.abs(a / 2);
    });
  return sum;
}

/** The oracle: share of the site in a unit by polygon-clipping's intersection. */
function clippedShare(site: number[][][], unit: number[][][]): number {
  return (
    planarArea(polygonClipping.intersection(site as Geom, unit as Geom) as number[][][][]) /
    planarArea([site])
  );
}

describe('locateSitePolygon: a site outline located by its area', () => {
  it('a site straddling the minor-watershed line: the shares, and ranked by the unit holding most', () => {
    // 3/4 of the box lies west of lon −92.5 (the zigzag nudges it a little).
    const outline = box(-92.515, 44.1, -92.495, 44.11);
    const located = locator.locate({ type: 'Polygon', coordinates: outline });
    const minors = located.areaShares.minorWatershed ?? [];
    expect(minors.map((entry) => entry.id)).toEqual(['41001', '41002']);
    expect(minors[0]?.share).toBeCloseTo(clippedShare(outline, westMinor), 9);
    expect(minors[1]?.share).toBeCloseTo(clippedShare(outline, eastMinor), 9);
    expect(minors[0]?.share).toBeGreaterThan(0.6);
    expect(located.units).toEqual({
      minorWatershed: '41001',
      majorWatershed: 41,
      bankServiceArea: 9,
      county: '27109',
      countyAreaClass: 'less-than-50',
    });
    expect(located.straddles).toBe(true);
    expect(located.inMinnesota).toBe(true);

    // Ranked for an impact in 41002: the site counts as 41001 (most of its area), so level 2
    // (same major), and its reasons name the split with the clause of that level.
    const ranked = rankScenario({
      impact: {
        units: { minorWatershed: '41002', bankServiceArea: 9, areaClass: 'less-than-50' },
        acres: 1,
        land: 'agricultural',
        cultivatedField: false,
        project: 'general',
        afterTheFact: false,
      },
      candidates: [
        {
          id: 'site',
          kind: 'project-specific',
          units: located.units,
          areaShares: located.areaShares,
          action: 'restoration',
        },
      ],
    }).candidates[0];
    expect(ranked?.priority).toBe(2);
    const split = ranked?.reasons.find((reason) => reason.text.startsWith('The site straddles'));
    expect(split?.cite).toBe('103G.222 subd. 3(a)(1)');
    expect(split?.text).toMatch(
      /^The site straddles 2 minor watersheds: \d+ % of its area in 41001, \d+ % in 41002; it is ranked in 41001, which holds the most of it\.$/,
    );
  });

  it('a site wholly inside one unit takes the fast path: share 1, nothing straddled', () => {
    const located = locator.locate({ type: 'Polygon', coordinates: box(-92.9, 44.2, -92.88, 44.21) });
    expect(located.areaShares.minorWatershed).toEqual([{ id: '41001', share: 1 }]);
    expect(located.areaShares.county).toEqual([{ id: '27109', share: 1 }]);
    expect(located.straddles).toBe(false);
  });

  it('a site across the county line and the state edge: both splits, and the area class of the larger county', () => {
    const across = locator.locate({ type: 'Polygon', coordinates: box(-92.9, 44.49, -92.89, 44.52) });
    expect(across.areaShares.county?.map((entry) => entry.id)).toEqual(['27039', '27109']);
    expect(across.areaShares.county?.[0]?.share).toBeCloseTo(2 / 3, 9);
    expect(across.units.countyAreaClass).toBe('50-to-80');
    const edge = locator.locate({ type: 'Polygon', coordinates: box(-92.9, 44.89, -92.89, 44.93) });
    expect(edge.areaShares.county).toEqual([{ id: '27039', share: expect.closeTo(0.25, 9) }]);
    expect(edge.straddles).toBe(true);
    const out = locator.locate({ type: 'Polygon', coordinates: box(-92.9, 44.95, -92.89, 44.96) });
    expect(out.inMinnesota).toBe(false);
    expect(out.units.county).toBeUndefined();
  });

  it('shares equal the clipped areas on random outlines (holes and multipolygons included)', () => {
    const star = fc
      .record({
        x: fc.double({ min: -92.53, max: -92.47, noNaN: true }),
        y: fc.double({ min: 44.05, max: 44.95, noNaN: true }),
        radius: fc.double({ min: 0.001, max: 0.03, noNaN: true }),
        radii: fc.array(fc.double({ min: 0.3, max: 1, noNaN: true }), { minLength: 20, maxLength: 60 }),
        hole: fc.boolean(),
      })
      .map(({ x, y, radius, radii, hole }) => {
        const ring = radii.map((r, i) => {
          const angle = (2 * Math.PI * i) / radii.length;
          return [x + radius * r * Math.cos(angle), y + radius * r * Math.sin(angle)];
        });
        ring.push(ring[0] as number[]);
        const rings = [ring];
        if (hole)
          rings.push(
            box(
              x - radius * 0.1,
              y - radius * 0.1,
              x + radius * 0.1,
              y + radius * 0.1,
            )[0]?.reverse() as number[][],
          );
        return rings;
      });
    fc.assert(
      fc.property(fc.array(star, { minLength: 1, maxLength: 2 }), (parts) => {
        const site = polygonClipping.union(parts[0] as Geom, ...(parts.slice(1) as Geom[])) as number[][][][];
        const geometry: SiteGeometry = { type: 'MultiPolygon', coordinates: site };
        const located = locator.locate(geometry);
        const total = planarArea(site);
        const expected = [
          [
            '41001',
            planarArea(polygonClipping.intersection(site as Geom, westMinor as Geom) as number[][][][]) /
              total,
          ],
          [
            '41002',
            planarArea(polygonClipping.intersection(site as Geom, eastMinor as Geom) as number[][][][]) /
              total,
          ],
        ] as const;
        for (const [id, share] of expected) {
          const got = located.areaShares.minorWatershed?.find((entry) => entry.id === id)?.share ?? 0;
          expect(got).toBeCloseTo(share, 6);
        }
      }),
      { numRuns: 120, endOnFailure: true },
    );
  }, 60_000);
});

describe('locateSites: a read file located', () => {
  it('sets area shares, flags sites no county holds, leaves points alone, and derives the ranked units', async () => {
    const sites = [
      {
        id: 'a',
        name: 'A',
        location: [-92.505, 44.105] as [number, number],
        action: 'restoration' as const,
        geometry: { type: 'Polygon' as const, coordinates: box(-92.515, 44.1, -92.495, 44.11) },
      },
      {
        id: 'b',
        name: 'B',
        location: [-92.895, 44.955] as [number, number],
        action: 'restoration' as const,
        geometry: { type: 'Polygon' as const, coordinates: box(-92.9, 44.95, -92.89, 44.96) },
      },
      { id: 'c', name: 'C', location: [-92.9, 44.2] as [number, number], action: 'restoration' as const },
    ];
    const result = await locateSites(sites, locator);
    expect(result?.sites[0]?.areaShares?.minorWatershed?.[0]?.id).toBe('41001');
    expect(result?.sites[0]?.outsideMinnesota).toBeUndefined();
    expect(result?.sites[1]?.outsideMinnesota).toBe(true);
    expect(result?.sites[2]).toBe(sites[2]);
    expect(result?.units[2]).toBeNull();
    expect(sites[0]).not.toHaveProperty('areaShares');
    const shares = result?.sites[0]?.areaShares ?? {};
    expect(
      unitsFromAreaShares(shares, { minorWatershed: '41002', county: '27039', countyAreaClass: '50-to-80' }),
    ).toEqual({
      minorWatershed: '41001',
      majorWatershed: 41,
      bankServiceArea: 9,
      county: '27109',
    });
    const controller = new AbortController();
    controller.abort();
    expect(await locateSites(sites, locator, { signal: controller.signal })).toBeNull();
  });
});
