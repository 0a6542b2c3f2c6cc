import { describe, expect, it } from 'vitest';
import { insertJunctionVertices } from '../../../data/lib/insertJunctionVertices.ts';
import type { AreaFeature } from '../../../src/formats/layers/layerTypes.ts';

const square = (id: string, ring: [number, number][]): AreaFeature => ({
  type: 'Feature',
  properties: { id },
  geometry: { type: 'Polygon', coordinates: [[...ring, ring[0] as [number, number]]] },
});

/** The outer ring of a layer's first feature. */
function outerRing(features: AreaFeature[] | undefined): number[][] | undefined {
  const geometry = features?.[0]?.geometry;
  if (geometry?.type !== 'Polygon') throw new Error('expected a polygon');
  return geometry.coordinates[0];
}

describe('insertJunctionVertices', () => {
  // Big: [0,2]x[0,2] with its right edge one segment. Its neighbours, in another layer, meet at
  // J = (2, 1), a vertex of both: met twice, it must go into the segment once.
  const big = square('big', [
    [0, 0],
    [2, 0],
    [2, 2],
    [0, 2],
  ]);
  const lower = square('lower', [
    [2, 0],
    [3, 0],
    [3, 1],
    [2, 1],
  ]);
  const upper = square('upper', [
    [2, 1],
    [3, 1],
    [3, 2],
    [2, 2],
  ]);

  it('puts a neighbour vertex lying on a segment into it once, however many rings hold it', () => {
    const [fixedBig] = insertJunctionVertices([[big], [lower, upper]]);
    expect(outerRing(fixedBig)).toEqual([
      [0, 0],
      [2, 0],
      [2, 1],
      [2, 2],
      [0, 2],
      [0, 0],
    ]);
  });

  it('inserts several in the order they lie along the segment, and leaves rings without junctions as they were', () => {
    const third = square('third', [
      [2, 0.5],
      [2.5, 0.5],
      [2.5, 1.5],
      [2, 1.5],
    ]);
    const [fixedBig, fixedOthers] = insertJunctionVertices([[big], [third]]);
    expect(outerRing(fixedBig)).toEqual([
      [0, 0],
      [2, 0],
      [2, 0.5],
      [2, 1.5],
      [2, 2],
      [0, 2],
      [0, 0],
    ]);
    expect(fixedOthers?.[0]?.geometry).toEqual(third.geometry);
  });
});
