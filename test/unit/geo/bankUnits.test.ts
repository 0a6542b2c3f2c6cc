/**
 * Each bank's units are found once, by the build (src/geo/locateBanks.ts), and the page reads them
 * instead of locating 293 banks on every visit (issue 24, item 12). They must be what a lookup of
 * the bank's point answers over the built layers, boundary ids included, and they go stale when a
 * lookup layer is replaced.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Point } from 'geojson';
import { describe, expect, it } from 'vitest';
import { parseManifest } from '../../../src/formats/manifest.ts';
import { bankUnitsCurrent, unitsOfBankColumns } from '../../../src/geo/bankUnits.ts';
import { createBytesFeatureSource } from '../../../src/geo/bytesFeatureSource.ts';
import { locatePoint, unitsOfLocation } from '../../../src/geo/locatePoint.ts';
import { readFeatureCollection } from '../../../src/geo/readFeatureCollection.ts';

const DATA = path.resolve(import.meta.dirname, '../../../public/data');

describe('the banks of the built sites layer', async () => {
  const manifest = parseManifest(JSON.parse(await readFile(path.join(DATA, 'manifest.json'), 'utf8')));
  const sites = await readFeatureCollection(
    new Uint8Array(await readFile(path.join(DATA, manifest.layers.sites!.file))),
  );
  const source = createBytesFeatureSource(
    async (file) => new Uint8Array(await readFile(path.join(DATA, file))),
  );

  it('carry the units a lookup of their point finds in the built layers (all 293)', async () => {
    expect(sites.features.length).toBe(293);
    for (const bank of sites.features) {
      const point = (bank.geometry as Point).coordinates as [number, number];
      const looked = unitsOfLocation(await locatePoint(point, manifest, source));
      const stored = unitsOfBankColumns(bank.properties);
      const expected = {
        minorWatershed: looked.minorWatershed ?? null,
        majorWatershed: looked.majorWatershed ?? null,
        bankServiceArea: looked.bankServiceArea ?? null,
        county: looked.county ?? null,
        countyAreaClass: looked.countyAreaClass ?? null,
        ...(looked.boundary ? { boundary: looked.boundary } : {}),
      };
      expect(stored, String(bank.properties?.id)).toEqual(expected);
    }
  });

  it('say which lookup layers they were found in, so the page trusts them only over those', () => {
    expect(bankUnitsCurrent(manifest)).toBe(true);
    const replaced = {
      ...manifest,
      layers: {
        ...manifest.layers,
        minorWatersheds: { ...manifest.layers.minorWatersheds!, buildHash: undefined },
      },
    };
    expect(bankUnitsCurrent(replaced)).toBe(false);
    expect(unitsOfBankColumns({ id: 'ribits-1', name: 'A bank from a build before the columns' })).toBeNull();
  });
});
