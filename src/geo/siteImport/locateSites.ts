/**
 * Candidate sites located by their outlines (after readSitesFile, where the lookup layers are
 * held: the page's worker, the CLI): each polygon site gets the shares of its area by unit
 * (`areaShares`), and is flagged outside Minnesota when no county holds any of it. Point sites
 * are left as they are (the point lookup places them).
 */
import type { AreaShares, Units } from '../../siting/index.ts';
import type { UserSite } from '../../siting/userSite.ts';
import type { SiteLocator } from './locateSitePolygon.ts';

const KINDS = ['minorWatershed', 'majorWatershed', 'bankServiceArea', 'county'] as const;

/**
 * The units a site is ranked by: of each kind, the unit holding most of its area; kinds its
 * outline was not located in come from `atPoint` (the lookup at its `location`), whose county
 * class is kept only when the county is the same.
 */
export function unitsFromAreaShares(shares: AreaShares, atPoint: Units = {}): Units {
  const units: Units = { ...atPoint };
  for (const kind of KINDS) {
    const top = shares[kind]?.[0];
    if (top) (units as Record<string, unknown>)[kind] = top.id;
  }
  if (units.county !== atPoint.county) delete units.countyAreaClass;
  return units;
}

/**
 * Locates every polygon site: a new list (the input is not changed) with `areaShares` set and
 * `outsideMinnesota` true where no county holds it, and the units each is ranked by. Yields to the
 * event loop every 2,000 sites so a worker can post progress and hear a cancel.
 * @returns null when the signal stopped it
 */
export async function locateSites(
  sites: readonly UserSite[],
  locator: SiteLocator,
  options: { onProgress?: (done: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<{ sites: UserSite[]; units: (Units | null)[] } | null> {
  const located: UserSite[] = [];
  const units: (Units | null)[] = [];
  for (let index = 0; index < sites.length; index++) {
    if (index % 2_000 === 0 && index > 0) {
      options.onProgress?.(index, sites.length);
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
    }
    if (options.signal?.aborted) return null;
    const site = sites[index] as UserSite;
    if (!site.geometry) {
      located.push(site);
      units.push(null);
      continue;
    }
    const where = locator.locate(site.geometry);
    const next: UserSite = { ...site, areaShares: where.areaShares };
    if (!where.inMinnesota) next.outsideMinnesota = true;
    located.push(next);
    units.push(where.units);
  }
  options.onProgress?.(sites.length, sites.length);
  return { sites: located, units };
}
