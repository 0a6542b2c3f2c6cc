/** Closes a ring of [lon, lat] if it is open. */
export function closeRing(ring: readonly [number, number][]): [number, number][] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last) return [];
  return first[0] === last[0] && first[1] === last[1] ? [...ring] : [...ring, first];
}
