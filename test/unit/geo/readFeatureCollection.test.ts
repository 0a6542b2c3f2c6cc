import { geojson } from 'flatgeobuf';
import type { FeatureCollection } from 'geojson';
import { describe, expect, it } from 'vitest';
import { readFeatureCollection } from '../../../src/geo/readFeatureCollection.ts';
import { ReadLayerError } from '../../../src/geo/readLayerError.ts';

const square: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { id: 1, name: 'Square' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-94, 45],
            [-93, 45],
            [-93, 46],
            [-94, 46],
            [-94, 45],
          ],
        ],
      },
    },
  ],
};

describe('readFeatureCollection', () => {
  const bytes = geojson.serialize(square);

  it('decodes a whole layer', async () => {
    const collection = await readFeatureCollection(bytes, 'squares.fgb');
    expect(collection.features).toHaveLength(1);
    expect(collection.features[0]?.properties?.name).toBe('Square');
  });

  it.each([12, 40, 60, bytes.length - 7])(
    'refuses the file cut to %i bytes with an error naming it',
    async (length) => {
      const cut = bytes.slice(0, length);
      await expect(readFeatureCollection(cut, 'squares.fgb')).rejects.toThrow(ReadLayerError);
      await expect(readFeatureCollection(cut, 'squares.fgb')).rejects.toThrow(/squares\.fgb/);
    },
  );
});
