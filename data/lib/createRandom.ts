/**
 * A seeded pseudo-random generator (mulberry32), so that the demonstration geography
 * is the same byte for byte on every machine and every run.
 * @param seed any 32-bit integer
 * @returns a function giving numbers in [0, 1)
 */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
