/**
 * Credits available by bank service area, approval and type (issue 21, item 4): per bank service
 * area, the loaded listings' pools of its banks added up within one approval, one type and one
 * unit — the pools of different approvals, types and units are never added together. Pure.
 */
import type { CreditPool } from '../../formats/credits/creditsFile';
import type { Candidate } from '../../siting';

// As APPROVAL_WORDS and poolAcres of src/siting/bankCredits.ts (tested equal in creditSupply.test):
// repeated, not imported, so the panel's chunk shares no module with the page's first load.
export const SUPPLY_APPROVAL_WORDS = {
  'wca-only': 'WCA only',
  '404-only': 'Section 404 only',
  'wca-and-404': 'WCA and Section 404',
} as const;
const acresOf = (pool: CreditPool) =>
  pool.unit === 'acres' ? pool.available : pool.unit === 'square-feet' ? pool.available / 43560 : null;

export interface SupplyRow {
  bankServiceArea: number;
  approval: string;
  type: string;
  unit: 'acres' | 'credits';
  available: number;
  banks: number;
  /** The oldest as-of date among the pools added (null when one has none). */
  oldestAsOf: string | null;
}

export function creditSupply(
  banks: readonly Candidate[],
  bySite: Record<string, CreditPool[]>,
  areas: readonly number[],
): SupplyRow[] {
  const rows = new Map<string, SupplyRow & { ids: Set<string>; undated: boolean }>();
  for (const bank of banks) {
    const area = bank.units?.bankServiceArea ?? null;
    if (bank.kind !== 'bank' || area === null || !areas.includes(area)) continue;
    for (const pool of bySite[bank.id] ?? []) {
      if (pool.available <= 0) continue;
      const acres = acresOf(pool);
      const unit = acres === null ? 'credits' : 'acres';
      const approval = pool.approval
        ? SUPPLY_APPROVAL_WORDS[pool.approval]
        : pool.jurisdiction
          ? `RIBITS ${pool.jurisdiction}`
          : 'not stated';
      const type = pool.circular39Type ?? pool.creditType ?? 'type not stated';
      const key = [area, approval, type, unit].join('|');
      const row = rows.get(key) ?? {
        bankServiceArea: area,
        approval,
        type,
        unit,
        available: 0,
        banks: 0,
        oldestAsOf: null,
        ids: new Set<string>(),
        undated: false,
      };
      row.available += acres ?? pool.available;
      row.ids.add(bank.id);
      row.banks = row.ids.size;
      if (pool.asOf === null) row.undated = true;
      else if (row.oldestAsOf === null || pool.asOf < row.oldestAsOf) row.oldestAsOf = pool.asOf;
      rows.set(key, row);
    }
  }
  return [...rows.values()]
    .map(({ ids: _ids, undated, ...row }) => ({ ...row, oldestAsOf: undated ? null : row.oldestAsOf }))
    .sort(
      (a, b) =>
        areas.indexOf(a.bankServiceArea) - areas.indexOf(b.bankServiceArea) ||
        a.approval.localeCompare(b.approval) ||
        a.type.localeCompare(b.type),
    );
}
