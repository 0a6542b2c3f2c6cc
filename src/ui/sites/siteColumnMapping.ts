/**
 * Which columns of a sites file hold a site's attributes, as the user chose them in the mapping
 * dialog, and the reader's answer when it cannot tell by itself. The choice is remembered per
 * set of column names (local storage), so the next file from the same source imports at once.
 */

import type { ParsedSites } from '../../geo/siteImport/parseSitesFile';
import type { SiteColumnMapping } from '../../geo/siteImport/siteColumnMapping';

/** Column names per site attribute (the reader's type); absent or null when the file has none. */
export type { SiteColumnMapping };

export const MAPPED_ATTRIBUTES = ['name', 'action', 'wetlandType', 'acres', 'credits'] as const;
export type MappedAttribute = (typeof MAPPED_ATTRIBUTES)[number];

/** What a sites reader answers: the parsed sites, a refusal, or a request to map the columns. */
export type SitesReadResult = ParsedSites;

export type NeedsMapping = Extract<SitesReadResult, { needsMapping: unknown }>;

export function needsMapping(result: SitesReadResult): result is NeedsMapping {
  return !result.ok && 'needsMapping' in result;
}

const STORAGE_PREFIX = 'mn-wetland-siting:site-columns:v1:';

/** The key of a set of columns: the same names in any order are the same source. */
function keyOf(columns: readonly string[]): string {
  return STORAGE_PREFIX + [...new Set(columns.map((column) => column.trim().toLowerCase()))].sort().join('|');
}

/** The mapping remembered for these columns, keeping only columns the file still has. */
export function rememberedMapping(
  columns: readonly string[],
  storage: Pick<Storage, 'getItem'> | null = safeStorage(),
): SiteColumnMapping | null {
  let value: unknown;
  try {
    value = JSON.parse(storage?.getItem(keyOf(columns)) ?? 'null');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const mapping: SiteColumnMapping = {};
  for (const attribute of MAPPED_ATTRIBUTES) {
    const column = (value as Record<string, unknown>)[attribute];
    if (typeof column === 'string' && columns.includes(column)) mapping[attribute] = column;
  }
  return mapping;
}

/** Remembers the mapping for these columns; storage that refuses is not an error. */
export function rememberMapping(
  columns: readonly string[],
  mapping: SiteColumnMapping,
  storage: Pick<Storage, 'setItem'> | null = safeStorage(),
): void {
  try {
    storage?.setItem(keyOf(columns), JSON.stringify(mapping));
  } catch {
    // Full or disabled storage: the dialog simply asks again next time.
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
