/**
 * The public view's answer for a place, in plain words first and the rule's term after:
 * "greater than 80 percent area" means nothing to most residents.
 * Sources: Minn. R. 8420.0117 subp. 1 (the classes), Minn. Stat. 103G.222 subd. 1(f)/(g)
 * (ratios) and subd. 3(a) (no replacement into a >80 % area from outside one).
 */
import type { AreaClass } from '../siting';

const MEANING: Record<AreaClass, { remain: string; rule: string }> = {
  'greater-than-80': {
    remain: 'most of the wetlands that were here before settlement are still here (more than 80 percent)',
    rule: 'A wetland lost here is replaced acre for acre (1:1).',
  },
  '50-to-80': {
    remain: 'between half and 80 percent of the wetlands that were here before settlement remain',
    rule: 'A wetland lost here is usually replaced two acres for one (2:1; acre for acre on agricultural land), and not in a place where more than 80 percent remain.',
  },
  'less-than-50': {
    remain: 'fewer than half of the wetlands that were here before settlement remain',
    rule: 'A wetland lost here is usually replaced two acres for one (2:1; acre for acre on agricultural land), and not in a place where more than 80 percent remain.',
  },
};

/** The law's term for each class, given after the plain words. */
const TERM: Record<AreaClass, string> = {
  'greater-than-80': 'a “greater than 80 percent area”',
  '50-to-80': 'a “50 to 80 percent area”',
  'less-than-50': 'a “less than 50 percent area”',
};

export function plainAreaClass(placeName: string, areaClass: AreaClass | null): string {
  if (!areaClass) return `${placeName}: the wetland class of this place is not known.`;
  const meaning = MEANING[areaClass];
  return `In ${placeName}, ${meaning.remain}. ${meaning.rule} The rules call this ${TERM[areaClass]}.`;
}
