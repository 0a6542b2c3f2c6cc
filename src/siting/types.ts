import type { CreditPool } from '../formats/credits/creditsFile.ts';
import type { BwsrApproval, CreditUnit } from '../formats/credits/creditTypes.ts';

/**
 * The vocabulary of the siting engine (Minn. Stat. 103G.222): inputs a planner states and the
 * results the engine derives. Pure types and enum tables, no behaviour.
 */

/** Wetland area classes by percentage of presettlement wetlands remaining (Minn. R. 8420.0117). */
export const AREA_CLASSES = ['greater-than-80', '50-to-80', 'less-than-50'] as const;
export type AreaClass = (typeof AREA_CLASSES)[number];

/** Land the impacted wetland lies on: decides the 1:1 or 2:1 ratio (subd. 1(f), 1(g)). */
export const LAND_USES = ['agricultural', 'nonagricultural'] as const;
export type LandUse = (typeof LAND_USES)[number];

/**
 * The kind of project causing the impact. `public-transportation` opens subd. 3(b) and 1(l);
 * `mining` is a permit-to-mine project (subd. 1(a)); `road-repair` is repair or rehabilitation of a
 * serviceable existing public road (subd. 1(m)).
 */
export const PROJECT_TYPES = ['general', 'public-transportation', 'mining', 'road-repair'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** A replacement site is either bank credits or a project-specific replacement. */
export const CANDIDATE_KINDS = ['bank', 'project-specific'] as const;
export type CandidateKind = (typeof CANDIDATE_KINDS)[number];

/** What the replacement does to produce wetland (subd. 1(e), 1(i)). */
export const REPLACEMENT_ACTIONS = [
  'restoration',
  'creation',
  'preservation',
  'conversion',
  'stormwater-pond',
] as const;
export type ReplacementAction = (typeof REPLACEMENT_ACTIONS)[number];

/**
 * Wetland types of U.S. Fish and Wildlife Service Circular 39 (Shaw and Fredine 1956), which the
 * replacement plan application asks for, by type, for the impacted wetland (Minn. R. 8420.0330
 * subp. 3 A(1)). Eggers and Reed plant communities map onto these types; the engine compares types.
 */
export const WETLAND_TYPES = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;
export type WetlandType = (typeof WETLAND_TYPES)[number];

/** Bank statuses as RIBITS spells them; any other text is kept and treated as unknown. */
export const BANK_STATUSES = [
  'Approved',
  'Pending',
  'Sold-Out',
  'Terminated',
  'Withdrawn',
  'Suspended',
] as const;

/** Whether a bank can sell credits, from its status: `pending` can rank but is flagged. */
export type BankAvailability = 'can-sell' | 'pending' | 'cannot-sell' | 'unknown';

/** The two ladders of subd. 3(a) and 3(c): project-specific replacement, and bank credits. */
export type Ladder = 'project-specific' | 'bank';

/**
 * Why a candidate stands where it does in its ladder: the priority order of subd. 3(a), or an
 * exception that sets the order aside — early bank credits statewide (3(b)) or a site
 * identified in an adequate EIS (3(h)).
 */
export type SitingBasis = 'priority-order' | 'statewide-3b' | 'eis-3h';

/** Units the priority order compares. */
export type LevelUnit = 'minorWatershed' | 'majorWatershed' | 'bankServiceArea';

/** Longitude and latitude in WGS84 degrees. */
export type LngLat = readonly [number, number];

/**
 * The administrative and hydrologic units of a place. Every field may be unknown (absent or null);
 * the engine never guesses an unknown unit.
 */
export interface Units {
  /** DNR Level 07 minor watershed id: five digits, the first two being the major number. */
  minorWatershed?: string | null;
  /** DNR major watershed number, 1-84. */
  majorWatershed?: number | null;
  /** BWSR wetland bank service area number, 1-10. */
  bankServiceArea?: number | null;
  /** County FIPS code, e.g. "27109". */
  county?: string | null;
  /** The place's area class as stated by the user; wins over overrides and the county class. */
  areaClass?: AreaClass | null;
  /** The county's class as read from the counties layer (Minn. R. 8420.0117 subp. 1). */
  countyAreaClass?: AreaClass | null;
  /**
   * Where a located point lies on a boundary between units of a kind the priority order compares:
   * the units it touches. A level that depends on which of them holds the place is left open.
   */
  boundary?: BoundaryUnits | null;
}

/**
 * The units of each kind whose shared boundary a located place lies on: every unit the point
 * touches (two or more), the one in the matching unit field among them. A lookup picks one of
 * them by a fixed rule (the lowest id); the engine does not let that choice decide a level.
 */
export interface BoundaryUnits {
  minorWatershed?: readonly string[];
  majorWatershed?: readonly number[];
  bankServiceArea?: readonly number[];
  /** County FIPS codes: the area class (Minn. R. 8420.0117 subp. 1) is uncertain where they differ in class. */
  county?: readonly string[];
}

/** The wetland impact (drain or fill) that needs replacement. */
export interface Impact {
  location?: LngLat | null;
  units?: Units;
  /** Acres of wetland drained or filled. */
  acres: number;
  land: LandUse;
  cultivatedField: boolean;
  project: ProjectType;
  afterTheFact: boolean;
  /** Date the replacement plan application is (or will be) submitted, ISO yyyy-mm-dd (subd. 3(h)). */
  applicationDate?: string | null;
  /**
   * Acres of wetland partially drained (its hydrology not wholly removed), apart from `acres`,
   * which are drained or filled outright. Counted at 50 percent at least (Minn. R. 8420.0522 subp. 2).
   */
  partiallyDrainedAcres?: number | null;
  /** Circular 39 type of the impacted wetland (Minn. R. 8420.0330 subp. 3 A(1)). */
  wetlandType?: WetlandType | null;
  /** Road repair (subd. 1(m)) on a state road: MnDOT replaces, otherwise the board. */
  stateRoad?: boolean | null;
  /**
   * A drawn impact's area by unit, largest share first (as a site outline's): where it lies in
   * two or more units of a kind the order compares, each site is ranked for the part it reaches
   * best (impactParts.ts). `units` stay those of the part holding most of it.
   */
  areaShares?: AreaShares | null;
}

/** A possible replacement site: bank credits or a project-specific replacement. */
export interface Candidate {
  id: string;
  kind: CandidateKind;
  name?: string | null;
  location?: LngLat | null;
  units?: Units;
  action?: ReplacementAction | null;
  /** For stormwater ponds: does the design include pretreatment of runoff (subd. 1(e))? */
  pretreatment?: boolean | null;
  /** For stormwater ponds: is the pond functioning as a wetland (subd. 1(e))? */
  functioningAsWetland?: boolean | null;
  /** For banks: date the complete banking application was submitted, ISO yyyy-mm-dd (subd. 3(b)). */
  bankApplicationDate?: string | null;
  /**
   * For banks: credits (acres) available for a WCA replacement; with `creditPools`, set from the
   * pools that can serve one by withBankCredits (Section 404 only credit never counts).
   */
  availableCredits?: number | null;
  /** For banks with `creditPools`: acres of Section 404 only (federal-only) credit, shown apart; null when none. */
  federalOnlyCredits?: number | null;
  /**
   * For banks: the credit listing pools joined to it (credits.json, a listing loaded in the page),
   * each apart; `[]` when listings were loaded but none names it; absent when none was loaded.
   */
  creditPools?: readonly CreditPool[] | null;
  /** Identified in an adequate environmental impact statement (subd. 3(h)). */
  eisIdentified?: boolean | null;
  /** Date of the EIS adequacy determination, ISO yyyy-mm-dd (subd. 3(h)). */
  eisAdequacyDate?: string | null;
  /** Circular 39 type the replacement wetland is (or will be). */
  wetlandType?: WetlandType | null;
  /** For banks: status in the bank registry (RIBITS), e.g. Approved, Pending, Sold-Out. */
  bankStatus?: string | null;
  /**
   * For a site located by its outline: the share of its area in each unit, largest first. Its
   * `units` are the largest of each kind; a split is named in the reasons.
   */
  areaShares?: AreaShares | null;
}

/** One unit's share (0-1) of a site's area. */
export interface AreaShare {
  id: string | number;
  share: number;
}

/** Shares of a site's area by kind of unit, largest share first. */
export interface AreaShares {
  minorWatershed?: AreaShare[];
  majorWatershed?: AreaShare[];
  bankServiceArea?: AreaShare[];
  county?: AreaShare[];
}

/** One impact and the candidate sites to rank for it. */
export interface Scenario {
  impact: Impact;
  candidates: readonly Candidate[];
}

/** One plain-language statement and the clause it rests on, e.g. `103G.222 subd. 3(a)(2)`. */
export interface Reason {
  text: string;
  cite: string;
}

/** Units after resolution: every field present, null when unknown, area class resolved. */
export interface ResolvedUnits {
  minorWatershed: string | null;
  majorWatershed: number | null;
  bankServiceArea: number | null;
  county: string | null;
  areaClass: AreaClass | null;
  /**
   * Where the area class came from, or null when unknown; `county-line` when the place lies on
   * the line between counties of different class (the class is then null: it depends on the side).
   */
  areaClassSource: 'given' | 'major-watershed-override' | 'county-override' | 'county' | 'county-line' | null;
  /** With `county-line`: each county the place touches and its class, lowest FIPS first. */
  countyLine?: readonly CountyClass[] | null;
}

/** A county and its wetland area class (after reclassification overrides). */
export interface CountyClass {
  county: string;
  areaClass: AreaClass | null;
}

/** Priority levels of subd. 3(a)(1)-(4): 1 is best. */
export type PriorityLevel = 1 | 2 | 3 | 4;

/** Whether a candidate may serve: `undetermined` when a fact the law turns on is unknown. */
export type EligibilityStatus = 'eligible' | 'undetermined' | 'ineligible';

/** A candidate with its verdict, level, distance and the reasons for each. */
export interface RankedCandidate {
  id: string;
  kind: CandidateKind;
  /** true eligible, false ineligible, null undetermined (a fact the law turns on is unknown). */
  eligible: boolean | null;
  status: EligibilityStatus;
  /**
   * Priority level 1-4 the known geography proves; null when ineligible, unlocated, or when the
   * order does not apply (early bank credits statewide, subd. 3(b)).
   */
  priority: PriorityLevel | null;
  /**
   * The levels the candidate may be at, lowest number first: `[1, 2]` when the minor watershed is
   * unknown but the major is shared. Equal ends when the level is certain; null with `priority`.
   */
  priorityRange: readonly [PriorityLevel, PriorityLevel] | null;
  /** Units whose being unknown leaves the level open (the reason `priorityRange` is wide). */
  unknownUnits: LevelUnit[];
  /**
   * Units whose boundary the site or the impact lies on, where the units touching it would give
   * different levels: the other reason `priorityRange` is wide (see Units.boundary).
   */
  boundaryUnits: LevelUnit[];
  /** Its ladder: project-specific replacement (levels 1-4) or bank credits (from level 3, subd. 3(c)). */
  ladder: Ladder;
  /**
   * Its place in its own ladder (1 is first); null for an ineligible candidate (a barred site is
   * no choice; banks that cannot sell credits are among them).
   */
  ladderRank: number | null;
  basis: SitingBasis;
  /** For banks: whether the bank can sell credits, from `bankStatus`; null for project-specific sites. */
  availability: BankAvailability | null;
  /** Same Circular 39 type as the impact (in-kind), another type, or null when either is not given. */
  kindMatch: 'in-kind' | 'out-of-kind' | null;
  /** The replacement ratio for this candidate, and the board-set rows that may change it. */
  ratio: CandidateRatio;
  /** Share of the area that earns replacement credit for its action (Minn. R. 8420.0526). */
  credit: CreditShare | null;
  /** Great-circle distance from the impact in km (0.1 km), null when either location is unknown. */
  distanceKm: number | null;
  /** True when the candidate has neither a location nor any unit. */
  unlocated: boolean;
  units: ResolvedUnits;
  /** For banks: the credit pools with source, as-of date and age (bankCredits.ts); null for other sites. */
  credits: BankCredits | null;
  reasons: Reason[];
}

/** A row of the rule set's ratio table that applies to a candidate; `ratio` null when not encoded. */
export interface RatioRow {
  id: string;
  ratio: number | null;
  cite: string;
  text: string;
}

/** The ratio for one candidate: the statute's, and board-set rows that may change it (subd. 3(g)). */
export interface CandidateRatio {
  /** The ratio the encoded rows give (the statute's, subd. 1(f)/(g)). */
  value: number;
  cite: string;
  /** Rows the board sets (Minn. R. 8420.0522) that may apply; `ratio: null` is "rule not encoded". */
  rows: RatioRow[];
}

/** The share of an action's area that earns credit; `share` null when the rule is not encoded. */
export interface CreditShare {
  action: string;
  share: number | null;
  cite: string;
  text: string;
}

/** Who carries out the replacement: road repair under subd. 1(m) is replaced by the board or MnDOT. */
export type Replacer = 'applicant' | 'board' | 'mndot' | 'board-or-mndot';

/** What the replacement must amount to. */
export interface Requirement {
  /**
   * Acres of replacement per acre of impact (subd. 1(f), 1(g)): where the impact's area class is
   * unknown on nonagricultural land, the higher of the two it may be (see ratioRange).
   */
  ratio: number;
  /**
   * The ratios it may be, lowest first: `[1, 2]` when the impact's area class is unknown on
   * nonagricultural land (1:1 in a greater-than-80-percent area, subd. 1(g), else 2:1, 1(f));
   * equal ends when the ratio is certain.
   */
  ratioRange: readonly [number, number];
  /** The highest ratio the LGU may require: twice `ratio` for after-the-fact plans (subd. 1(n)). */
  maxRatio: number;
  /** Acres of replacement at `ratio`, rounded for display to 1/10,000 acre. */
  replacementAcres: number;
  /** Acres of replacement at each end of ratioRange (display-rounded). */
  replacementAcresRange: readonly [number, number];
  maxReplacementAcres: number;
  /** Cultivated-field impacts are replaced by restoration only (subd. 1(c)). */
  restorationOnly: boolean;
  /** False for road repair under subd. 1(m): no replacement plan, the board (or MnDOT) replaces. */
  replacementPlanRequired: boolean;
  /** Who replaces: the applicant, or for road repair (subd. 1(m)) the board, MnDOT on state roads. */
  replacedBy: Replacer;
  /**
   * Acres counted as impact: drained or filled, plus half (at least) of those partially drained;
   * rounded for display (thresholds are tested on the unrounded acres).
   */
  impactAcres: number;
  /**
   * Sequencing (subd. 1(b)): `available` when the impact is 10,000 square feet or less (tested
   * unrounded), so the LGU may decide sequencing on site without a written alternatives analysis
   * whatever the de minimis amount; `depends-on-de-minimis` above (103G.2241 subd. 9(a), not
   * encoded); `not-applicable` where 1(b) does not govern the impact: a cultivated field,
   * replaced "without regard to the priority order in paragraph (b)" (subd. 1(c)), and road
   * repair under subd. 1(m), which files no replacement plan application;
   * `available-if-minimum-share` when the impact is within 10,000 square feet only with the
   * partially drained area counted at the 50 percent minimum (Minn. R. 8420.0522 subp. 2), so it
   * turns on the panel's finding.
   */
  onSiteSequencing: 'available' | 'available-if-minimum-share' | 'depends-on-de-minimis' | 'not-applicable';
  /** The counted impact in square feet for display: whole, but never shown as 10,000 when above it. */
  impactSquareFeet: number;
  reasons: Reason[];
}

/** The engine's whole answer for a scenario. */
export interface RankResult {
  ruleset: string;
  impact: { units: ResolvedUnits };
  requirement: Requirement;
  /** Candidates in ranked order. */
  candidates: RankedCandidate[];
}

/** One pool of a bank's credits as the ranking shows it: its figure, where from, and how old. */
export interface PoolView {
  /** The pool's approval (BWSR listing), or null when the row states a RIBITS jurisdiction instead. */
  approval: BwsrApproval | null;
  jurisdiction: string | null;
  /** Credit type as the listing writes it. */
  creditType: string | null;
  wetlandType: WetlandType | null;
  /** The impact's type (in-kind), another, or null when either is not known. */
  kindMatch: 'in-kind' | 'out-of-kind' | null;
  available: number;
  unit: CreditUnit;
  /** The figure in acres: square feet divided by 43,560; null for a unit that is not an area. */
  acres: number | null;
  /** Whether the pool can serve a WCA replacement: yes, no (Section 404 only, RIBITS Federal), not known. */
  servesWca: 'yes' | 'no' | 'unknown';
  /**
   * Whether this pool alone covers the acres required; null when its unit is not an area or it
   * cannot (or is not known to) serve a WCA replacement.
   */
  covers: 'all' | 'part' | 'none' | null;
  source: string;
  row: number;
  asOf: string | null;
  asOfFrom: CreditPool['asOfFrom'];
  /** Days from the as-of date to the reference date; null when either is unknown. */
  ageDays: number | null;
  /** Older than STALE_AFTER_DAYS; null when the age is unknown. */
  stale: boolean | null;
}

/** A bank's credits in a ranked row. */
export interface BankCredits {
  /** False when no credit listing was given to the ranking (nothing is known, nothing invented). */
  loaded: boolean;
  /** Its pools, each apart (WCA only, 404 only, both), WCA-usable first, then in-kind, then largest. */
  pools: PoolView[];
  /**
   * No pool that can serve a WCA replacement lists credits, and none of unknown approval does: no
   * opportunity for a WCA plan (Minn. R. 8420.0745), whatever Section 404 only credit it holds.
   */
  zeroBalance: boolean;
  /**
   * The acres the bank's WCA-usable pools cover: pools of one approval and one kind added, the
   * largest such sum (pools of different approval never added); null when none is an area figure.
   */
  largestAcres: number | null;
  /** Acres of Section 404 only (federal-only) credit, never covering a WCA requirement. */
  federalOnlyAcres: number;
  /** Any figure older than STALE_AFTER_DAYS. */
  stale: boolean;
  /** The date ages are measured to: the application date, else today; null when neither is given. */
  reference: string | null;
  reasons: Reason[];
}
