/**
 * Named scenarios kept in the browser's IndexedDB: they survive reload and a browser restart
 * and hold far more than local storage. A tiny promise wrapper over the raw API (no
 * dependency); each record is {id, name, savedAt, inputs}. The autosave of the current work
 * stays in the URL and local storage (sitingStore.ts); these are deliberate snapshots.
 */
import type { Inputs } from './inputs';
import { databaseOpener } from './openDatabase';

export interface SavedScenario {
  id: string;
  name: string;
  /** ISO time of the last save or rename. */
  savedAt: string;
  inputs: Inputs;
}

const DATABASE = 'mn-wetland-siting';
const STORE = 'scenarios';
const VERSION = 1;

/** IndexedDB is missing or refused (some private modes); the message says so plainly. */
export class SavedScenariosUnavailableError extends Error {
  override name = 'SavedScenariosUnavailableError';
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

const open = databaseOpener({
  database: DATABASE,
  store: STORE,
  version: VERSION,
  keyPath: 'id',
  missing: () => new SavedScenariosUnavailableError('This browser does not offer IndexedDB storage.'),
  refused: (error) =>
    new SavedScenariosUnavailableError(
      `The browser refused its scenario storage: ${error?.message ?? 'unknown error'}.`,
    ),
});

async function withStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await open();
  const transaction = database.transaction(STORE, mode);
  const result = promised(work(transaction.objectStore(STORE)));
  // Resolve only once the write is durable (the transaction committed), not when queued.
  await new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
  return result;
}

/** All saved scenarios, newest first. */
export async function listSavedScenarios(): Promise<SavedScenario[]> {
  const all = await withStore('readonly', (store) => store.getAll() as IDBRequest<SavedScenario[]>);
  return all.sort((a, b) => b.savedAt.localeCompare(a.savedAt) || a.name.localeCompare(b.name));
}

/** Stores (or replaces, by id) one scenario. */
export async function putSavedScenario(scenario: SavedScenario): Promise<void> {
  await withStore('readwrite', (store) => store.put(scenario));
}

/** Removes one scenario by id; removing a missing id is not an error. */
export async function deleteSavedScenario(id: string): Promise<void> {
  await withStore('readwrite', (store) => store.delete(id));
}

/** A new id, unique enough for one browser's list. */
export function newScenarioId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `s-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
