import type { SiteGeometry } from '../../formats/geometry/siteGeometry.ts';
import type { Rect } from '../featureSource.ts';
import { asFlat, flatBox } from './flatOutline.ts';

/** Grid cells of this many degrees the lookup layers are read in (see outlineCells). */
const CELL_DEGREES = 0.25;

/**
 * The cells of a CELL_DEGREES grid that the outlines' boxes touch, as rects: every unit polygon
 * an outline overlaps has an index box meeting one of them, so the lookup layers need be read
 * there only (the CLI's batch and the page's import of outlines both read them so). A few
 * parcels touch a few cells, a county's parcels some dozens, sites all over the state at most
 * the ~700 cells of the state's box, each read once. Sites without an outline touch none.
 */
export function outlineCells(sites: readonly { geometry?: SiteGeometry }[]): Rect[] {
  const cells = new Map<string, Rect>();
  for (const { geometry } of sites) {
    if (!geometry) continue;
    const [minX, minY, maxX, maxY] = flatBox(asFlat(geometry).xy);
    if (!(minX <= maxX && minY <= maxY)) continue;
    for (let cx = Math.floor(minX / CELL_DEGREES); cx <= Math.floor(maxX / CELL_DEGREES); cx++)
      for (let cy = Math.floor(minY / CELL_DEGREES); cy <= Math.floor(maxY / CELL_DEGREES); cy++) {
        const key = `${cx},${cy}`;
        if (!cells.has(key))
          cells.set(key, {
            minX: cx * CELL_DEGREES,
            minY: cy * CELL_DEGREES,
            maxX: (cx + 1) * CELL_DEGREES,
            maxY: (cy + 1) * CELL_DEGREES,
          });
      }
  }
  return [...cells.values()];
}
