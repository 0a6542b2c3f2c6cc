import type {
  AreaClass,
  Candidate,
  CandidateKind,
  Impact,
  PriorityLevel,
  ProjectType,
  ReplacementAction,
  ResolvedUnits,
  SitingBasis,
} from './types.ts';

/** One level of the siting priority order (subd. 3(a)(1)-(4)). */
export interface PriorityLevelRule {
  level: PriorityLevel;
  cite: string;
  /** Short legend text, e.g. "Same minor watershed". */
  label: string;
  /** The unit impact and site must share; null means "anywhere" (another bank service area). */
  sameUnit: 'minorWatershed' | 'majorWatershed' | 'bankServiceArea' | null;
  /** Kinds of replacement this level is closed to, with the clause that closes it. */
  closedTo: readonly { kind: CandidateKind; cite: string; text: string }[];
}

/** Everything a rule sees about one candidate. */
export interface CandidateContext {
  impact: Impact;
  impactUnits: ResolvedUnits;
  candidate: Candidate;
  units: ResolvedUnits;
  /** Replacement acres the requirement asks for, unrounded (thresholds are tested on it). */
  replacementAcres: number;
  /** The requirement's ratio and the clause that sets it (subd. 1(f)/(g)). */
  ratio: number;
  ratioCite: string;
  /**
   * Replacement acres at the lowest ratio the impact may take, unrounded: below `replacementAcres`
   * only when the area class is unknown (1:1 in a greater-than-80-percent area, subd. 1(g), else
   * 2:1, subd. 1(f)). Absent: as `replacementAcres`.
   */
  lowestReplacementAcres?: number;
  /** The lowest and highest ratio the impact may take (equal when the class is known). */
  ratioRange?: readonly [number, number];
}

/** What a rule found: `ineligible` and `undetermined` affect eligibility; `note` only explains. */
export interface Finding {
  effect: 'ineligible' | 'undetermined' | 'note';
  text: string;
}

/** A rule that can exclude a candidate (or leave its eligibility open when a fact is unknown). */
export interface ExclusionRule {
  id: string;
  cite: string;
  summary: string;
  evaluate(context: CandidateContext): Finding | null;
}

/** A rule that sets exclusions aside for some candidates ("notwithstanding ..."). */
export interface ExceptionRule {
  id: string;
  cite: string;
  summary: string;
  /** Ids of the exclusion rules set aside when this exception applies. */
  waives: readonly string[];
  /** Set when the exception also sets the priority order aside (subd. 3(b), 3(h)). */
  waivesOrder?: Exclude<SitingBasis, 'priority-order'>;
  /**
   * Returns `applies: true` with a reason when it applies, or a note explaining why not.
   * `missingFact` marks a note that only says a fact is not given: it is shown only where that
   * fact could change the answer (a waived exclusion bites, or the order places the site below
   * its ladder's first level).
   * `ifIneligible`, given with `applies: true`, makes the exception apply only to a candidate that
   * ends up eligible or undetermined: one an exclusion makes ineligible gets this text instead, no
   * basis and no reason code (subd. 3(h) reaches only sites identified in accordance with the
   * priority order of paragraph (a)). Such an exception waives no exclusion.
   */
  evaluate(
    context: CandidateContext,
  ): { applies: boolean; text: string; missingFact?: boolean; ifIneligible?: string } | null;
}

/** A rule that adds an explanation to a candidate without changing eligibility or level. */
export interface NoteRule {
  id: string;
  cite: string;
  summary: string;
  evaluate(context: CandidateContext): string | null;
}

/** A replacement ratio and the clause that sets it. */
export interface RatioRule {
  ratio: number;
  cite: string;
  text: string;
}

/**
 * A row of the ratio table (subd. 3(g): the board sets ratios). `ratio` null means the rule is
 * not encoded: the row is shown with its citation and "rule not encoded", never a guessed number.
 */
export interface RatioTableRow {
  id: string;
  /** Which candidates the row may apply to. */
  appliesTo: 'all' | 'bank' | 'project-specific' | 'other-bank-service-area';
  ratio: number | null;
  cite: string;
  text: string;
}

/** Replacement credit for an action (Minn. R. 8420.0526); `share` null when not encoded. */
export interface CreditActionRule {
  action: ReplacementAction | 'upland-buffer-native' | 'upland-buffer-nonnative';
  share: number | null;
  cite: string;
  text: string;
}

