/**
 * A project-specific replacement site the user proposed (clicked, typed or imported): what the
 * page keeps, the CLI reads from a sites file, and the engine ranks as a candidate.
 */

import type { SiteGeometry } from '../formats/geometry/siteGeometry';
import type { AreaShares, ReplacementAction, WetlandType } from './types';

/** A project-specific replacement site the user proposed. */
export interface UserSite {
  id: string;
  name: string;
  location: [number, number];
  action: ReplacementAction;
  /** Circular 39 type of the replacement wetland, when given (in-kind first within a level). */
  wetlandType?: WetlandType;
  /** The site's outline (WGS84) when it was imported as a polygon; `location` is a point inside it. */
  geometry?: SiteGeometry;
  /** Acres of the site: the file's column, or the outline's area when the file has none. */
  acres?: number;
  /** Credits (acres) the site offers, from the file's column. */
  credits?: number;
  /** True when the site lies outside Minnesota: kept and listed so, never dropped. */
  outsideMinnesota?: boolean;
  /**
   * Where the outline lies when it straddles units: the share of its area in each unit, largest
   * first (src/geo/siteImport/locateSitePolygon.ts); the site is ranked by the largest.
   */
  areaShares?: SiteAreaShares;
}

/** Shares of a site's area by kind of unit, largest share first (the engine's AreaShares). */
export type SiteAreaShares = AreaShares;
