import type { CreditPool } from '../formats/credits/creditsFile.ts';
import { circular39Of, poolAcres, poolHasApproval, poolServesWca } from './bankCredits.ts';
import { coversAcres, decimalAcres, sumAcres } from './exactAcres.ts';
import type { PlanApproval, PoolChoice } from './planApprovals.ts';
import type { WetlandType } from './types.ts';

/**
 * Which of a bank's credit pools may go on a withdrawal application, and how many credits from
 * each (issue 37). Pure.
 *
 * The plan the withdrawal rests on decides the pools: a WCA replacement plan decision (103G.222)
 * takes BWSR's "WCA only" and "WCA and Section 404" pools (a RIBITS pool naming the State);
 * a WCA decision that must also satisfy a Section 404 permit takes only pools approved for both.
 * "Section 404 only" credit never serves a WCA plan (poolServesWca), and a figure in credits rather
 * than acres is not compared with the acres required.
 */
export { PLAN_APPROVAL_WORDS, PLAN_APPROVALS, type PlanApproval, type PoolChoice } from './planApprovals.ts';

/** A pool as the application sees it: whether it may serve the plan, and why not. */
export interface PoolUse {
  /** `source#row`: one listing row, unique within a build. */
  key: string;
  pool: CreditPool;
  /** Its figure in acres; null for a figure in credits. */
  acres: number | null;
  serves: boolean;
  /** Why it may not go on the form; null when it may. */
  refusal: string | null;
}

export const poolKey = (pool: Pick<CreditPool, 'source' | 'row'>): string => `${pool.source}#${pool.row}`;

function servesPlan(pool: CreditPool, plan: PlanApproval): boolean {
  if (poolServesWca(pool) !== 'yes') return false;
  if (plan === 'wca') return true;
  // Both approvals: BWSR's "WCA and Section 404", or a RIBITS jurisdiction naming the federal one too.
  return pool.approval !== null
    ? poolHasApproval(pool.approval, 'both')
    : /\bfederal\b|\b404\b/i.test(pool.jurisdiction ?? '');
}

function refusalOf(pool: CreditPool, plan: PlanApproval, acres: number | null): string | null {
  if (!servesPlan(pool, plan)) {
    if (pool.approval === '404-only')
      return 'Section 404 only credit cannot serve a WCA replacement plan (103G.222)';
    if (pool.approval === 'wca-only')
      return 'WCA only credit cannot serve the Section 404 permit this withdrawal must also satisfy';
    return poolServesWca(pool) === 'unknown'
      ? `its approval is not known (RIBITS jurisdiction "${pool.jurisdiction ?? ''}"): ask BWSR`
      : `its approval (${pool.jurisdiction ?? 'none stated'}) cannot serve this plan`;
  }
  if (acres === null) return 'a figure in credits, not acres: it is not compared with the acres required';
  if (pool.available <= 0) return 'it lists no credits';
  return null;
}

/** Every pool of the bank with whether it may serve the plan: those that may first, in-kind first, then largest. */
export function poolUses(
  pools: readonly CreditPool[],
  plan: PlanApproval,
  impactType: WetlandType | null | undefined,
): PoolUse[] {
  const uses = pools.map((pool) => {
    const acres = poolAcres(pool);
    const refusal = refusalOf(pool, plan, acres);
    return { key: poolKey(pool), pool, acres, serves: refusal === null, refusal };
  });
  const inKind = (use: PoolUse) =>
    impactType != null && circular39Of(use.pool.circular39Type) === impactType ? 0 : 1;
  return uses.sort(
    (a, b) =>
      Number(b.serves) - Number(a.serves) ||
      inKind(a) - inKind(b) ||
      (b.acres ?? 0) - (a.acres ?? 0) ||
      a.pool.row - b.pool.row,
  );
}

/**
 * The default withdrawals: the pools that may serve, in poolUses order (in-kind, then largest),
 * each taken up to what it holds until the credits required are covered, never more than a pool holds.
 */
export function defaultWithdrawals(uses: readonly PoolUse[], requiredAcres: number): PoolChoice[] {
  const choices: PoolChoice[] = [];
  let remaining = decimalAcres(requiredAcres);
  for (const use of uses) {
    if (!use.serves || use.acres === null || remaining <= 0) continue;
    const credits = coversAcres(use.acres, remaining) ? remaining : use.acres;
    choices.push({ key: use.key, credits });
    remaining = decimalAcres(remaining - credits);
    if (coversAcres(0, remaining)) remaining = 0;
  }
  return choices;
}

/** What is wrong with a planner's choice of pools, in words; null when every choice may go on the form. */
export function choiceError(uses: readonly PoolUse[], choices: readonly PoolChoice[]): string | null {
  const byKey = new Map(uses.map((use) => [use.key, use]));
  const seen = new Set<string>();
  for (const choice of choices) {
    const use = byKey.get(choice.key);
    if (!use) return `${choice.key}: no such pool of this bank`;
    const label = poolName(use.pool);
    if (seen.has(choice.key)) return `${label}: chosen twice`;
    seen.add(choice.key);
    if (use.refusal !== null) return `${label}: not put on the form: ${use.refusal}`;
    if (!Number.isFinite(choice.credits) || choice.credits < 0)
      return `${label}: "${choice.credits}" is not a number of credits of 0 or more`;
    if (use.acres !== null && !coversAcres(use.acres, choice.credits))
      return `${label}: ${choice.credits} credits is more than the ${use.acres} the pool lists`;
  }
  return null;
}

/** The credits the choices withdraw, as the decimal sum. */
export function creditsOf(choices: readonly PoolChoice[]): number {
  return sumAcres(choices.map((choice) => choice.credits));
}

/** A pool as a planner names it: its subgroup letter, else its listing row. */
export function poolName(pool: Pick<CreditPool, 'creditSubgroup' | 'source' | 'row'>): string {
  return pool.creditSubgroup
    ? `subgroup ${pool.creditSubgroup} (${pool.source} row ${pool.row})`
    : `${pool.source} row ${pool.row}`;
}
