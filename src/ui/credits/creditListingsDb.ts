/**
 * Credit listings loaded in the page, kept in IndexedDB until the user removes them (issue 21):
 * the good rows of each listing as read (and the bad rows the user agreed to leave out), one
 * record for all. A database of its own; kept on this device only.
 */
import { keyValueDb } from '../../store/keyValueDb';
import { decodeStoredListings, encodeStoredListings, type StoredListings } from './decodeStoredListings';
import type { LoadedListing } from './loadedListing';

const DATABASE = 'mn-wetland-siting-credit-listings';
const STORE = 'listings';
const VERSION = 1;
const KEY = 'current';

const transact = keyValueDb({ database: DATABASE, store: STORE, version: VERSION, what: 'listing' });

/**
 * The listings kept in this browser (none: an empty list), and the names of those whose saved copy
 * is damaged: left out and named, the rest kept (issue 32 item 7).
 */
export async function readStoredListings(): Promise<StoredListings> {
  return decodeStoredListings(await transact('readonly', (store) => store.get(KEY)));
}

/** Replaces the kept listings (an empty list removes the record). */
export async function writeStoredListings(listings: readonly LoadedListing[]): Promise<void> {
  if (listings.length === 0) await transact('readwrite', (store) => store.delete(KEY));
  else
    await transact('readwrite', (store) =>
      store.put({ key: KEY, savedAt: new Date().toISOString(), ...encodeStoredListings(listings) }),
    );
}
