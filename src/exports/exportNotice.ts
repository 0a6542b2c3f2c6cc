/**
 * What every exported file says about itself: a screening aid, and whether its geography is a
 * demonstration. A file travels without the page, so the flag must travel inside it.
 */

export const SCREENING_NOTICE = 'Screening aid, not a determination under Minn. Stat. 103G.222';

export interface ExportNotice {
  /** Names of the layers that are demonstration stand-ins; empty when all are official. */
  demonstrationLayers: readonly string[];
  /**
   * What the build lacks or holds only in part (formats/buildGaps' gapLine), so a file with no bank
   * row never reads as "no bank serves the area". Absent or empty: nothing lacking.
   */
  buildGaps?: readonly string[];
}

/** The build's gaps in one cell: the lines joined by " | ", or "none". */
export function gapsNotice(notice: ExportNotice): string {
  return notice.buildGaps && notice.buildGaps.length > 0 ? notice.buildGaps.join(' | ') : 'none';
}

/** One line on the geography behind the answers, for a CSV column or a GeoJSON member. */
export function geographyNotice(notice: ExportNotice): string {
  if (notice.demonstrationLayers.length === 0) return 'official layers';
  return `demonstration geography — not official (${notice.demonstrationLayers.join(', ')})`;
}
