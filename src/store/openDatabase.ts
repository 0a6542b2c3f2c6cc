/**
 * Opens a browser database of one object store, once: later calls share the open database, and a
 * failed open is not kept, so it may succeed later (e.g. after the user frees space). Each of the
 * page's stores (sites, credit listings, official layers, saved scenarios) has a database of its
 * own, so their schemas never touch.
 */
export interface DatabaseSpec {
  /** The database's name; the user's data is under it, so it never changes. */
  database: string;
  store: string;
  version: number;
  keyPath: string;
  /** The error to give when the browser has no IndexedDB. */
  missing: () => Error;
  /** The error to give when the browser refuses to open the database. */
  refused: (error: DOMException | null) => Error;
}

export function databaseOpener({ database, store, version, keyPath, missing, refused }: DatabaseSpec) {
  let opening: Promise<IDBDatabase> | null = null;
  return function open(): Promise<IDBDatabase> {
    if (!opening) {
      opening = new Promise<IDBDatabase>((resolve, reject) => {
        if (typeof indexedDB === 'undefined') {
          reject(missing());
          return;
        }
        const request = indexedDB.open(database, version);
        request.onupgradeneeded = () => {
          if (!request.result.objectStoreNames.contains(store))
            request.result.createObjectStore(store, { keyPath });
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(refused(request.error));
      });
      opening.catch(() => {
        opening = null;
      });
    }
    return opening;
  };
}
