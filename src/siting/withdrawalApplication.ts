import type { CreditPool } from '../formats/credits/creditsFile.ts';
import {
  APPROVAL_WORDS,
  ageInDays,
  CONFIRM_WITH_BWSR,
  PARTIAL_CITE,
  STALE_AFTER_DAYS,
} from './bankCredits.ts';
import { decimalAcres } from './exactAcres.ts';
import type { Candidate, Impact, RankedCandidate, RankResult, Reason } from './types.ts';
import {
  choiceError,
  creditsOf,
  defaultWithdrawals,
  PLAN_APPROVAL_WORDS,
  type PlanApproval,
  type PoolChoice,
  type PoolUse,
  poolUses,
} from './withdrawalPools.ts';
import { applicationWarnings } from './withdrawalWarnings.ts';

/**
 * BWSR's application to withdraw wetland bank credits, filled in from the ranking (issue 37). The
 * field names follow BWSR's "Application for Withdrawal of Wetland Credits from the Minnesota
 * Wetland Bank" (form revised 12/31/12): the project's bank service area, county, major watershed
 * number, wetland impact size and replacement credits required; the seller's account number,
 * owner, county, bank service area and major watershed number; and one row per credit subgroup
 * withdrawn (subgroup letter, plant community type, number of credits, cost per credit). No fee
 * is worked out: the form takes it from BWSR's fee schedule. Pure.
 */
export const APPLICATION_FORM = {
  name: 'Application for Withdrawal of Wetland Credits from the Minnesota Wetland Bank',
  revision: 'BWSR form revised 12/31/12',
  url: 'https://bwsr.state.mn.us/wetland-bank-transaction-forms',
} as const;

/** What a withdrawal rests on: Minn. R. 8420.0745 (credits withdrawn only on an approval, by the board). */
export const WITHDRAWAL_RULE_CITE = 'Minn. R. 8420.0745';

/** The seller's account, as the build's bank records know it. */
export interface AccountRecord {
  /** BWSR account, `T` kept; null when the records give none. */
  number: string | null;
  /** The account owner (RIBITS sponsor); null when the records give none. */
  owner: string | null;
}

/** One row of the form's withdrawal table: one credit pool (subgroup). */
export interface WithdrawalLine {
  key: string;
  subgroup: string | null;
  plantCommunity: string | null;
  circular39Type: string | null;
  /** Credits to withdraw, in acres. */
  credits: number;
  costPerCredit: number | null;
  approval: string;
  /** What the pool lists, in its own unit. */
  available: number;
  unit: CreditPool['unit'];
  source: string;
  row: number;
  asOf: string | null;
}

export interface WithdrawalApplication {
  form: typeof APPLICATION_FORM;
  plan: PlanApproval;
  planWords: string;
  impact: {
    bankServiceArea: number | null;
    /** County FIPS code. */
    county: string | null;
    majorWatershed: number | null;
    minorWatershed: string | null;
    location: readonly [number, number] | null;
    /** Acres counted as impact (requirement.impactAcres). */
    impactAcres: number;
    /** Acres of replacement required (requirement.replacementAcres, the ranking's). */
    creditsRequired: number;
  };
  account: AccountRecord & {
    candidateId: string;
    bankName: string;
    status: string | null;
    county: string | null;
    bankServiceArea: number | null;
    majorWatershed: number | null;
  };
  withdrawals: WithdrawalLine[];
  /** The bank's other pools, each with why it is not on the form. */
  poolsLeftOff: { key: string; label: string; reason: string }[];
  creditsWithdrawn: number;
  /** Credits required and not withdrawn here (0 when covered). */
  shortfall: number;
  shortfallNote: Reason | null;
  /** The dates the figures are as of: each listing row used, and the date ages are measured to. */
  asOf: { listings: string[]; reference: string | null };
  sources: string[];
  warnings: Reason[];
  demonstration: boolean;
  confirm: Reason;
}

export type ApplicationRefusal =
  | 'not-approved'
  | 'not-eligible'
  | 'credits-not-loaded'
  | 'no-pool'
  | 'bad-choice';

export type ApplicationOutcome =
  | { ok: true; application: WithdrawalApplication; uses: PoolUse[] }
  | { ok: false; refusal: ApplicationRefusal; reason: Reason };

export interface ApplicationInput {
  result: RankResult;
  ranked: RankedCandidate;
  candidate: Candidate;
  impact: Impact;
  account: AccountRecord;
  plan: PlanApproval;
  /** The planner's pools and credits; null for the default fill. */
  choices: readonly PoolChoice[] | null;
  demonstration: boolean;
  /** Where each figure came from, in words (the build, the listings), added to `sources`. */
  sources: readonly string[];
}

const refuse = (
  refusal: ApplicationRefusal,
  text: string,
  cite = WITHDRAWAL_RULE_CITE,
): ApplicationOutcome => ({
  ok: false,
  refusal,
  reason: { text, cite },
});

