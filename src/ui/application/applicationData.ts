/**
 * What the withdrawal application reads beyond the ranking (issue 37), fetched when one is first
 * opened: the seller's account from the build's bank records (banks.json), and where the impact
 * lies among the civil divisions (city-outlines.fgb by range reads, place-names.json). Each file
 * is fetched once per page; a failed read says so on the form and leaves the blank to fill by hand.
 */
import type { Manifest } from '../../formats/manifest';
import { type PlaceName, parsePlaceNames } from '../../formats/placeNames/placeNames';
import { type BankEntry, parseBanksFile } from '../../formats/ribits/banksFile';
import { type LguPlace, lguPlaceAt } from '../../geo/lguPlaceAt';
import { createUrlFeatureSource } from '../../geo/urlFeatureSource';
import { countyName } from '../../siting/countyNames';
import type { AccountRecord } from '../../siting/withdrawalApplication';
import { fetchJson } from '../fetchJson';

const cache = new Map<string, Promise<unknown>>();

function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  let value = cache.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    cache.set(key, value);
    // A failed read is tried again next time, not remembered.
    value.catch(() => cache.delete(key));
  }
  return value;
}

/** The account behind a bank, or why it is not known. */
export async function accountOf(
  baseUrl: string,
  manifest: Manifest,
  candidateId: string,
): Promise<{ account: AccountRecord; numberNote: string; ownerNote: string }> {
  const none = { number: null, owner: null };
  if (!manifest.bankRecords)
    return { account: none, numberNote: '(no bank records in this build: ask the seller)', ownerNote: '' };
  const records = `(bank records: ${manifest.bankRecords.source}, as of ${manifest.bankRecords.asOf})`;
  try {
    const banks = await once(
      `${baseUrl}banks.json`,
      async () => parseBanksFile(await fetchJson(`${baseUrl}banks.json`)).banks,
    );
    const record: BankEntry | undefined = banks.find((bank) => bank.siteId === candidateId);
    const owner = record?.contacts.find((c) => c.role === 'sponsor')?.name ?? null;
    return {
      account: { number: record?.bwsrAccount ?? null, owner },
      numberNote: record?.bwsrAccount == null ? `${records}: no BWSR account given, ask the seller` : records,
      ownerNote:
        owner === null ? '(the records name no sponsor: the seller fills it in)' : '(RIBITS sponsor)',
    };
  } catch (error) {
    return {
      account: none,
      numberNote: `(the bank records could not be read: ${(error as Error).message}; fill it in by hand)`,
      ownerNote: '',
    };
  }
}

/** Where the impact lies among the civil divisions, or a sentence saying why it is not known. */
export async function lguOf(
  baseUrl: string,
  manifest: Manifest,
  point: readonly [number, number] | null,
  county: string | null,
): Promise<LguPlace | string> {
  const entry = manifest.placeNames;
  if (!point) return 'No impact location: the LGU cannot be suggested.';
  if (!entry) return 'This build has no civil divisions: confirm the LGU where the impact lies.';
  try {
    const places: PlaceName[] = await once(`${baseUrl}${entry.file}`, async () =>
      parsePlaceNames(await fetchJson(`${baseUrl}${entry.file}`), entry.file),
    );
    const source = createUrlFeatureSource(new URL(baseUrl, window.location.href).href);
    return await lguPlaceAt(point, source, entry.cityOutlines?.file ?? null, places, countyName(county));
  } catch (error) {
    return `The civil divisions could not be read (${(error as Error).message}): confirm the LGU where the impact lies.`;
  }
}
