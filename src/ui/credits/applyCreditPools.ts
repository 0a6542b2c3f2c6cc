/**
 * The banks with their credit pools for the ranking (issue 21): pools worked in by
 * withBankCredits (only WCA-usable pools count toward a 103G.222 replacement, pools of one
 * approval and kind added: issue 31), the page's `availableCredits` (the "At least" filter and the
 * credits sort) set to that WCA cover, or with the Section 404 filter asked to the largest pool
 * carrying 404 approval, and banks without a pool of the approval asked left out, as banks of a
 * hidden status are.
 */
import {
  type ApprovalFilter,
  type Candidate,
  poolAcres,
  poolHasApproval,
  type WetlandType,
  withBankCredits,
} from '../../siting';
import type { CandidateInfo } from '../ranking/candidateInfo';
import type { CreditPools } from './useCreditPools';

export function applyCreditPools(
  banks: readonly Candidate[],
  info: ReadonlyMap<string, CandidateInfo>,
  pools: CreditPools | null,
  impactType: WetlandType | null | undefined,
  approval: ApprovalFilter | null,
): { candidates: Candidate[]; info: Map<string, CandidateInfo> } {
  const nextInfo = new Map(info);
  if (pools === null) return { candidates: [...banks], info: nextInfo };
  const candidates: Candidate[] = [];
  for (const bank of banks) {
    const own = pools.bySite[bank.id] ?? [];
    if (approval !== null && !own.some((p) => p.available > 0 && poolHasApproval(p.approval, approval)))
      continue;
    const withCredits = withBankCredits(bank, own, impactType);
    candidates.push(withCredits);
    const known = nextInfo.get(bank.id);
    if (known)
      nextInfo.set(bank.id, {
        ...known,
        availableCredits: approval === '404' ? largest404(own) : (withCredits.availableCredits ?? null),
      });
  }
  return { candidates, info: nextInfo };
}

/** The largest pool carrying Section 404 approval, in acres where it is an area: what the 404 filter asks. */
function largest404(own: CreditPools['bySite'][string]): number | null {
  let largest: number | null = null;
  for (const pool of own) {
    if (!poolHasApproval(pool.approval, '404')) continue;
    const size = poolAcres(pool) ?? pool.available;
    if (largest === null || size > largest) largest = size;
  }
  return largest;
}
