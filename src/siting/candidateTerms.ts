/**
 * What a candidate's verdict shares with every other candidate of a ranking under one rule set:
 * its ratio rows, its action's credit share and the first banking level's reason. Each is built
 * once and shared read-only, so ranking a million candidates builds none of them a million times.
 */
import { firstLevelFor } from './computePriority.ts';
import type { CandidateContext, RuleSet } from './ruleset.ts';
import type { CandidateRatio, CreditShare, PriorityLevel, Reason } from './types.ts';

/**
 * The candidate's ratio: the statute's, and the board-set rows of the rule set that may apply.
 * Built once per rule set, statute ratio, kind and "other service area", and shared (read-only),
 * so ranking a million candidates does not build a million row lists.
 */
const ratioCache = new WeakMap<RuleSet, Map<number, CandidateRatio[]>>();
export function candidateRatio(context: CandidateContext, ruleset: RuleSet): CandidateRatio {
  const { candidate, impactUnits, units } = context;
  const otherArea =
    impactUnits.bankServiceArea !== null &&
    units.bankServiceArea !== null &&
    impactUnits.bankServiceArea !== units.bankServiceArea;
  let byRatio = ratioCache.get(ruleset);
  if (!byRatio) {
    byRatio = new Map();
    ratioCache.set(ruleset, byRatio);
  }
  let slots = byRatio.get(context.ratio);
  if (!slots) {
    slots = [];
    byRatio.set(context.ratio, slots);
  }
  const slot = (candidate.kind === 'bank' ? 2 : 0) + (otherArea ? 1 : 0);
  const cached = slots[slot];
  if (cached && cached.cite === context.ratioCite) return cached;
  const rows = ruleset.ratioRows
    .filter(
      (row) =>
        row.appliesTo === 'all' ||
        row.appliesTo === candidate.kind ||
        (row.appliesTo === 'other-bank-service-area' && otherArea),
    )
    .map((row) => ({ id: row.id, ratio: row.ratio, cite: row.cite, text: row.text }));
  const ratio: CandidateRatio = { value: context.ratio, cite: context.ratioCite, rows };
  slots[slot] = ratio;
  return ratio;
}

/** The subd. 3(c) reason a bank at the first banking level carries, once per rule set. */
const firstBankReasonCache = new WeakMap<RuleSet, { first: PriorityLevel; reason: Reason | null }>();
export function firstBankReason(ruleset: RuleSet): { first: PriorityLevel; reason: Reason | null } {
  const cached = firstBankReasonCache.get(ruleset);
  if (cached) return cached;
  const first = firstLevelFor('bank', ruleset.priorityLevels);
  const closed = ruleset.priorityLevels
    .find((rule) => rule.level < first)
    ?.closedTo.find((entry) => entry.kind === 'bank');
  const entry = {
    first,
    reason: closed
      ? {
          text: `Level ${first} is the first level of the order for bank credits, so buying them needs no showing that no project-specific site is available in the minor or major watershed.`,
          cite: closed.cite,
        }
      : null,
  };
  firstBankReasonCache.set(ruleset, entry);
  return entry;
}

/** The credit share of the candidate's action (subd. 3 credit rules), once per rule set and action. */
const creditCache = new WeakMap<RuleSet, Map<string, CreditShare | null>>();
export function creditShare(context: CandidateContext, ruleset: RuleSet): CreditShare | null {
  const action = context.candidate.action ?? null;
  if (action === null) return null;
  let byAction = creditCache.get(ruleset);
  if (!byAction) {
    byAction = new Map();
    creditCache.set(ruleset, byAction);
  }
  if (byAction.has(action)) return byAction.get(action) ?? null;
  const rule = ruleset.creditActions.find((entry) => entry.action === action);
  const share = rule ? { action, share: rule.share, cite: rule.cite, text: rule.text } : null;
  byAction.set(action, share);
  return share;
}