/**
 * A versioned, cited rule set: the law as data. A change in the law is a new RuleSet value,
 * not new branches in the engine.
 */
export interface RuleSet {
  id: string;
  title: string;
  /** False for a bill that is not (or not yet) law; the page must label it. */
  enacted: boolean;
  /**
   * For a rule set that is not law: the bill, what it would change, and its legislative status
   * as verified, with where that was seen. The one place that status is said: every output
   * under the rule set reads it through `rulesetNotice` (CLI JSON, stderr, batch CSV, the page,
   * the report, exports, hearing mode). Null for the enacted text.
   */
  bill: { name: string; change: string; status: string; seen: string } | null;
  /**
   * How the priority order places sites and bank credits. `by-kind`: two ladders, project-specific
   * replacement from level 1 and banking from the level subd. 3(c) begins it at; each candidate's
   * place and its 3(d) next-level caveat are judged within its own kind. `one`: one ladder orders
   * both (a rule set without 3(c)): a site is judged against the best eligible bank and a bank
   * against the best eligible site.
   */
  ladders: 'by-kind' | 'one';
  description: string;
  priorityLevels: readonly PriorityLevelRule[];
  exclusions: readonly ExclusionRule[];
  exceptions: readonly ExceptionRule[];
  notes: readonly NoteRule[];
  ratios: {
    nonagricultural: RatioRule;
    agricultural: RatioRule;
    greaterThan80: RatioRule;
    /** Highest multiple of the ratio for after-the-fact plans (subd. 1(n)). */
    afterTheFactMaxMultiplier: RatioRule;
  };
  /** Cultivated-field impacts: restoration only (subd. 1(c)), deed restriction (1(d)). */
  restorationOnly: { cite: string; text: string; deedRestrictionCite: string; deedRestrictionText: string };
  /** Projects that need no replacement plan when they meet the listed conditions (subd. 1(m)). */
  noReplacementPlan: readonly { project: ProjectType; cite: string; text: string }[];
  /** Further statements about the requirement for some projects (subd. 1(a), 1(l)). */
  projectNotes: readonly { project: ProjectType; cite: string; text: string }[];
  /**
   * The next-level rule (subd. 3(d)) and its definition (3(e)); `{best}` and `{ladder}` in the text
   * are the best level and the name of the candidate's own ladder.
   */
  nextLevel: {
    cite: string;
    text: string;
    definitionCite: string;
    definitionText: string;
    /** Said instead of `text` when every eligible option above is a pending bank. */
    pendingText: string;
    /** Why a pending bank may not be an opportunity yet (Minn. R. 8420.0725 A). */
    pendingRuleCite: string;
    pendingRuleText: string;
  };
  /** Ratio table: the statute's rows are in `ratios`; these are the board-set rows (3(g)). */
  ratioRows: readonly RatioTableRow[];
  /** Credit actions and their shares (Minn. R. 8420.0526). */
  creditActions: readonly CreditActionRule[];
  /** Partially drained wetland counts at this share at least (Minn. R. 8420.0522 subp. 2). */
  partialDrainage: { minimumShare: number; cite: string; text: string };
  /** Sequencing (subd. 1(b)) and the on-site determination for small impacts. */
  sequencing: {
    cite: string;
    text: string;
    onSiteSquareFeet: number;
    onSiteText: string;
    recordCite: string;
    /** Said instead for a wetland in a cultivated field: 1(b) does not govern it (subd. 1(c)). */
    cultivatedFieldCite: string;
    cultivatedFieldText: string;
    /** Said instead for projects that need no replacement plan (subd. 1(m)), under their cite. */
    noPlanText: string;
  };
  /** What a credit is and the shares the board's rule gives (Minn. R. 8420.0526), said on every requirement. */
  creditNotes: readonly { cite: string; text: string }[];
  /** Wetland type: asked by the application (Minn. R. 8420.0330), in-kind first within a level. */
  wetlandType: { cite: string; inKindCite: string };
  /** Bank statuses that can sell credits, that are flagged, and that cannot sell. */
  bankStatuses: { canSell: readonly string[]; pending: readonly string[]; cannotSell: readonly string[] };
  /** County classes (Minn. R. 8420.0117 subp. 1) used when no override or layer class is known. */
  countyAreaClasses: Readonly<Record<string, AreaClass>>;
  countyAreaClassesCite: string;
  /** Reclassification clauses under which overrides are data (subd. 1(o)/(p)). */
  reclassificationCite: string;
}
