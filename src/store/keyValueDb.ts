/**
 * One IndexedDB object store keyed by a record's `key` field, in a database of its own: opened
 * once (a failed open is not cached, so it may succeed later, e.g. after the user frees space),
 * and each read or write in one transaction that resolves only once it committed. Used where a
 * page keeps one record replaced whole (the user's sites, the credit listings).
 */

import { databaseOpener } from './openDatabase';

export interface KeyValueDbOptions {
  /** The database's name; the user's data is under it, so it never changes. */
  database: string;
  store: string;
  version: number;
  /** What the storage holds, for the refusal message: "the browser refused its `what` storage". */
  what: string;
}

/** Runs `work` on the store in one transaction; its request's result once the transaction committed. */
export type Transact = <T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
) => Promise<T>;

export function keyValueDb({ database, store, version, what }: KeyValueDbOptions): Transact {
  const open = databaseOpener({
    database,
    store,
    version,
    keyPath: 'key',
    missing: () => new Error('this browser does not offer IndexedDB storage'),
    refused: (error) => error ?? new Error(`the browser refused its ${what} storage`),
  });

  return async (mode, work) => {
    const db = await open();
    const transaction = db.transaction(store, mode);
    const request = work(transaction.objectStore(store));
    // Resolve only once the transaction committed: a write is durable, or nothing changed.
    await new Promise<void>((resolve, reject) => {
      const failed = () => reject(transaction.error ?? new Error('the browser aborted the write'));
      transaction.oncomplete = () => resolve();
      transaction.onerror = failed;
      transaction.onabort = failed;
    });
    return request.result;
  };
}
