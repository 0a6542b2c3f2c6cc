/**
 * Official layers imported in this browser, kept in IndexedDB (they are megabytes: far beyond
 * local storage) so they survive a reload and a browser restart. One record per layer name;
 * an import replaces the layers it brings in one transaction, so a failed write leaves the
 * previous layers whole. A database of its own, so the saved scenarios' schema is untouched.
 */
import type { StoredOfficialLayer } from '../geo/officialLayerEntry';
import { databaseOpener } from './openDatabase';

const DATABASE = 'mn-wetland-siting-official-layers';
const STORE = 'layers';
const VERSION = 1;

/** IndexedDB is missing, refused or full; the message says so plainly. */
export class OfficialLayersStorageError extends Error {
  override name = 'OfficialLayersStorageError';
}

const open = databaseOpener({
  database: DATABASE,
  store: STORE,
  version: VERSION,
  keyPath: 'name',
  missing: () => new OfficialLayersStorageError('This browser does not offer IndexedDB storage.'),
  refused: (error) =>
    new OfficialLayersStorageError(
      `The browser refused its layer storage: ${error?.message ?? 'unknown error'}.`,
    ),
});

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
