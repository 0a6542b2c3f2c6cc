/**
 * The sums of Green's theorem the site locator takes (shoelace areas of rings, and ∮ x dy along a
 * piece of an edge), from an origin near the current outline: cross products of coordinates taken
 * from a point near the site keep their digits (lon −92 × lat 44 would cancel away the site's own
 * few metres). One outline at a time: `setSumOrigin` before its sums.
 */

/** A ring as GeoJSON positions. */
export type Ring = number[][];

let originX = 0;
let originY = 0;

/** Takes the sums that follow from (x, y). */
export function setSumOrigin(x: number, y: number): void {
  originX = x;
  originY = y;
}

/** Signed shoelace area of a ring (positive counter-clockwise), in squared degrees. */
export function ringArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const p = ring[i] as number[];
    const q = ring[i + 1] as number[];
    sum +=
      ((p[0] as number) - originX) * ((q[1] as number) - originY) -
      ((q[0] as number) - originX) * ((p[1] as number) - originY);
  }
  return sum / 2;
}

/** ringArea of the flat positions [start, end), the same sums in the same order. */
export function flatRingArea(xy: Float64Array, start: number, end: number): number {
  let sum = 0;
  for (let i = start; i < end - 1; i++)
    sum +=
      ((xy[2 * i] as number) - originX) * ((xy[2 * i + 3] as number) - originY) -
      ((xy[2 * i + 2] as number) - originX) * ((xy[2 * i + 1] as number) - originY);
  return sum / 2;
}

/** ∮ (x dy − y dx) / 2 along p→q between parameters a and b. */
export function piece(px: number, py: number, qx: number, qy: number, a: number, b: number): number {
  const ax = px - originX + (qx - px) * a;
  const ay = py - originY + (qy - py) * a;
  const bx = px - originX + (qx - px) * b;
  const by = py - originY + (qy - py) * b;
  return (ax * by - bx * ay) / 2;
}
