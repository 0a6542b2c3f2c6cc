/**
 * Withdrawals per year and "years of supply", derived from a bank's RIBITS ledger (issue 21,
 * item 4). Pure: no clock, no I/O; dates are ISO strings compared as text.
 *
 * What counts as a withdrawal: a `LEDGER` entry whose `TRANSACTION_TYPE` contains "withdraw"
 * (any case). RIBITSr's field reference (`data-raw/ribits_field_reference.md`) documents the
 * ledger as "Basic ledger (credits released/withdrawn)" and lists no type values; a release adds
 * credits to a bank and a withdrawal debits them (Minn. R. 8420.0745: credits are used only when
 * the account is debited), so only withdrawals are a rate of use. Releases, adjustments and any
 * other type are not counted. A withdrawal's amount is the magnitude of `CREDITS` (the sign RIBITS
 * writes is unverified). A withdrawal without a readable date or amount is listed as skipped,
 * never guessed.
 *
 * The window: the `years` years ending on the ledger's as-of date, starting later when the bank's
 * ledger starts later (its first dated entry of any type), so a young bank's rate is not diluted.
 * A window shorter than one year gives no rate (a few weeks are not a yearly rate).
 *
 * Pools of different jurisdictions are never added: rates and available figures are per
 * `JURISDICTION` as RIBITS writes it, and the available figure is the RIBITS Credit
 * Classification report's, in credits, for the same jurisdiction (the ledger's own accounting).
 */
import type { CreditPool } from '../formats/credits/creditsFile';
import type { RibitsLedgerEntry } from '../formats/ribits/readBankSiteData';

/** The window's length, in years, unless the caller gives another. */
export const LEDGER_WINDOW_YEARS = 5;
const DAYS_PER_YEAR = 365.25;
const NOT_STATED = 'jurisdiction not stated';

/** The words every ledger-derived figure carries: what it is derived from, the window, the as-of date. */
export function ledgerLabel(asOf: string, years = LEDGER_WINDOW_YEARS): string {
  return `Derived from the RIBITS ledger, withdrawals ${yearsBefore(asOf, years)} to ${asOf} (${years} years, or since a bank’s first ledger entry when later), as of ${asOf}`;
}

export interface LedgerWindow {
  from: string;
  to: string;
  years: number;
}

export interface JurisdictionSupply {
  jurisdiction: string;
  withdrawals: number;
  creditsWithdrawn: number;
  /** Credits withdrawn per year over the window; null when the window is under a year. */
  perYear: number | null;
  /** Available credits of this jurisdiction (RIBITS report), or null when none is loaded. */
  available: number | null;
  availableAsOf: string | null;
  yearsOfSupply: number | null;
  /** Why `yearsOfSupply` is null. */
  reason: string | null;
}

export interface BankLedgerSupply {
  siteId: string;
  hasLedger: boolean;
  window: LedgerWindow | null;
  rows: JurisdictionSupply[];
  skipped: { transactionId: number | null; reason: string }[];
  /** Set when there is no row to show (no ledger, or a ledger with no withdrawal and no pool). */
  reason: string | null;
}

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
const isIso = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && Number.isFinite(Date.parse(value));
/** The ISO date `years` years before `iso` (29 February → 1 March). */
export const yearsBefore = (iso: string, years: number) =>
  `${String(Number(iso.slice(0, 4)) - years).padStart(4, '0')}${iso.slice(4) === '-02-29' ? '-03-01' : iso.slice(4)}`;
const keyOf = (jurisdiction: string | null) => jurisdiction?.trim().toLowerCase() || NOT_STATED;
/** A withdrawal: a type containing "withdraw", any case (see above); ledgerFlows decides the same way. */
export const isWithdrawalType = (type: string | null) => /withdraw/i.test(type ?? '');
export const isWithdrawal = (entry: RibitsLedgerEntry) => isWithdrawalType(entry.transactionType);

/**
 * One bank's withdrawals per year and years of supply, per jurisdiction.
 * @param ledger the bank's `LEDGER` entries (ribits-ledgers.json), or null when none was loaded
 * @param pools the bank's credit pools (only the RIBITS report's, in credits, are used)
 * @param asOf the ledger's as-of date (ISO): when RIBITS was read
 */
