import type { LoadedListing } from './loadedListing';

/** The listings read back from this browser, and the files of those that could not be. */
export interface StoredListings {
  listings: LoadedListing[];
  /** Names of the listings lost (their saved copy damaged), or a phrase when even the name is gone. */
  lost: string[];
}

const KINDS = new Set(['bwsr-listing', 'ribits-credit-classification']);
const UNITS = new Set(['acres', 'square-feet', 'credits']);

const isRow = (r: unknown): boolean => {
  const row = r as Record<string, unknown> | null;
  return (
    typeof row === 'object' &&
    row !== null &&
    typeof row.file === 'string' &&
    Number.isInteger(row.row) &&
    typeof row.bankName === 'string' &&
    typeof row.available === 'number' &&
    Number.isFinite(row.available) &&
    typeof row.unit === 'string' &&
    UNITS.has(row.unit)
  );
};

/** A listing as the page saved it, every row whole; a listing with one damaged row is not used at all. */
function isListing(value: unknown): value is LoadedListing {
  const l = value as Record<string, unknown> | null;
  return (
    typeof l === 'object' &&
    l !== null &&
    typeof l.id === 'string' &&
    typeof l.file === 'string' &&
    typeof l.kind === 'string' &&
    KINDS.has(l.kind) &&
    typeof l.loadedAt === 'string' &&
    (l.asOf === null || typeof l.asOf === 'string') &&
    Array.isArray(l.rows) &&
    l.rows.every(isRow) &&
    Array.isArray(l.leftOut)
  );
}

/** The file names a damaged text still shows (`"file":"…"`), for saying what was lost. */
function namesIn(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/"file":"((?:[^"\\]|\\.)*)"/g)) {
    try {
      names.add(JSON.parse(`"${match[1]}"`) as string);
    } catch {
      // Cut inside an escape: not a name.
    }
  }
  return [...names];
}

const nameOf = (value: unknown): string | null => {
  const file = (value as { file?: unknown } | null)?.file;
  return typeof file === 'string' ? file : null;
};

/**
 * The kept listings from the browser's record — this version's (`entries`: one JSON text per
 * listing, so a damaged one costs only itself) or the first (`json`: all listings in one text).
 * What cannot be read is named in `lost` and left out; the rest is kept. Never throws.
 */
export function decodeStoredListings(record: unknown): StoredListings {
  const r = record as { entries?: unknown; json?: unknown } | null | undefined;
  if (Array.isArray(r?.entries)) {
    const listings: LoadedListing[] = [];
    const lost: string[] = [];
    for (const entry of r.entries as { file?: unknown; json?: unknown }[]) {
      let value: unknown = null;
      try {
        value = typeof entry?.json === 'string' ? JSON.parse(entry.json) : null;
      } catch {
        value = null;
      }
      if (isListing(value)) listings.push(value);
      else lost.push(typeof entry?.file === 'string' ? entry.file : 'a listing whose name cannot be read');
    }
    return { listings, lost };
  }
  if (typeof r?.json !== 'string') return { listings: [], lost: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(r.json);
  } catch {
    const names = namesIn(r.json);
    return {
      listings: [],
      lost: names.length > 0 ? names : ['the saved listings (their names cannot be read)'],
    };
  }
  if (!Array.isArray(parsed)) return { listings: [], lost: ['the saved listings (not a list)'] };
  const listings = parsed.filter(isListing);
  const lost = parsed
    .filter((v) => !isListing(v))
    .map((v) => nameOf(v) ?? 'a listing whose name cannot be read');
  return { listings, lost };
}

/** The record this version writes: one JSON text per listing, each with its file's name beside it. */
export function encodeStoredListings(listings: readonly LoadedListing[]): {
  entries: { file: string; json: string }[];
} {
  return { entries: listings.map((listing) => ({ file: listing.file, json: JSON.stringify(listing) })) };
}
