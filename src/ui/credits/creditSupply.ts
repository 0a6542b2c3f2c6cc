/**
 * Credits available by bank service area, approval and type (issue 21, item 4): per bank service
 * area, the loaded listings' pools of its banks added up within one approval, one type and one
 * unit — the pools of different approvals, types and units are never added together. Pure.
 */
import type { CreditPool } from '../../formats/credits/creditsFile';
import { APPROVAL_WORDS, type Candidate, poolAcres } from '../../siting';

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
      const acres = poolAcres(pool);
      const unit = acres === null ? 'credits' : 'acres';
      const approval = pool.approval
        ? APPROVAL_WORDS[pool.approval]
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
