/**
 * What the supply panel shows of the RIBITS ledgers (issue 21, item 4): per bank service area and
 * per bank of the impact's area and its neighbours, withdrawals per year and years of supply at
 * that rate (src/siting/ledgerSupply), with the label that says they are derived from the ledger,
 * over which window and as of which date. Pure.
 */
import type { CreditPool } from '../../formats/credits/creditsFile';
import type { RibitsLedgerEntry } from '../../formats/ribits/readBankSiteData';
import type { Candidate } from '../../siting';
import {
  type AreaLedgerSupply,
  areaLedgerSupply,
  type BankLedgerSupply,
  bankLedgerSupply,
  ledgerLabel,
} from '../../siting/ledgerSupply';

export interface LoadedLedgers {
  ledgers: Record<string, RibitsLedgerEntry[]>;
  /** The date RIBITS was read (banks.json `retrieved`), ISO. */
  asOf: string;
}

export interface LedgerSupplyView {
  label: string;
  areas: AreaLedgerSupply[];
  banks: (BankLedgerSupply & { name: string; bankServiceArea: number })[];
}

export function ledgerSupplyView(
  candidates: readonly Candidate[],
  bySite: Record<string, CreditPool[]> | null,
  loaded: LoadedLedgers,
  areas: readonly number[],
): LedgerSupplyView {
  const banks: LedgerSupplyView['banks'] = [];
  for (const bank of candidates) {
    const area = bank.units?.bankServiceArea ?? null;
    if (bank.kind !== 'bank' || area === null || !areas.includes(area)) continue;
    const ledger = loaded.ledgers[bank.id] ?? null;
    const supply = bankLedgerSupply(bank.id, ledger, bySite?.[bank.id], loaded.asOf);
    banks.push({ ...supply, name: bank.name ?? bank.id, bankServiceArea: area });
  }
  return {
    label: ledgerLabel(loaded.asOf),
    areas: areaLedgerSupply(
      banks.map((supply) => ({ supply, bankServiceArea: supply.bankServiceArea })),
      areas,
    ),
    banks: banks
      .filter((b) => b.hasLedger)
      .sort(
        (a, b) =>
          areas.indexOf(a.bankServiceArea) - areas.indexOf(b.bankServiceArea) || a.name.localeCompare(b.name),
      ),
  };
}

/** Years or a rate for a table cell: two decimals, "—" for none. */
export const ledgerFigure = (value: number | null) =>
  value === null ? '—' : String(Math.round(value * 100) / 100);
