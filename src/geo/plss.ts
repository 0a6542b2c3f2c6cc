/**
 * Public Land Survey System sections (MnGeo `plan_mngeo_trs`, imported as the `plss` layer):
 * reading a section's township, range and section, naming it the way a replacement-plan
 * application asks (Minn. R. 8420.0330), parsing "T104N R14W S12", and the quarter section a
 * point falls in. Minnesota is surveyed from two principal meridians (4th and 5th), so a
 * township and range repeat: the meridian is kept with every section. Pure.
 */
import type { Feature, MultiPolygon, Polygon } from 'geojson';

export interface PlssSection {
  /** e.g. `M5-T104N-R14W-S12` */
  id: string;
  meridian: 4 | 5;
  township: number;
  townshipDirection: 'N';
  range: number;
  rangeDirection: 'E' | 'W';
  section: number;
}

/** The section a feature's properties describe, or null when they do not (schema: data/SCHEMA.md). */
export function plssFromProperties(
  properties: Record<string, unknown> | null | undefined,
): PlssSection | null {
  if (!properties) return null;
  const { id, meridian, township, townshipDirection, range, rangeDirection, section } = properties;
  if (
    typeof id !== 'string' ||
    (meridian !== 4 && meridian !== 5) ||
    !Number.isInteger(township) ||
    townshipDirection !== 'N' ||
    !Number.isInteger(range) ||
    (rangeDirection !== 'E' && rangeDirection !== 'W') ||
    !Number.isInteger(section)
  )
    return null;
  return {
    id,
    meridian,
    township: township as number,
    townshipDirection,
    range: range as number,
    rangeDirection,
    section: section as number,
  };
}

/** "T104N R14W S12" */
export function plssShortLabel(section: PlssSection): string {
  return `T${section.township}${section.townshipDirection} R${section.range}${section.rangeDirection} S${section.section}`;
}

/** "T104N R14W S12 (5th principal meridian)": the CLI's wording (locatePlss.ts), one for both. */
export { plssLabel } from '../formats/layers/plssName.ts';

export interface PlssQuery {
  township: number;
  range: number;
  rangeDirection: 'E' | 'W';
  /** Absent: the whole township. */
  section?: number;
  /** Absent: either meridian. */
  meridian?: 4 | 5;
}

const QUERY =
  /^t\s*(\d{1,3})\s*n?[\s,]*r\s*(\d{1,3})\s*([ew])(?:[\s,]*(?:s|sec|section)\s*(\d{1,2}))?(?:[\s,]*(?:m\s*([45])|([45])(?:th)?\s*(?:pm|p\.m\.|principal meridian)))?$/;

/**
 * Reads "T104N R14W S12", "t104 r14w s12", "T104N R14W" (a township), optionally with a meridian
 * ("M5", "5th PM"). Null when the text is not a township and range.
 */
export function parsePlssQuery(text: string): PlssQuery | null {
  const match = QUERY.exec(text.trim().toLowerCase().replace(/\s+/g, ' '));
  if (!match) return null;
  const township = Number(match[1]);
  const range = Number(match[2]);
  const section = match[4] === undefined ? undefined : Number(match[4]);
  if (township < 1 || range < 1 || (section !== undefined && (section < 1 || section > 36))) return null;
  const meridianText = match[5] ?? match[6];
  const query: PlssQuery = { township, range, rangeDirection: match[3] === 'e' ? 'E' : 'W' };
  if (section !== undefined) query.section = section;
  if (meridianText) query.meridian = meridianText === '4' ? 4 : 5;
  return query;
}

/** Whether a section answers a query. */
export function plssMatches(section: PlssSection, query: PlssQuery): boolean {
  return (
    section.township === query.township &&
    section.range === query.range &&
    section.rangeDirection === query.rangeDirection &&
    (query.section === undefined || section.section === query.section) &&
    (query.meridian === undefined || section.meridian === query.meridian)
  );
}

export type Quarter = 'NE' | 'NW' | 'SE' | 'SW';

/**
 * The quarter of the section a point lies in, by the midlines of the section polygon's extent
 * (half way between its west and east edges, and its south and north edges). The legal quarter
 * lines run between surveyed quarter corners, which a sections layer does not hold; for the
 * regular, nearly square sections of Minnesota's survey the two agree closely, but along
 * correction lines and irregular (lake, state-line) sections they may not — the card says
 * "approximately".
 */
export function quarterSection(
  point: readonly [number, number],
  feature: Feature<Polygon | MultiPolygon>,
): Quarter {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const polygons =
    feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
  for (const polygon of polygons) {
    for (const [x = 0, y = 0] of polygon[0] ?? []) {
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  const north = point[1] >= (minY + maxY) / 2;
  const east = point[0] >= (minX + maxX) / 2;
  return `${north ? 'N' : 'S'}${east ? 'E' : 'W'}` as Quarter;
}
