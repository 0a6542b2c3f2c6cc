import { parseMinnesotaBankName } from '../ribits/parseMinnesotaBankName.ts';
import type { CreditRow } from './creditTypes.ts';
import { normaliseBankName } from './normaliseBankName.ts';

/** What a built bank is known by (data/SCHEMA.md, banks.json). */
export interface BankIdentity {
  /** The `sites` id (`ribits-<BANK_ID>` from a live refresh, `ribits-<n>` in the 2020 snapshot). */
  siteId: string;
  ribitsBankId: number | null;
  /** BWSR account, `T` kept. */
  bwsrAccount: string | null;
  /** The RIBITS name (`MN - Wright - S9590-1795 - BWSR Stockholm Wetland Bank`). */
  name: string;
  /** The name after county and code (`BWSR Stockholm Wetland Bank`). */
  shortName: string | null;
}

/** How a row found its bank. */
export type MatchedBy = 'ribits-bank-id' | 'bwsr-account' | 'exact-name' | 'normalised-name';

/**
 * What the joiner reads of a row: a credit listing's row or a ledger export's. `kind` says
 * whether a BWSR account may be read from a RIBITS name: every kind but `bwsr-listing` is a
 * RIBITS export, whose bank names carry the account (`MN - Wright - S9590-1795 - …`).
 */
export interface JoinableRow {
  kind: string;
  bankName: string;
  ribitsBankId: number | null;
  bwsrAccount: string | null;
}

export interface MatchedCreditRow<R extends JoinableRow = CreditRow> {
  row: R;
  siteId: string;
  matchedBy: MatchedBy;
}

/** A row that matched no bank, or more than one, with the reason in words. */
export interface UnmatchedCreditRow<R extends JoinableRow = CreditRow> {
  row: R;
  reason: string;
}

const describe = (banks: readonly BankIdentity[]) =>
  banks
    .slice(0, 3)
    .map((b) => `${b.siteId} "${b.name}"`)
    .join(', ') + (banks.length > 3 ? ` and ${banks.length - 3} more` : '');

/**
 * Joins listing rows to banks — record identity, nothing fuzzy: by RIBITS bank id; then by BWSR
 * account (the `T` kept; never by the site number, since one site holds several accounts),
 * narrowed by exact name when an account is on more than one bank; then by exact name (the full
 * RIBITS name or the name after its code); then by normalised name (case, accents, punctuation
 * and spacing ignored). A name never joins a bank whose known account or id differs from the
 * row's. Rows that match no bank, or several, are returned for review, never dropped.
 * A RIBITS report row (a credit classification or a ledger export) has no account column; the
 * account its RIBITS name carries is used.
 */
export function joinCreditRows<R extends JoinableRow = CreditRow>(
  rows: readonly R[],
  banks: readonly BankIdentity[],
): { matched: MatchedCreditRow<R>[]; unmatched: UnmatchedCreditRow<R>[] } {
  const byId = new Map<number, BankIdentity[]>();
  const byAccount = new Map<string, BankIdentity[]>();
  const byExact = new Map<string, BankIdentity[]>();
  const byNormalised = new Map<string, BankIdentity[]>();
  const add = <K>(map: Map<K, BankIdentity[]>, key: K | null, bank: BankIdentity) => {
    if (key === null || key === '') return;
    const list = map.get(key) ?? [];
    if (!list.includes(bank)) list.push(bank);
    map.set(key, list);
  };
  for (const bank of banks) {
    add(byId, bank.ribitsBankId, bank);
    add(byAccount, bank.bwsrAccount, bank);
    add(byExact, bank.name.trim(), bank);
    add(byExact, bank.shortName?.trim() ?? null, bank);
    add(byNormalised, normaliseBankName(bank.name), bank);
    add(byNormalised, bank.shortName === null ? null : normaliseBankName(bank.shortName), bank);
  }
  const matched: MatchedCreditRow<R>[] = [];
  const unmatched: UnmatchedCreditRow<R>[] = [];
  for (const row of rows) {
    const account =
      row.bwsrAccount ??
      (row.kind !== 'bwsr-listing' ? (parseMinnesotaBankName(row.bankName)?.bwsrAccount ?? null) : null);
    // A bank whose known id or account differs from the row's is not the row's bank.
    const compatible = (bank: BankIdentity) =>
      (row.ribitsBankId === null || bank.ribitsBankId === null || bank.ribitsBankId === row.ribitsBankId) &&
      (account === null || bank.bwsrAccount === null || bank.bwsrAccount === account);
    const exact = (byExact.get(row.bankName.trim()) ?? []).filter(compatible);
    const normalised = (byNormalised.get(normaliseBankName(row.bankName)) ?? []).filter(compatible);
    const take = (bank: BankIdentity, matchedBy: MatchedBy) =>
      matched.push({ row, siteId: bank.siteId, matchedBy });

    const idBanks = row.ribitsBankId === null ? [] : (byId.get(row.ribitsBankId) ?? []);
    if (idBanks.length === 1) {
      if (account !== null && idBanks[0]!.bwsrAccount !== null && idBanks[0]!.bwsrAccount !== account) {
        unmatched.push({
          row,
          reason: `RIBITS bank id ${row.ribitsBankId} is ${describe(idBanks)}, whose account is ${idBanks[0]!.bwsrAccount}, not ${account}`,
        });
        continue;
      }
      take(idBanks[0]!, 'ribits-bank-id');
      continue;
    }
    if (account !== null) {
      const accountBanks = (byAccount.get(account) ?? []).filter(compatible);
      if (accountBanks.length === 1) {
        take(accountBanks[0]!, 'bwsr-account');
        continue;
      }
      if (accountBanks.length > 1) {
        const named = accountBanks.filter((b) => exact.includes(b));
        const named2 = named.length === 1 ? named : accountBanks.filter((b) => normalised.includes(b));
        if (named2.length === 1) {
          take(named2[0]!, 'bwsr-account');
          continue;
        }
        unmatched.push({
          row,
          reason: `account ${account} is on ${accountBanks.length} banks (${describe(accountBanks)}) and the name "${row.bankName}" does not tell them apart`,
        });
        continue;
      }
    }
    for (const [candidates, matchedBy] of [
      [exact, 'exact-name'],
      [normalised, 'normalised-name'],
    ] as const) {
      if (candidates.length === 0) continue;
      if (candidates.length === 1) take(candidates[0]!, matchedBy);
      else
        unmatched.push({
          row,
          reason: `the name "${row.bankName}" is on ${candidates.length} banks (${describe(candidates)})`,
        });
      break;
    }
    if (exact.length === 0 && normalised.length === 0)
      unmatched.push({
        row,
        reason: `no bank has ${[
          row.ribitsBankId === null ? null : `RIBITS bank id ${row.ribitsBankId}`,
          account === null ? null : `account ${account}`,
          row.bankName.trim() === '' ? null : `the name "${row.bankName}"`,
        ]
          .filter((p) => p !== null)
          .join(', ')}`,
      });
  }
  return { matched, unmatched };
}
