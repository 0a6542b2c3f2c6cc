/**
 * Fuzzing the official-file reader's GeoPackage path (issue 11): the geometry blob decoder
 * (GeoPackage header + WKB, our own code) with random and damaged blobs, and a whole GeoPackage
 * written by GDAL, truncated or bit-flipped, through importOfficialLayers (sql.js underneath).
 * Either an answer or an error naming the problem — never a raw crash or a hang.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../../src/formats/geopackage/loadSqlJs.ts';
import { readGeoPackageGeometry } from '../../../src/formats/geopackage/readGeoPackageGeometry.ts';
import { ImportError, importOfficialLayers } from '../../../src/formats/official/index.ts';
import { officialFixtures } from '../../fixtures/official/officialFixtures.ts';
import { FUZZ_TIMEOUT_MS, fuzzParameters } from './fuzzSettings.ts';

/** A GeoPackage blob of a square polygon (little-endian header with an XY envelope, then WKB). */
function squareBlob(): Uint8Array {
  const ring = [
    [480000, 4870000],
    [490000, 4870000],
    [490000, 4880000],
    [480000, 4880000],
    [480000, 4870000],
  ];
  const wkb = new DataView(new ArrayBuffer(1 + 4 + 4 + 4 + ring.length * 16));
  wkb.setUint8(0, 1);
  wkb.setUint32(1, 3, true);
  wkb.setUint32(5, 1, true);
  wkb.setUint32(9, ring.length, true);
  ring.forEach(([x, y], i) => {
    wkb.setFloat64(13 + i * 16, x!, true);
    wkb.setFloat64(21 + i * 16, y!, true);
  });
  const header = new DataView(new ArrayBuffer(8 + 32));
  header.setUint8(0, 0x47);
  header.setUint8(1, 0x50);
  header.setUint8(3, 0b0000_0011); // little-endian, envelope [minx, maxx, miny, maxy]
  header.setInt32(4, 26915, true);
  for (const [i, v] of [480000, 490000, 4870000, 4880000].entries()) header.setFloat64(8 + i * 8, v, true);
  const out = new Uint8Array(header.byteLength + wkb.byteLength);
  out.set(new Uint8Array(header.buffer), 0);
  out.set(new Uint8Array(wkb.buffer), header.byteLength);
  return out;
}

function decodesOrThrowsError(blob: Uint8Array): void {
  try {
    const geometry = readGeoPackageGeometry(blob);
    expect(geometry === null || typeof geometry.type === 'string').toBe(true);
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message.length).toBeGreaterThan(0);
  }
}

describe('GeoPackage geometry blobs (fuzz)', () => {
  it('decodes the square it was given', () => {
    expect(readGeoPackageGeometry(squareBlob())).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [480000, 4870000],
          [490000, 4870000],
          [490000, 4880000],
          [480000, 4880000],
          [480000, 4870000],
        ],
      ],
    });
  });

  it(
    'random bytes behind a GP header: a geometry or an Error with a message',
    () => {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 200 }), fc.integer({ min: 0, max: 255 }), (body, flags) => {
          decodesOrThrowsError(new Uint8Array([0x47, 0x50, 0, flags, 0, 0, 0, 0, ...body]));
        }),
        fuzzParameters('geoPackageGeometryRandom'),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'a real blob truncated or bit-flipped: a geometry or an Error with a message',
    () => {
      const blob = squareBlob();
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: blob.length }),
          fc.array(fc.tuple(fc.nat(blob.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
          (cut, flips) => {
            const damaged = blob.slice(0, cut);
            for (const [at, value] of flips) if (at < damaged.length) damaged[at] = value;
            decodesOrThrowsError(damaged);
          },
        ),
        fuzzParameters('geoPackageGeometryCorrupted'),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});

describe('a GDAL-written GeoPackage, damaged, through importOfficialLayers (fuzz)', () => {
  let gpkg: Uint8Array;
  beforeAll(async () => {
    const { fx } = await officialFixtures(
      join(new URL('../../../', import.meta.url).pathname, 'public', 'data'),
    );
    gpkg = new Uint8Array(readFileSync(fx.plssGpkg));
  }, 200_000);

  it('truncated or bit-flipped: the layer, or an ImportError naming the file', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 115_000 }),
        fc.array(fc.tuple(fc.nat(115_000), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        async (cut, flips) => {
          const damaged = gpkg.slice(0, Math.min(cut, gpkg.length));
          for (const [at, value] of flips) if (at < damaged.length) damaged[at] = value;
          try {
            const result = await importOfficialLayers([{ name: 'plan_mngeo_trs.gpkg', bytes: damaged }], {
              sqlJs: loadSqlJs,
              map: { 'plss.meridian': '4' },
            });
            expect(result.layers[0]?.name).toBe('plss');
          } catch (error) {
            expect(error).toBeInstanceOf(ImportError);
            expect((error as Error).message).toMatch(/^plan_mngeo_trs\.gpkg/);
          }
        },
      ),
      fuzzParameters('geoPackageFileCorrupted', 300),
    );
  }, 120_000);
});
