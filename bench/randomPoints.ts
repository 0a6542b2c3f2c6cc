import { createRandom } from '../data/lib/createRandom.ts';

/** The pipeline's seeded generator (mulberry32), so every run draws the same. */
export const seededRandom = createRandom;

/** The seed of the benchmark's identify points, shared with the unit test that checks them. */
export const IDENTIFY_SEED = 103222;

/**
 * `count` seeded random points in `bounds` ([minX, minY, maxX, maxY]) that `accept` keeps, e.g.
 * points inside the state outline ("random points in Minnesota").
 */
export function randomPoints(
  count: number,
  bounds: readonly [number, number, number, number],
  seed: number,
  accept: (point: [number, number]) => boolean = () => true,
): [number, number][] {
  const random = seededRandom(seed);
  const [minX, minY, maxX, maxY] = bounds;
  const points: [number, number][] = [];
  // The state fills about 70% of its box; the cap only stops an `accept` that refuses everything.
  for (let tries = 0; points.length < count && tries < count * 100; tries++) {
    const point: [number, number] = [minX + random() * (maxX - minX), minY + random() * (maxY - minY)];
    if (accept(point)) points.push(point);
  }
  if (points.length < count) throw new Error(`only ${points.length} of ${count} points were accepted`);
  return points;
}
