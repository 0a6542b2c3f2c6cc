/**
 * Official layers imported in this browser, kept in IndexedDB (they are megabytes: far beyond
 * local storage) so they survive a reload and a browser restart. One record per layer name;
 * an import replaces the layers it brings in one transaction, so a failed write leaves the
 * previous layers whole. A database of its own, so the saved scenarios' schema is untouched.
 */
import type { StoredOfficialLayer } from '../geo/officialLayerEntry';

const DATABASE = 'mn-wetland-siting-official-layers';
const STORE = 'layers';
const VERSION = 1;

/** IndexedDB is missing, refused or full; the message says so plainly. */
export class OfficialLayersStorageError extends Error {
  override name = 'OfficialLayersStorageError';
}

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  if (!opening) {
    opening = new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') {
        reject(new OfficialLayersStorageError('This browser does not offer IndexedDB storage.'));
        return;
      }
      const request = indexedDB.open(DATABASE, VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE))
          request.result.createObjectStore(STORE, { keyPath: 'name' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () =>
        reject(
          new OfficialLayersStorageError(
            `The browser refused its layer storage: ${request.error?.message ?? 'unknown error'}.`,
          ),
        );
    });
    // A failed open may succeed later (e.g. after the user frees space): do not cache failure.
    opening.catch(() => {
      opening = null;
    });
  }
  return opening;
}

async function transact<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const database = await open();
  const transaction = database.transaction(STORE, mode);
  const request = work(transaction.objectStore(STORE));
  // Resolve only once the transaction committed: a write is durable, or nothing changed.
  await new Promise<void>((resolve, reject) => {
    const failed = () =>
      reject(
        new OfficialLayersStorageError(
          `The layers could not be stored: ${transaction.error?.message ?? 'the browser aborted the write'}.`,
        ),
      );
    transaction.oncomplete = () => resolve();
    transaction.onerror = failed;
    transaction.onabort = failed;
  });
  return request?.result;
}

/** Every imported layer kept in this browser (none when nothing was imported). */
export async function readOfficialLayers(): Promise<StoredOfficialLayer[]> {
  const all = await transact('readonly', (store) => store.getAll() as IDBRequest<StoredOfficialLayer[]>);
  return all ?? [];
}

/** Stores `layers`, replacing any kept layer of the same name; all or none. */
export async function putOfficialLayers(layers: readonly StoredOfficialLayer[]): Promise<void> {
  await transact('readwrite', (store) => {
    for (const layer of layers) store.put(layer);
    return undefined;
  });
}

/** Forgets every imported layer: the page returns to the layers it was built with. */
export async function clearOfficialLayers(): Promise<void> {
  await transact('readwrite', (store) => store.clear());
}
