import { orient2d } from 'robust-predicates';

/**
 * One edge of point-in-polygon-hao's crossing count, for an edge (u1, v1)-(u2, v2) given relative
 * to the point tested: -1 when the point lies on the edge, 1 when the edge crosses the ray the
 * count follows, 0 otherwise. The same arithmetic as hao's, so a count over a ring's edges (all of
 * them, or only those near the point) answers as hao does. Shared by the edge bands of large
 * lookup polygons (ringBands.ts) and the flat site outlines (siteImport/flatOutline.ts).
 */
export function haoEdgeStep(u1: number, v1: number, u2: number, v2: number): -1 | 0 | 1 {
  if (v1 === 0 && v2 === 0) {
    if ((u2 <= 0 && u1 >= 0) || (u1 <= 0 && u2 >= 0)) return -1;
  } else if ((v2 >= 0 && v1 <= 0) || (v2 <= 0 && v1 >= 0)) {
    const f = orient2d(u1, u2, v1, v2, 0, 0);
    if (f === 0) return -1;
    if ((f > 0 && v2 > 0 && v1 <= 0) || (f < 0 && v2 <= 0 && v1 > 0)) return 1;
  }
  return 0;
}
