import type { AreaClass } from '../../src/formats/layers/layerSchemas.ts';

/**
 * Minn. R. 8420.0117 subp. 1: the counties in greater-than-80-percent and 50-to-80-percent
 * areas; every other county is a less-than-50-percent area. Rule text, so it is committed.
 * Reclassification (subp. 2; Minn. Stat. 103G.222 subd. 1(o)/(p)) is data, in
 * data/area-class-overrides.json, never an edit here unless the rule itself changes.
 */
export const GREATER_THAN_80_COUNTIES = [
  'Aitkin',
  'Beltrami',
  'Carlton',
  'Cass',
  'Clearwater',
  'Cook',
  'Crow Wing',
  'Hubbard',
  'Isanti',
  'Itasca',
  'Kanabec',
  'Koochiching',
  'Lake',
  'Lake of the Woods',
  'Mille Lacs',
  'Pine',
  'St. Louis',
  'Wadena',
] as const;

/** Minn. R. 8420.0117 subp. 1, 50 to 80 percent areas. */
export const FIFTY_TO_80_COUNTIES = [
  'Anoka',
  'Becker',
  'Benton',
  'Chisago',
  'Morrison',
  'Otter Tail',
  'Sherburne',
  'Todd',
] as const;

/** Number of Minnesota counties; the rule's "every other county" must leave 61. */
export const MINNESOTA_COUNTY_COUNT = 87;

/** Spelling differences between sources ("Saint Louis", "St Louis") do not change a county. */
function normalizeCountyName(name: string): string {
  return name
    .replace(/\s+County$/i, '')
    .replace(/^Saint\s+/i, 'St. ')
    .replace(/^St\.?\s+/i, 'St. ')
    .trim()
    .toLowerCase();
}

const GT80 = new Set(GREATER_THAN_80_COUNTIES.map(normalizeCountyName));
const FIFTY80 = new Set(FIFTY_TO_80_COUNTIES.map(normalizeCountyName));

/**
 * The wetland area class of a county by name, per Minn. R. 8420.0117 subp. 1.
 * @param countyName e.g. "St. Louis", "Saint Louis County"
 */
export function countyAreaClass(countyName: string): AreaClass {
  const key = normalizeCountyName(countyName);
  if (GT80.has(key)) return 'greater-than-80';
  if (FIFTY80.has(key)) return '50-to-80';
  return 'less-than-50';
}

/** Names of the listed counties, normalized, so a build can check every one was matched. */
export function listedCountyKeys(): string[] {
  return [...GT80, ...FIFTY80];
}

export { normalizeCountyName };
