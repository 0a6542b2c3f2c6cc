import type { BankIdentity } from '../credits/joinCreditRows.ts';
import type { RibitsBankRecord, RibitsContact, RibitsLedgerEntry } from './readBankSiteData.ts';

/**
 * Where a bank's point came from: RIBITS' own point, a point on its footprint or on its service
 * area (live refresh, see readBankSiteData), or the 2020 snapshot's point (no record of how it was made).
 */
export type BankLocationFrom = 'point' | 'footprint' | 'service-area' | 'snapshot';

/** One bank of `public/data/banks.json` (data/SCHEMA.md): the record behind a `sites` point, and banks with none. */
export interface BankEntry extends BankIdentity {
  countyNamed: string | null;
  counties: string[];
  bwsrSite: string | null;
  accountAsWritten: string | null;
  unlabelledNumber: string | null;
  status: string | null;
  /** ISO date of the status (RIBITS `BANK_STATUS_DATE`); null in the snapshot. */
  statusDate: string | null;
  bankType: string | null;
  kindOfBank: string | null;
  district: string | null;
  states: string[];
  totalAcres: number | null;
  location: [number, number] | null;
  locationFrom: BankLocationFrom | null;
  locationObscured: boolean;
  /** Whether the bank is a point of `sites.fgb`; when not, `notOnMap` says why. */
  onMap: boolean;
  notOnMap: string | null;
  /** Names of its service areas; their outlines are in `ribits-service-areas.json`. */
  serviceAreaNames: string[];
  contacts: RibitsContact[];
  /** Entries in `ribits-ledgers.json`; null when RIBITS sent no ledger (or in the snapshot). */
  ledgerEntries: number | null;
  ribitsUrl: string | null;
}

/** `public/data/banks.json`. */
export interface BanksFile {
  schema: 1;
  /** `ribits-refresh` (a live refresh, possibly the last good one kept) or `ribits-2020-snapshot`. */
  source: 'ribits-refresh' | 'ribits-2020-snapshot';
  /** When the records were read from RIBITS (ISO), or null for the snapshot. */
  retrieved: string | null;
  /** The date the records describe (`retrieved`'s date, or "2020" for the snapshot). */
  asOf: string;
  /** Set when today's refresh failed and an earlier one was kept. */
  refreshFailure: { at: string; error: string } | null;
  banks: BankEntry[];
}

/** `public/data/ribits-ledgers.json`: `sites` id → LEDGER entries (values unverified, see RibitsLedgerEntry). */
export type LedgersFile = { schema: 1; ledgers: Record<string, RibitsLedgerEntry[]> };

/** A live RIBITS record as a banks.json entry; `onMap`/`notOnMap` are decided by the build. */
export function bankEntryFromRecord(
  record: RibitsBankRecord,
  onMap: boolean,
  notOnMap: string | null,
): BankEntry {
  const parsed = record.parsedName;
  return {
    siteId: `ribits-${record.bankId}`,
    ribitsBankId: record.bankId,
    bwsrAccount: parsed?.bwsrAccount ?? null,
    name: record.name,
    shortName: parsed?.shortName ?? null,
    countyNamed: parsed?.countyNamed ?? null,
    counties: record.counties.length > 0 ? record.counties : (parsed?.counties ?? []),
    bwsrSite: parsed?.bwsrSite ?? null,
    accountAsWritten: parsed?.accountAsWritten ?? null,
    unlabelledNumber: parsed?.unlabelledNumber ?? null,
    status: record.status,
    statusDate: record.statusDate,
    bankType: record.bankType,
    kindOfBank: record.kindOfBank,
    district: record.district,
    states: record.states,
    totalAcres: record.totalAcres,
    location: record.location,
    locationFrom: record.locationFrom,
    locationObscured: record.locationObscured,
    onMap,
    notOnMap,
    serviceAreaNames: record.serviceAreas.map((sa) => sa.name),
    contacts: record.contacts,
    ledgerEntries: record.ledger === null ? null : record.ledger.length,
    ribitsUrl: record.ribitsUrl,
  };
}

/** banks.json that is not in the documented shape; names the field. */
export class BanksFileError extends Error {
  override name = 'BanksFileError';
}

/**
 * Checks a parsed `banks.json` and returns it typed (the page and the CLI read it beside `sites.fgb`).
 * @throws BanksFileError naming the first field that is wrong
 */
export function parseBanksFile(value: unknown): BanksFile {
  if (typeof value !== 'object' || value === null || (value as { schema?: unknown }).schema !== 1)
    throw new BanksFileError('banks.json: expected schema 1');
  const file = value as Record<string, unknown>;
  if (file.source !== 'ribits-refresh' && file.source !== 'ribits-2020-snapshot')
    throw new BanksFileError('banks.json: unknown "source"');
  if (!Array.isArray(file.banks)) throw new BanksFileError('banks.json: "banks" must be a list');
  const seen = new Set<string>();
  for (const [i, bank] of file.banks.entries()) {
    if (typeof bank !== 'object' || bank === null || typeof (bank as BankEntry).siteId !== 'string')
      throw new BanksFileError(`banks.json: bank ${i + 1} has no "siteId"`);
    const id = (bank as BankEntry).siteId;
    if (seen.has(id)) throw new BanksFileError(`banks.json: "${id}" appears twice`);
    seen.add(id);
    if (typeof (bank as BankEntry).name !== 'string')
      throw new BanksFileError(`banks.json: "${id}" has no "name"`);
  }
  return file as unknown as BanksFile;
}
