/**
 * RIBITS ledger exports loaded on the page ("Load RIBITS ledger…", issue 34 item 1), kept in
 * IndexedDB until the user removes them: each file's text as loaded, read again on every visit
 * with the same reader as the build. A database of its own; kept on this device only.
 */
import { keyValueDb } from '../../store/keyValueDb';

/** One export the user loaded. */
export interface PageLedger {
  id: string;
  /** The file's name as the user gave it. */
  name: string;
  /** The file's own date (ISO day): an export states no as-of date. */
  asOf: string;
  text: string;
  /** The user agreed to leave the file's bad rows out (they are counted, never used). */
  skipBadRows: boolean;
}

const transact = keyValueDb({
  database: 'mn-wetland-siting-ledgers',
  store: 'ledgers',
  version: 1,
  what: 'ledger',
});
const KEY = 'current';

const isPageLedger = (value: unknown): value is PageLedger => {
  const v = value as Partial<PageLedger> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.asOf === 'string' &&
    typeof v.text === 'string' &&
    typeof v.skipBadRows === 'boolean'
  );
};

/** The kept exports, and how many saved copies were damaged (left out). */
export async function readPageLedgers(): Promise<{ ledgers: PageLedger[]; damaged: number }> {
  const record = (await transact('readonly', (store) => store.get(KEY))) as { ledgers?: unknown } | undefined;
  const list = Array.isArray(record?.ledgers) ? record.ledgers : [];
  const ledgers = list.filter(isPageLedger);
  return { ledgers, damaged: list.length - ledgers.length };
}

/** Replaces the kept exports (an empty list removes the record). */
export async function writePageLedgers(ledgers: readonly PageLedger[]): Promise<void> {
  if (ledgers.length === 0) await transact('readwrite', (store) => store.delete(KEY));
  else
    await transact('readwrite', (store) =>
      store.put({ key: KEY, savedAt: new Date().toISOString(), ledgers }),
    );
}