/** Why a bank cannot go on an application at all, or null. */
function bankRefusal(input: ApplicationInput, uses: readonly PoolUse[]): ApplicationOutcome | null {
  const { ranked, candidate, plan } = input;
  if (candidate.bankStatus !== 'Approved')
    return refuse(
      'not-approved',
      `Bank status ${candidate.bankStatus ?? 'not known'}, not Approved: no withdrawal application is prepared for it.`,
    );
  if (!candidate.creditPools)
    return refuse('credits-not-loaded', 'No credit listing is loaded, so no pool is known to withdraw from.');
  if (!uses.some((use) => use.serves))
    return refuse(
      'no-pool',
      `No pool of this account can serve a ${PLAN_APPROVAL_WORDS[plan]}${
        uses.length === 0
          ? ': the listings name none of its pools'
          : `: ${uses.map((u) => u.refusal).join('; ')}`
      }.`,
    );
  if (ranked.status === 'ineligible')
    return refuse(
      'not-eligible',
      `The ranking finds this bank not eligible for this impact: ${ranked.reasons[0]?.text ?? ''}`,
      ranked.reasons[0]?.cite,
    );
  return null;
}

function lineOf(use: PoolUse, credits: number): WithdrawalLine {
  const { pool } = use;
  return {
    key: use.key,
    subgroup: pool.creditSubgroup,
    plantCommunity: pool.plantCommunity,
    circular39Type: pool.circular39Type,
    credits,
    costPerCredit: pool.pricePerCredit,
    approval: pool.approval ? APPROVAL_WORDS[pool.approval] : `RIBITS ${pool.jurisdiction ?? ''}`.trim(),
    available: pool.available,
    unit: pool.unit,
    source: pool.source,
    row: pool.row,
    asOf: pool.asOf,
  };
}

/**
 * The filled-in application for one ranked bank, or why none is prepared: a bank not Approved,
 * not eligible, with no pool that can serve the plan, or a choice of pools that cannot go on the form.
 */
export function withdrawalApplication(input: ApplicationInput): ApplicationOutcome {
  const { result, ranked, candidate, plan } = input;
  const uses = poolUses(candidate.creditPools ?? [], plan, input.impact.wetlandType);
  const refused = bankRefusal(input, uses);
  if (refused) return refused;
  const required = result.requirement.replacementAcres;
  const choices = (input.choices ?? defaultWithdrawals(uses, required)).filter((c) => c.credits > 0);
  const wrong = choiceError(uses, choices);
  if (wrong) return refuse('bad-choice', wrong);
  const byKey = new Map(uses.map((use) => [use.key, use]));
  const withdrawals = choices.map((choice) => lineOf(byKey.get(choice.key) as PoolUse, choice.credits));
  const creditsWithdrawn = creditsOf(choices);
  const short = decimalAcres(required - creditsWithdrawn);
  const shortfall = short > 0 && creditsWithdrawn < required ? short : 0;
  const reference = ranked.credits?.reference ?? null;
  const listings = [...new Set(withdrawals.map((w) => w.asOf ?? 'not stated'))].sort();
  const stale = withdrawals.filter((w) => (ageInDays(w.asOf, reference) ?? 0) > STALE_AFTER_DAYS);
  const units = result.impact.units;
  const application: WithdrawalApplication = {
    form: APPLICATION_FORM,
    plan,
    planWords: PLAN_APPROVAL_WORDS[plan],
    impact: {
      bankServiceArea: units.bankServiceArea,
      county: units.county,
      majorWatershed: units.majorWatershed,
      minorWatershed: units.minorWatershed,
      location: input.impact.location ?? null,
      impactAcres: result.requirement.impactAcres,
      creditsRequired: required,
    },
    account: {
      ...input.account,
      candidateId: candidate.id,
      bankName: candidate.name ?? candidate.id,
      status: candidate.bankStatus ?? null,
      county: ranked.units.county,
      bankServiceArea: ranked.units.bankServiceArea,
      majorWatershed: ranked.units.majorWatershed,
    },
    withdrawals,
    poolsLeftOff: uses
      .filter((use) => !use.serves)
      .map((use) => ({
        key: use.key,
        label: `${use.pool.source} row ${use.pool.row}`,
        reason: use.refusal ?? '',
      })),
    creditsWithdrawn,
    shortfall,
    shortfallNote:
      shortfall > 0
        ? {
            text: `These withdrawals cover ${creditsWithdrawn} of the ${required} ${required === 1 ? 'acre' : 'acres'} of credit required; the other ${shortfall} must be replaced at another location (replacement may occur at more than one location).`,
            cite: PARTIAL_CITE,
          }
        : null,
    asOf: { listings, reference },
    sources: [...input.sources],
    warnings: applicationWarnings({ ...input, stale }),
    demonstration: input.demonstration,
    confirm: CONFIRM_WITH_BWSR,
  };
  return { ok: true, application, uses };
}
