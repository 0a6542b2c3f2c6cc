/**
 * The ranking told as it stands in law: two ladders side by side (subd. 3(a), 3(c)) —
 * project-specific replacement from level 1, bank credits from level 3 — and, apart, the banks
 * that cannot sell credits. Shared by the table, the report and hearing mode.
 */
import type { RankedCandidate, RankResult } from '../../siting';
import { rulesetOf } from '../hearing/hearingSteps';

export interface LadderView {
  key: 'project-specific' | 'bank' | 'cannot-sell';
  /** Accessible name of its table, e.g. "Bank credits (levels 3–4)". */
  title: string;
  /** One line on what the ladder is and the clause behind it. */
  note: string;
  cite: string;
  candidates: RankedCandidate[];
}

/** Splits a ranking into its ladders, each in ranked order. */
export function rankingLadders(result: RankResult): LadderView[] {
  const levels = rulesetOf(result).priorityLevels;
  const firstBank = levels.find((rule) => !rule.closedTo.some((entry) => entry.kind === 'bank'))?.level ?? 1;
  const last = levels[levels.length - 1]?.level ?? 4;
  const projectSpecific: RankedCandidate[] = [];
  const bank: RankedCandidate[] = [];
  const cannotSell: RankedCandidate[] = [];
  for (const candidate of result.candidates) {
    if (candidate.availability === 'cannot-sell') cannotSell.push(candidate);
    else if (candidate.ladder === 'bank') bank.push(candidate);
    else projectSpecific.push(candidate);
  }
  const roadRepair = !result.requirement.replacementPlanRequired;
  const ladders: LadderView[] = [
    {
      key: 'project-specific',
      title: `Project-specific replacement (levels 1–${last})`,
      note: roadRepair
        ? "Where the board's (or MnDOT's) replacement could be sited; the road authority buys nothing."
        : 'A replacement wetland the applicant restores or creates: the priority order starts at level 1.',
      cite: '103G.222 subd. 3(a)',
      candidates: projectSpecific,
    },
    {
      key: 'bank',
      title: `Bank credits (levels ${firstBank}–${last})`,
      note:
        firstBank > 1
          ? `Credits bought from a wetland bank: the banking order begins at level ${firstBank}, so an in-service-area bank is the first banking choice.`
          : rulesetOf(result).ladders === 'one'
            ? 'Credits bought from a wetland bank, in the same order as project-specific sites (this rule set has no subd. 3(c)): one ladder, places counted across sites and banks.'
            : 'Credits bought from a wetland bank, in the same order as project-specific sites (this rule set has no subd. 3(c)).',
      cite: firstBank > 1 ? '103G.222 subd. 3(c)' : '103G.222 subd. 3(a)',
      candidates: bank,
    },
  ];
  if (cannotSell.length > 0) {
    ladders.push({
      key: 'cannot-sell',
      title: 'Banks that cannot sell credits',
      note: 'Sold out, terminated, withdrawn or suspended, or with no credits left (Minn. R. 8420.0745): not an available opportunity, so not ranked.',
      cite: '103G.222 subd. 3(e)(4)',
      candidates: cannotSell,
    });
  }
  return ladders;
}

/** "1 eligible, 2 undetermined, 0 not eligible; 1 with the level not known for certain". */
export function ladderCounts(candidates: readonly RankedCandidate[]): string {
  const counts = { eligible: 0, undetermined: 0, ineligible: 0 };
  let open = 0;
  for (const candidate of candidates) {
    counts[candidate.status]++;
    const range = candidate.priorityRange;
    if (range && range[0] !== range[1]) open++;
  }
  const base = `${counts.eligible} eligible, ${counts.undetermined} undetermined, ${counts.ineligible} not eligible`;
  return open > 0 ? `${base}; ${open} with the level not known for certain` : base;
}

/** Bank status as shown wherever a bank is: "Pending ⚑ not yet approved", "Sold-Out". */
export function bankStatusText(status: string | null, candidate: RankedCandidate): string {
  if (candidate.ladder !== 'bank') return 'Proposed';
  const text = status ?? 'Status unknown';
  return candidate.availability === 'pending' ? `${text} ⚑ not yet approved` : text;
}
