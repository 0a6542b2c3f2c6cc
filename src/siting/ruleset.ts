import type {
  AreaClass,
  Candidate,
  CandidateKind,
  Impact,
  PriorityLevel,
  ProjectType,
  ResolvedUnits,
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
  /** Replacement acres the requirement asks for. */
  replacementAcres: number;
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
  /** Returns `applies: true` with a reason when it applies, or a note explaining why not. */
  evaluate(context: CandidateContext): { applies: boolean; text: string } | null;
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
 * A versioned, cited rule set: the law as data. A change in the law is a new RuleSet value,
 * not new branches in the engine.
 */
export interface RuleSet {
  id: string;
  title: string;
  /** False for a bill that is not (or not yet) law; the page must label it. */
  enacted: boolean;
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
  /** The next-level rule (subd. 3(d)) and its definition (3(e)). */
  nextLevel: { cite: string; text: string; definitionCite: string; definitionText: string };
  /** County classes (Minn. R. 8420.0117 subp. 1) used when no override or layer class is known. */
  countyAreaClasses: Readonly<Record<string, AreaClass>>;
  countyAreaClassesCite: string;
  /** Reclassification clauses under which overrides are data (subd. 1(o)/(p)). */
  reclassificationCite: string;
}
