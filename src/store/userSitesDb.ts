/**
 * The user's proposed sites kept in IndexedDB, so a county's 100,000 imported sites survive a
 * reload and a browser restart: far more than local storage (a few MB) or a link can hold. One
 * record, replaced whole on each change (written a moment after the last change). A database
 * of its own, so the saved scenarios' schema is untouched. Kept on this device only.
 */
import type { UserSite } from '../siting/userSite';
import { keyValueDb } from './keyValueDb';

const DATABASE = 'mn-wetland-siting-user-sites';
const STORE = 'sites';
const VERSION = 1;
const KEY = 'current';

/**
 * The sites as one JSON text (`json`): the browser copies a string into storage in one piece,
 * where a list of 100,000 objects is cloned object by object on the page's main thread (seconds).
 * Records written before hold the list itself (`sites`), and are still read.
 */
interface SitesRecord {
  key: typeof KEY;
  savedAt: string;
  count?: number;
  json?: string;
  sites?: UserSite[];
}

const transact = keyValueDb({ database: DATABASE, store: STORE, version: VERSION, what: 'site' });

/** The sites kept in this browser, or null when none were kept. */
export async function readStoredSites(): Promise<UserSite[] | null> {
  const record = (await transact('readonly', (store) => store.get(KEY))) as SitesRecord | undefined;
  if (typeof record?.json === 'string') {
    const sites: unknown = JSON.parse(record.json);
    return Array.isArray(sites) ? (sites as UserSite[]) : null;
  }
  return Array.isArray(record?.sites) ? record.sites : null;
}

/** Keeps `sites` (all of them, replacing what was kept); an empty list forgets them. */
export async function writeStoredSites(sites: readonly UserSite[]): Promise<void> {
  if (sites.length === 0) {
    await transact('readwrite', (store) => store.delete(KEY));
    return;
  }
  const record: SitesRecord = {
    key: KEY,
    savedAt: new Date().toISOString(),
    count: sites.length,
    json: JSON.stringify(sites),
  };
  await transact('readwrite', (store) => store.put(record));
}
