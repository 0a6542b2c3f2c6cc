import { countyLabel } from './countyNames.ts';
import { describeAreaClass } from './describe.ts';
import type { CountyClass } from './types.ts';

function side({ county, areaClass }: CountyClass): string {
  return countyLabel(county, areaClass === null ? 'of unknown class' : `a ${describeAreaClass(areaClass)}`);
}

/**
 * "the line between Aitkin County (27001, a greater-than-80-percent area) and Morrison County
 * (27097, a 50-to-80-percent area)": the counties a place on a county line touches, with the
 * class of each (Minn. R. 8420.0117 subp. 1).
 */
export function describeCountyLine(line: readonly CountyClass[]): string {
  const sides = line.map(side);
  const listed =
    sides.length <= 2
      ? sides.join(' and ')
      : `${sides.slice(0, -1).join(', ')} and ${sides[sides.length - 1]}`;
  return `the line between ${listed}`;
}