export function bankLedgerSupply(
  siteId: string,
  ledger: readonly RibitsLedgerEntry[] | null | undefined,
  pools: readonly CreditPool[] | undefined,
  asOf: string,
  years = LEDGER_WINDOW_YEARS,
): BankLedgerSupply {
  if (!ledger)
    return {
      siteId,
      hasLedger: false,
      window: null,
      rows: [],
      skipped: [],
      reason: 'no RIBITS ledger loaded',
    };
  if (!isIso(asOf)) throw new RangeError(`ledger as-of date "${asOf}" is not yyyy-mm-dd`);
  const skipped: BankLedgerSupply['skipped'] = [];
  const dated = ledger.filter((e) => isIso(e.transactionDate) && (e.transactionDate as string) <= asOf);
  const first = dated.reduce<string | null>(
    (min, e) => (min === null || (e.transactionDate as string) < min ? (e.transactionDate as string) : min),
    null,
  );
  const nominal = yearsBefore(asOf, years);
  const from = first !== null && first > nominal ? first : nominal;
  const windowYears = daysBetween(from, asOf) / DAYS_PER_YEAR;
  const window = { from, to: asOf, years: windowYears };

  const rows = new Map<string, JurisdictionSupply>();
  const rowOf = (jurisdiction: string | null) => {
    const key = keyOf(jurisdiction);
    let row = rows.get(key);
    if (!row) {
      row = {
        jurisdiction: jurisdiction?.trim() || NOT_STATED,
        withdrawals: 0,
        creditsWithdrawn: 0,
        perYear: null,
        available: null,
        availableAsOf: null,
        yearsOfSupply: null,
        reason: null,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const entry of ledger) {
    if (!isWithdrawal(entry)) continue;
    const row = rowOf(entry.jurisdiction);
    const date = entry.transactionDate;
    if (!isIso(date)) {
      skipped.push({
        transactionId: entry.transactionId,
        reason: `TRANSACTION_DATE ${entry.transactionDateText === null ? 'missing' : `"${entry.transactionDateText}" not MM/DD/YYYY`}`,
      });
      continue;
    }
    if (entry.credits === null || !Number.isFinite(entry.credits)) {
      skipped.push({ transactionId: entry.transactionId, reason: 'CREDITS missing or not a number' });
      continue;
    }
    if (date > asOf || date < from) continue;
    row.withdrawals += 1;
    row.creditsWithdrawn += Math.abs(entry.credits);
  }
  for (const pool of pools ?? []) {
    if (pool.sourceKind !== 'ribits-credit-classification' || pool.unit !== 'credits') continue;
    const row = rowOf(pool.jurisdiction);
    row.available = (row.available ?? 0) + pool.available;
    if (pool.asOf !== null && (row.availableAsOf === null || pool.asOf < row.availableAsOf))
      row.availableAsOf = pool.asOf;
  }
  for (const row of rows.values()) {
    if (windowYears < 1) {
      row.reason = `the ledger covers less than a year (${from} to ${asOf}): no yearly rate`;
      continue;
    }
    row.perYear = row.creditsWithdrawn / windowYears;
    if (row.withdrawals === 0 || row.creditsWithdrawn === 0)
      row.reason = `no withdrawals from ${from} to ${asOf}: no rate to divide by`;
    else if (row.available === null)
      row.reason = `no available figure for ${row.jurisdiction} credits (load the RIBITS Credit Classification report)`;
    else row.yearsOfSupply = row.available / row.perYear;
  }
  const list = [...rows.values()].sort((a, b) => a.jurisdiction.localeCompare(b.jurisdiction));
  return {
    siteId,
    hasLedger: true,
    window,
    rows: list,
    skipped,
    reason: list.length === 0 ? 'the ledger holds no withdrawal and no available figure is loaded' : null,
  };
}

export interface AreaLedgerSupply {
  bankServiceArea: number;
  jurisdiction: string;
  /** Banks whose rate and available figure were both added. */
  banks: number;
  /** Banks of the area with a ledger but left out (no rate, or no available figure). */
  banksLeftOut: number;
  perYear: number;
  available: number;
  yearsOfSupply: number | null;
  reason: string | null;
}

/**
 * Per bank service area and jurisdiction: the rates and available figures of the banks that have
 * both, added (a bank missing either is counted as left out, never filled in).
 */
export function areaLedgerSupply(
  banks: readonly { supply: BankLedgerSupply; bankServiceArea: number | null }[],
  areas: readonly number[],
): AreaLedgerSupply[] {
  const out = new Map<string, AreaLedgerSupply>();
  for (const { supply, bankServiceArea: area } of banks) {
    if (area === null || !areas.includes(area) || !supply.hasLedger) continue;
    for (const row of supply.rows) {
      const key = `${area}|${keyOf(row.jurisdiction)}`;
      const sum = out.get(key) ?? {
        bankServiceArea: area,
        jurisdiction: row.jurisdiction,
        banks: 0,
        banksLeftOut: 0,
        perYear: 0,
        available: 0,
        yearsOfSupply: null,
        reason: null,
      };
      if (row.perYear === null || row.available === null) sum.banksLeftOut += 1;
      else {
        sum.banks += 1;
        sum.perYear += row.perYear;
        sum.available += row.available;
      }
      out.set(key, sum);
    }
  }
  for (const sum of out.values()) {
    if (sum.banks === 0) sum.reason = 'no bank here has both a yearly rate and an available figure';
    else if (sum.perYear === 0) sum.reason = 'no withdrawals in the window: no rate to divide by';
    else sum.yearsOfSupply = sum.available / sum.perYear;
  }
  return [...out.values()].sort(
    (a, b) =>
      areas.indexOf(a.bankServiceArea) - areas.indexOf(b.bankServiceArea) ||
      a.jurisdiction.localeCompare(b.jurisdiction),
  );
}
