import type { AreaClass } from './types.ts';

/**
 * County wetland area classes of Minn. R. 8420.0117 subp. 1, keyed by county FIPS code.
 * 18 counties greater than 80 percent, 8 counties 50 to 80 percent, the other 61 less than 50.
 * Reclassification (103G.222 subd. 1(o)/(p)) is applied on top as override data, never here.
 */
const GREATER_THAN_80: Record<string, string> = {
  '27001': 'Aitkin',
  '27007': 'Beltrami',
  '27017': 'Carlton',
  '27021': 'Cass',
  '27029': 'Clearwater',
  '27031': 'Cook',
  '27035': 'Crow Wing',
  '27057': 'Hubbard',
  '27059': 'Isanti',
  '27061': 'Itasca',
  '27065': 'Kanabec',
  '27071': 'Koochiching',
  '27075': 'Lake',
  '27077': 'Lake of the Woods',
  '27095': 'Mille Lacs',
  '27115': 'Pine',
  '27137': 'St. Louis',
  '27159': 'Wadena',
};

const FIFTY_TO_80: Record<string, string> = {
  '27003': 'Anoka',
  '27005': 'Becker',
  '27009': 'Benton',
  '27025': 'Chisago',
  '27097': 'Morrison',
  '27111': 'Otter Tail',
  '27141': 'Sherburne',
  '27153': 'Todd',
};

/** Minnesota's 87 counties have the odd FIPS codes 27001 to 27173. */
function minnesotaCountyCodes(): string[] {
  const codes: string[] = [];
  for (let n = 1; n <= 173; n += 2) codes.push(`27${String(n).padStart(3, '0')}`);
  return codes;
}

function buildTable(): Readonly<Record<string, AreaClass>> {
  const table: Record<string, AreaClass> = {};
  for (const code of minnesotaCountyCodes()) {
    table[code] =
      code in GREATER_THAN_80 ? 'greater-than-80' : code in FIFTY_TO_80 ? '50-to-80' : 'less-than-50';
  }
  return Object.freeze(table);
}

/** Area class of each Minnesota county (FIPS code) per Minn. R. 8420.0117 subp. 1. */
export const COUNTY_AREA_CLASSES: Readonly<Record<string, AreaClass>> = buildTable();
