/**
 * Credit listings loaded in the page, kept in IndexedDB until the user removes them (issue 21):
 * the good rows of each listing as read (and the bad rows the user agreed to leave out), one
 * record for all. A database of its own; kept on this device only.
 */
import type { LoadedListing } from './loadedListing';

const DATABASE = 'mn-wetland-siting-credit-listings';
const STORE = 'listings';
const KEY = 'current';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  if (!opening) {
    opening = new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') {
        reject(new Error('this browser does not offer IndexedDB storage'));
        return;
      }
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE))
          request.result.createObjectStore(STORE, { keyPath: 'key' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('the browser refused its listing storage'));
    });
    opening.catch(() => {
      opening = null;
    });
  }
  return opening;
}

async function transact<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await open();
  const transaction = database.transaction(STORE, mode);
  const request = work(transaction.objectStore(STORE));
  await new Promise<void>((resolve, reject) => {
    const failed = () => reject(transaction.error ?? new Error('the browser aborted the write'));
    transaction.oncomplete = () => resolve();
    transaction.onerror = failed;
    transaction.onabort = failed;
  });
  return request.result;
}

/** The listings kept in this browser (none: an empty list). */
export async function readStoredListings(): Promise<LoadedListing[]> {
  const record = (await transact('readonly', (store) => store.get(KEY))) as { json?: string } | undefined;
  if (typeof record?.json !== 'string') return [];
  const listings: unknown = JSON.parse(record.json);
  return Array.isArray(listings) ? (listings as LoadedListing[]) : [];
}

/** Replaces the kept listings (an empty list removes the record). */
export async function writeStoredListings(listings: readonly LoadedListing[]): Promise<void> {
  if (listings.length === 0) await transact('readwrite', (store) => store.delete(KEY));
  else
    await transact('readwrite', (store) =>
      store.put({ key: KEY, savedAt: new Date().toISOString(), json: JSON.stringify(listings) }),
    );
}
