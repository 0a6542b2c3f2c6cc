/**
 * Candidates from a sites file other than the CLI's CSV: GeoJSON (points or polygons), a zipped
 * shapefile, a GeoPackage or FlatGeobuf, in any CRS with a .prj or srs — read by the page's own
 * reader (src/geo/siteImport/readSitesFile.ts) with the same limits and messages. Outlines are
 * located by their area over the built lookup layers' polygons they may overlap (see outlineLookupIndex):
 * each is ranked in the units holding most of it, and the split is named in its reasons
 * (subd. 3(a)(1)-(3)), as on the page.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadSqlJs } from '../formats/geopackage/loadSqlJs.ts';
import { createSiteLocator } from '../geo/siteImport/locateSitePolygon.ts';
import { locateSites } from '../geo/siteImport/locateSites.ts';
import { readSitesFile } from '../geo/siteImport/readSitesFile.ts';
import {
  SITE_ATTRIBUTES,
  type SiteAttribute,
  type SiteColumnMapping,
} from '../geo/siteImport/siteColumnMapping.ts';
import type { Candidate } from '../siting/index.ts';
import { UsageError } from './cliErrors.ts';
import { outlineLookupIndex } from './outlineLookupIndex.ts';

export { isSitesFile } from './isSitesFile.ts';

/** `--columns name=PARCEL_NAME,action=TREATMENT`: which column holds which site attribute. */
export function parseColumns(text: string | undefined): SiteColumnMapping | undefined {
  if (text === undefined) return undefined;
  const mapping: SiteColumnMapping = {};
  for (const pair of text.split(',')) {
    const [attribute = '', column] = pair.split(/=(.*)/s, 2).map((part) => part.trim());
    if (!SITE_ATTRIBUTES.includes(attribute as SiteAttribute) || column === undefined || column === '')
      throw new UsageError(
        `--columns: "${pair}" is not attribute=column (attributes: ${SITE_ATTRIBUTES.join(', ')})`,
      );
    mapping[attribute as SiteAttribute] = column;
  }
  return mapping;
}

/**
 * The file's sites as project-specific candidates: an outline's units are those holding most of
 * its area (a point's are filled from the layers later, as for CSV rows).
 * @throws UsageError naming the file, the feature and the problem (or the columns to name)
 */
export async function siteFileCandidates(
  file: string,
  dataDir: string,
  mapping?: SiteColumnMapping,
): Promise<Candidate[]> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new UsageError(`${file}: ${code === 'ENOENT' ? 'not found' : 'cannot be read'}`);
  }
  const read = await readSitesFile(path.basename(file), bytes, {
    idPrefix: '',
    sqlJs: loadSqlJs,
    ...(mapping ? { mapping } : {}),
  });
  if (!read.ok) {
    if ('needsMapping' in read)
      throw new UsageError(
        `${read.message} Name them with --columns, e.g. --columns name=COLUMN,action=COLUMN (columns: ${read.needsMapping.columns.join(', ')})`,
      );
    throw new UsageError(read.message);
  }
  let sites = read.sites;
  let units: (Candidate['units'] | null)[] = sites.map(() => null);
  if (sites.some((site) => site.geometry)) {
    const located = await locateSites(sites, createSiteLocator(await outlineLookupIndex(dataDir, sites)));
    if (located) ({ sites, units } = located);
  }
  const seen = new Set<string>();
  for (const [index, site] of sites.entries()) {
    if (seen.has(site.id))
      throw new UsageError(`${file} feature ${index + 1}: id: duplicate id "${site.id}"`);
    seen.add(site.id);
  }
  return sites.map((site, index) => ({
    id: site.id,
    kind: 'project-specific',
    name: site.name,
    location: site.location,
    units: units[index] ?? {},
    ...(site.areaShares ? { areaShares: site.areaShares } : {}),
    action: site.action,
    wetlandType: site.wetlandType ?? null,
  }));
}
