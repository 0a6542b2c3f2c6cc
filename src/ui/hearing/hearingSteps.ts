/**
 * The decision told in order for a hearing: the impact, its units and class, the
 * requirement, each priority level on the map in turn, the candidates, and the chosen
 * option, then the room's question: were the wetlands lost here replaced here? Pure: derived from the ranking, so the same inputs always give the same steps.
 */
import { DEFAULT_RULESET, type RankedCandidate, type RankResult, RULESETS } from '../../siting';

export type HearingStepKey =
  | 'no-impact'
  | 'impact'
  | 'units'
  | 'requirement'
  | 'level-1'
  | 'level-2'
  | 'level-3'
  | 'level-4'
  | 'candidates'
  | 'chosen'
  | 'losses';

export interface HearingStep {
  key: HearingStepKey;
  title: string;
  /** Candidate ids the map shows at this step; null shows all. */
  siteIds: string[] | null;
  /** Candidates joined to the impact by a line labelled with the distance. */
  linkIds: string[];
}

/** The impact's units a step talks about, outlined on the map while it is shown. */
export type HearingUnit = 'minorWatershed' | 'majorWatershed' | 'bankServiceArea';

const STEP_UNITS: Partial<Record<HearingStepKey, readonly HearingUnit[]>> = {
  units: ['minorWatershed', 'majorWatershed', 'bankServiceArea'],
  'level-1': ['minorWatershed'],
  'level-2': ['majorWatershed'],
  'level-3': ['bankServiceArea'],
  losses: ['majorWatershed'],
};

/** The impact's units to outline at a step (none for the other steps). */
export function hearingUnits(step: HearingStep | undefined): readonly HearingUnit[] {
  return (step && STEP_UNITS[step.key]) ?? [];
}

/** How many of the best options the candidates step names and links. */
export const TOP_OPTIONS = 5;

/** The option the hearing presents as chosen: the user's selection, else the best ranked. */
export function chosenCandidate(result: RankResult, selectedId: string | null): RankedCandidate | null {
  return (
    result.candidates.find((candidate) => candidate.id === selectedId) ??
    result.candidates.find((candidate) => candidate.status !== 'ineligible') ??
    null
  );
}

/** Candidates at one priority level that may serve (eligible or undetermined). */
export function candidatesAtLevel(result: RankResult, level: number): RankedCandidate[] {
  return result.candidates.filter(
    (candidate) => candidate.priority === level && candidate.status !== 'ineligible',
  );
}

/** The rule set a result was ranked by, for the levels' labels and citations. */
export function rulesetOf(result: RankResult) {
  return (
    RULESETS.find((ruleset) => ruleset.id === result.ruleset || ruleset.title === result.ruleset) ??
    DEFAULT_RULESET
  );
}

/** The steps for a ranking; a single explanatory step when there is none yet. */
export function hearingSteps(result: RankResult | null, selectedId: string | null): HearingStep[] {
  if (!result) return [{ key: 'no-impact', title: 'No impact chosen yet', siteIds: [], linkIds: [] }];
  const levels = rulesetOf(result).priorityLevels;
  const chosen = chosenCandidate(result, selectedId);
  // The first options of each ladder (subd. 3(c)): project-specific and bank credits side by side.
  const open = result.candidates.filter((candidate) => candidate.status !== 'ineligible');
  const top = [
    ...open.filter((candidate) => candidate.ladder === 'project-specific').slice(0, TOP_OPTIONS),
    ...open.filter((candidate) => candidate.ladder === 'bank').slice(0, TOP_OPTIONS),
  ].map((candidate) => candidate.id);
  return [
    { key: 'impact', title: 'The impact', siteIds: [], linkIds: [] },
    { key: 'units', title: 'Its watersheds, bank service area and area class', siteIds: [], linkIds: [] },
    { key: 'requirement', title: 'What the law requires', siteIds: [], linkIds: [] },
    ...levels.map(
      (level): HearingStep => ({
        key: `level-${level.level}` as HearingStepKey,
        title: `Priority ${level.level}: ${level.label.toLowerCase()}`,
        siteIds: candidatesAtLevel(result, level.level).map((candidate) => candidate.id),
        linkIds: [],
      }),
    ),
    { key: 'candidates', title: 'The candidates, ranked', siteIds: null, linkIds: top },
    {
      key: 'chosen',
      // Only an option someone selected is "chosen": at a hearing the word reads like a decision.
      title: chosen && chosen.id === selectedId ? 'The chosen option' : 'The best-ranked option',
      siteIds: chosen ? [chosen.id] : [],
      linkIds: chosen ? [chosen.id] : [],
    },
    // The room's question after the choice (issue 34): the ledgers' answer for the impact's major.
    { key: 'losses', title: 'Were the wetlands lost here replaced here?', siteIds: [], linkIds: [] },
  ];
}

/** A step index kept within the steps there are. */
export function clampStep(step: number, count: number): number {
  return Math.min(Math.max(0, Math.trunc(step)), Math.max(0, count - 1));
}
