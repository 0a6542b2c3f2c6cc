import type { RibitsBankRecord } from '../../src/formats/ribits/readBankSiteData.ts';

/**
 * Statuses after which a bank may leave RIBITS' list: it has closed. A bank of any other status
 * (Approved, Pending, Suspended, none) that is missing from a refresh dropped out without a
 * status change.
 */
export const CLOSED_STATUSES: readonly string[] = ['Sold-Out', 'Terminated', 'Withdrawn'];

/**
 * A refresh with fewer than this share of the last good refresh's banks is not applied, whatever
 * their statuses: RIBITS keeps closed banks listed with their status (the 2020 snapshot lists
 * sold-out and terminated Minnesota banks), so a month's change is a few banks added or closed.
 * A fall of more than a tenth is the size of a renaming, a paging or a filter change in the
 * service, which would quietly empty the map.
 */
export const KEPT_SHARE = 0.9;

/** How a refresh differs from the last good one, when it should not be applied unasked. */
export interface BankDrop {
  before: number;
  after: number;
  /** Banks of the last good refresh missing now, whose last status was not closed. */
  missing: RibitsBankRecord[];
  /** All banks missing now, closed or not. */
  gone: number;
  /** The count fell below KEPT_SHARE of the last good refresh. */
  sharp: boolean;
}

/** The drop from `before` (the last good refresh) to `after`, or null when it may be applied. */
export function bankDrop(
  before: readonly RibitsBankRecord[],
  after: readonly RibitsBankRecord[],
): BankDrop | null {
  const now = new Set(after.map((record) => record.bankId));
  const goneRecords = before.filter((record) => !now.has(record.bankId));
  const missing = goneRecords.filter((record) => !CLOSED_STATUSES.includes(record.status ?? ''));
  const sharp = after.length < before.length * KEPT_SHARE;
  if (missing.length === 0 && !sharp) return null;
  return { before: before.length, after: after.length, missing, gone: goneRecords.length, sharp };
}
