/**
 * How the `plss` layer (data/SCHEMA.md) names a Public Land Survey System section: the importer
 * builds its id from these fields and the page and CLI label it the way a replacement-plan
 * application asks (Minn. R. 8420.0330).
 */

const ORDINAL: Record<number, string> = { 4: '4th', 5: '5th' };

/** What names a PLSS section: principal meridian, township, range and section number. */
export interface PlssName {
  meridian: number;
  township: number;
  townshipDirection: string;
  range: number;
  rangeDirection: string;
  section: number;
}

/** "T104N R14W S12 (5th principal meridian)" from a section's properties. */
export function plssLabel(p: PlssName): string {
  return `T${p.township}${p.townshipDirection} R${p.range}${p.rangeDirection} S${p.section} (${ORDINAL[p.meridian] ?? `${p.meridian}th`} principal meridian)`;
}
