import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDataDir } from '../../../src/cli/dataDir.ts';
import { parsePlaceNames } from '../../../src/formats/placeNames/placeNames.ts';
import { lguPlaceAt } from '../../../src/geo/lguPlaceAt.ts';

/**
 * Issue 37: beside the LGU blank, where the impact lies, from the build's MnDOT civil divisions
 * (city-outlines.fgb, the city boundaries; place-names.json, the township reference points).
 */
const DATA = path.resolve(import.meta.dirname, '../../../public/data');

describe('where to confirm the LGU', () => {
  it.each([
    [
      'inside a city boundary: the city and its county',
      [-93.265, 44.978],
      'Hennepin',
      /City of Minneapolis .*Hennepin County/,
    ],
    ['inside a small city (Palisade, Aitkin County)', [-93.4888, 46.7133], 'Aitkin', /City of Palisade/],
    [
      'outside every city: the nearest township point of the county',
      [-93.6, 46.2],
      'Mille Lacs',
      /no city's boundary .*nearest township reference point is South Harbor/,
    ],
  ] as const)('%s', async (_label, point, county, words) => {
    const data = await openDataDir(DATA);
    const entry = data.manifest.placeNames!;
    expect(entry.cityOutlines?.count).toBe(906);
    const places = parsePlaceNames(JSON.parse(await readFile(path.join(DATA, entry.file), 'utf8')));
    const found = await lguPlaceAt(point, data.source, entry.cityOutlines!.file, places, county);
    expect(found.words).toMatch(words);
    expect(found.words).toMatch(/where to confirm the LGU, not the LGU of record/);
  });
});
