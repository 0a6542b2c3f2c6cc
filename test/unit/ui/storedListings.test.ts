import { describe, expect, it } from 'vitest';
import { lostText } from '../../../src/ui/credits/creditsStore.ts';
import { decodeStoredListings, encodeStoredListings } from '../../../src/ui/credits/decodeStoredListings.ts';
import type { LoadedListing } from '../../../src/ui/credits/loadedListing.ts';

// Issue 32 item 7: a corrupt browser-store record showed nothing, and the next "Load" overwrote it.
const listing = (file: string, available = 2): LoadedListing => ({
  id: `1-${file}`,
  file,
  kind: 'bwsr-listing',
  asOf: null,
  loadedAt: '2026-12-01T10:00:00.000Z',
  rows: [
    {
      file,
      row: 2,
      kind: 'bwsr-listing',
      ribitsBankId: null,
      bwsrAccount: '1545',
      bankName: 'Alpha Bank',
      county: null,
      approval: 'wca-only',
      jurisdiction: null,
      creditType: 'Standard',
      creditClassification: null,
      creditSubgroup: null,
      plantCommunity: null,
      circular39Type: null,
      available,
      released: null,
      potential: null,
      unit: 'acres',
      unitAsWritten: 'acres',
      pricePerCredit: null,
      contact: null,
      asOf: '2026-11-01',
      asOfFrom: 'file',
    },
  ],
  leftOut: [],
});
const A = listing('alpha.csv');
const B = listing('beta listing.csv');
const v2 = (entries: { file: string; json: string }[]) => ({ key: 'current', entries });
const legacy = (json: string) => ({ key: 'current', json });

describe('listings kept in the browser: a damaged one is named, the rest kept', () => {
  it.each([
    ['nothing kept', undefined, [], []],
    ['this version, whole', encodeStoredListings([A, B]), ['alpha.csv', 'beta listing.csv'], []],
    [
      'this version, one entry cut short',
      v2([
        encodeStoredListings([A]).entries[0]!,
        { file: 'beta listing.csv', json: JSON.stringify(B).slice(0, 90) },
      ]),
      ['alpha.csv'],
      ['beta listing.csv'],
    ],
    [
      'this version, a figure that is not a number',
      v2([{ file: 'beta listing.csv', json: JSON.stringify(B).replace('"available":2', '"available":"2"') }]),
      [],
      ['beta listing.csv'],
    ],
    ['the first version, whole', legacy(JSON.stringify([A, B])), ['alpha.csv', 'beta listing.csv'], []],
    [
      'the first version, cut short (names read from what is left)',
      legacy(JSON.stringify([A, B]).slice(0, 900)),
      [],
      ['alpha.csv', 'beta listing.csv'],
    ],
    [
      'the first version, one listing damaged',
      legacy(JSON.stringify([A, { ...B, rows: 'garbage' }])),
      ['alpha.csv'],
      ['beta listing.csv'],
    ],
    ['the first version, unreadable', legacy('{{{'), [], ['the saved listings (their names cannot be read)']],
  ])('%s', (_what, record, kept, lost) => {
    const read = decodeStoredListings(record);
    expect(read.listings.map((l) => l.file)).toEqual(kept);
    expect(read.lost).toEqual(lost);
  });

  it('a kept listing reads back exactly as it was saved', () => {
    expect(decodeStoredListings(encodeStoredListings([A, B])).listings).toEqual([A, B]);
  });

  it('the page names what was lost and says the rest is kept', () => {
    expect(lostText(['beta listing.csv'], 1)).toBe(
      'A credit listing kept in this browser could not be read and is not used: "beta listing.csv" (the saved copy is damaged). Load the file again to use it. The other listing is kept.',
    );
    expect(lostText(['a.csv', 'b.csv'], 0)).toMatch(
      /^2 credit listings .* are not used: "a\.csv", "b\.csv" .*Load the files again to use them\. No other listing was kept\.$/,
    );
  });
});
