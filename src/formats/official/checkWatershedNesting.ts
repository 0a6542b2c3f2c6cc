import { bboxOf } from '../geometry/bboxOf.ts';
import { pointOnSurface } from '../geometry/pointOnSurface.ts';
import { polygonParts } from '../geometry/polygonParts.ts';
import { pointInPolygons } from '../geometry/ringGeometry.ts';
import type { AreaFeature } from '../layers/layerTypes.ts';
import { PipelineError } from '../PipelineError.ts';

/**
 * Every minor watershed must lie in exactly one major, the one its `majorWatershed` names,
 * and its id must start with that major's number (DNR convention; the priority order of
 * Minn. Stat. 103G.222 subd. 3(a) relies on it). Tests a point inside each minor against
 * every major whose box holds it.
 * @throws PipelineError listing the mismatches
 */
export function checkWatershedNesting(source: string, minors: AreaFeature[], majors: AreaFeature[]): void {
  const indexed = majors.map((major) => ({
    id: Number(major.properties.id),
    box: bboxOf(major.geometry),
    parts: polygonParts(major.geometry),
  }));
  const mismatches: string[] = [];
  for (const minor of minors) {
    const id = String(minor.properties.id);
    const declared = Number(minor.properties.majorWatershed);
    if (!id.startsWith(String(declared).padStart(2, '0')))
      mismatches.push(
        `minor ${id} says major ${declared} but its id does not start with ${String(declared).padStart(2, '0')}`,
      );
    const point = pointOnSurface(polygonParts(minor.geometry));
    if (!point) {
      mismatches.push(`minor ${id} has no interior`);
      continue;
    }
    const [x, y] = [point[0]!, point[1]!];
    const containing = indexed
      .filter((m) => x >= m.box[0] && x <= m.box[2] && y >= m.box[1] && y <= m.box[3])
      .filter((m) => pointInPolygons(x, y, m.parts))
      .map((m) => m.id);
    if (containing.length !== 1)
      mismatches.push(
        `minor ${id} lies in ${containing.length === 0 ? 'no major' : `majors ${containing.join(', ')}`} (expected exactly one: ${declared})`,
      );
    else if (containing[0] !== declared)
      mismatches.push(`minor ${id} says major ${declared} but lies in major ${containing[0]}`);
  }
  if (mismatches.length === 0) return;
  const listed = mismatches.slice(0, 12).map((m) => `  - ${m}`);
  if (mismatches.length > 12) listed.push(`  … and ${mismatches.length - 12} more`);
  throw new PipelineError(`${source}: ${mismatches.length} minor/major mismatch(es)\n${listed.join('\n')}`);
}
