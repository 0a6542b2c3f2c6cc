import type { AreaClassOverride } from './areaClassOverride.ts';
import { type DecisionPlan, decideCandidate, decisionPlan } from './assessCandidate.ts';
import { firstLevelFor } from './computePriority.ts';
import { computeRequirement } from './computeRequirement.ts';
import { AVAILABILITY_CODES, type Decision, emptyDecision, REASON_CODES } from './decisionCodes.ts';
import { DEFAULT_RULESET } from './defaultRuleset.ts';
import { coversAcres } from './exactAcres.ts';
import { greatCircleCosine, greatCircleKmFrom } from './greatCircleKm.ts';
import { ladderGroups } from './ladderGroups.ts';
import { rankOrder } from './rankOrder.ts';
import { giveBackRankScratch, type RankScratch, takeRankScratch } from './rankScratch.ts';
import { createUnitResolver, type UnitResolver } from './resolveUnits.ts';
import type { CandidateContext, RuleSet } from './ruleset.ts';
import type { Candidate, Ladder, PriorityLevel, Requirement, ResolvedUnits, Scenario } from './types.ts';

/** Choices that are data, not code: which law and which reclassifications. */
export interface RankOptions {
  /** Defaults to DEFAULT_RULESET, the statute text. */
  ruleset?: RuleSet;
  /** County and major watershed reclassifications (subd. 1(o)/(p)). */
  overrides?: readonly AreaClassOverride[];
  /**
   * Today (ISO yyyy-mm-dd): the date credit figures are aged to when the impact has no
   * application date (a figure older than STALE_AFTER_DAYS is stale).
   */
  today?: string | null;
}

export { LADDER_NAMES } from './ladderGroups.ts';

/** Ladder codes of the compact ranking. */
export const LADDER_CODES: readonly Ladder[] = ['project-specific', 'bank'];

/** What expanding a row needs besides the columns: the inputs and how their units resolve. */
interface RankSource {
  scenario: Scenario;
  ruleset: RuleSet;
  resolve: UnitResolver;
  ratioCite: string;
  /** The replacement acres unrounded: what a bank's credits are compared with (subd. 3(e)(4)). */
  exactReplacementAcres: number;
  /** The same at the lowest ratio the impact may take (below it only when the class is unknown). */
  exactLowestAcres: number;
  /** The date credit figures are aged to: the application date, else today. */
  creditsReference: string | null;
}

/**
 * A ranking as typed columns, one entry per candidate in ranked order (position 0 is first):
 * the order, verdict, level and distance a table sorts, filters and counts by, with no reason
 * text. `expandRanked` builds the full RankedCandidate of one position, reasons and citations
 * included, when someone looks at it. Codes index STATUS_CODES, BASIS_CODES, AVAILABILITY_CODES,
 * KIND_MATCH_CODES and LADDER_CODES; reason codes are REASON_CODES bits.
 */
export interface CompactRanking {
  /** The rule set's id. */
  ruleset: string;
  impact: { units: ResolvedUnits };
  requirement: Requirement;
  count: number;
  /** Index in `scenario.candidates` of the candidate at each position. */
  order: Uint32Array;
  /** STATUS_CODES: 0 eligible, 1 undetermined, 2 ineligible. */
  status: Uint8Array;
  /** Priority level 1-4, 0 when there is none. */
  priority: Uint8Array;
  /** Best level the candidate may be at (priorityRange[0]), 0 when there is no level. */
  rangeLow: Uint8Array;
  /** UNKNOWN_UNIT_BITS of the units that leave the level open. */
  unknownUnits: Uint8Array;
  /** UNKNOWN_UNIT_BITS of the units whose boundary leaves the level open. */
  boundaryUnits: Uint8Array;
  /** LADDER_CODES: 0 project-specific, 1 bank. */
  ladder: Uint8Array;
  /** Place in its own ladder from 1; 0 (no place) for an ineligible candidate, a bank that cannot sell among them. */
  ladderRank: Uint32Array;
  /** BASIS_CODES. */
  basis: Uint8Array;
  /** AVAILABILITY_CODES (0: not a bank). */
  availability: Uint8Array;
  /** KIND_MATCH_CODES. */
  kindMatch: Uint8Array;
  /** Great-circle km from the impact rounded to 0.1 km, NaN when either location is unknown. */
  distanceKm: Float64Array;
  /** REASON_CODES bits: which rules decided the row. */
  reasonCodes: Uint32Array;
  /** Best eligible level of each ladder, the one the next-level caveat names. */
  ladderBest: Record<Ladder, PriorityLevel | null>;
  /** Best eligible level of each ladder among options that are not pending banks. */
  ladderBestApproved: Record<Ladder, PriorityLevel | null>;
  /** Inputs the expansion reads; not for display. */
  source: RankSource;
}

const KIND_ORDER = [1, 0, 2]; // by KIND_MATCH_CODES: null, in-kind, out-of-kind

/**
 * Order within a level by what a bank's WCA-usable credits cover (issue 31 item 9): 0 when they
 * cover the whole requirement (and for every site, which is built to it), 1 when they cover part,
 * 2 when none are known. Acres compare as decimals (0.3 listed covers 0.2 at 1.5:1).
 */
function coverageOrder(candidate: Candidate, requiredAcres: number): number {
  if (candidate.kind !== 'bank') return 0;
  const credits = candidate.availableCredits;
  if (credits === null || credits === undefined || !(credits > 0)) return 2;
  return coversAcres(credits, requiredAcres) ? 0 : 1;
}

/**
 * Ranks the candidate replacement sites of a scenario under a rule set into typed columns. Two
 * ladders (subd. 3(a), 3(c)): project-specific replacement from level 1, bank credits from level
 * 3; each candidate has its place in its own ladder. The order: eligible, then undetermined, then
 * ineligible; within each by level (3(b) credits at their ladder's first level), in-kind before
 * out-of-kind, then banks whose WCA-usable credits cover the requirement before partial ones before
 * those with none known, great-circle distance when both locations are known, then input order
 * (never the string order of ids). Lower levels carry
 * the next-level rule (subd. 3(d)/(e)) as a reason code, judged within the candidate's own
 * ladder. No reason text is built: see expandRanked. Pure: never changes its input.
 */
export function rankCompact(scenario: Scenario, options: RankOptions = {}): CompactRanking {
  const scratch = takeRankScratch(scenario.candidates.length);
  try {
    return rankWithScratch(scenario, options, scratch);
  } finally {
    giveBackRankScratch(scratch);
  }
}

/**
 * Decides every candidate into the scratch records and level keys (see rankWithScratch). Its own
 * function, like each phase of the ranking, so the optimising compiler compiles each hot loop
 * with the feedback of that loop alone and the first rankings are not spent deoptimising a
 * function whose later loops had not run yet.
 */
function decideAll(
  candidates: readonly Candidate[],
  context: CandidateContext,
  ruleset: RuleSet,
  resolve: UnitResolver,
  plan: DecisionPlan,
  firstLevel: readonly number[],
  scratch: RankScratch,
): void {
  const count = candidates.length;
  const { levelKeys, records } = scratch;
  const words = new Uint32Array(records.buffer, records.byteOffset, 4 * count);
  const units = context.units;
  const decision: Decision = emptyDecision();
  const impact = context.impact;
  const from = impact.location ?? null;
  const fromLng = from === null ? 0 : from[0];
  const fromLat = from === null ? 0 : from[1];
  const cosFromLat = from === null ? 0 : greatCircleCosine(fromLat);
  for (let i = 0; i < count; i++) {
    const candidate = candidates[i] as Candidate;
    context.candidate = candidate;
    resolve(candidate.units, units);
    decideCandidate(context, ruleset, decision, plan);
    const ladder = candidate.kind === 'bank' ? 1 : 0;
    const to = candidate.location ?? null;
    records[2 * i] =
      from === null || to === null
        ? Number.POSITIVE_INFINITY
        : greatCircleKmFrom(fromLng, fromLat, cosFromLat, to);
    const sortLevel = decision.basis === 1 ? (firstLevel[ladder] as number) : decision.priority || 5;
    levelKeys[i] =
      decision.status * 72 +
      sortLevel * 12 +
      (KIND_ORDER[decision.kindMatch] as number) * 3 +
      coverageOrder(candidate, context.replacementAcres);
    words[4 * i + 2] =
      decision.status |
      (decision.priority << 2) |
      (decision.rangeLow << 5) |
      (decision.unknownMask << 8) |
      (ladder << 11) |
      (decision.basis << 12) |
      (decision.availability << 14) |
      (decision.kindMatch << 17) |
      (decision.boundaryMask << 19);
    words[4 * i + 3] = decision.codes;
  }
}

/**
 * Writes the columns of `ranking` in ranked order from the records (see rankWithScratch) and
 * returns the best eligible level of each ladder (0: none), then of each ladder without its
 * pending banks.
 */
function writeColumns(ranking: CompactRanking, words: Uint32Array, records: Float64Array): number[][] {
  const { count, order } = ranking;
  // Places within each ladder; an ineligible candidate has none (a barred site is no choice, and
  // a bank that cannot sell credits is listed apart).
  // Subd. 3(d): a lower level is open only when no reasonable, practicable and environmentally
  // beneficial opportunity exists higher up *in the same ladder* (3(c) starts banking at level
  // 3); exceptions that set the order aside (3(b), 3(h)) carry no caveat. A rule set without
  // 3(c) has one ladder for both kinds (`ladders: "one"`): `group` is the ladder judged in.
  const groups = ladderGroups(ranking.source.ruleset);
  const places = [0, 0];
  const best = [0, 0];
  const approved = [0, 0];
  const pending = AVAILABILITY_CODES.indexOf('pending');
  const status = ranking.status;
  const priority = ranking.priority;
  const rangeLow = ranking.rangeLow;
  const unknownUnits = ranking.unknownUnits;
  const boundaryUnits = ranking.boundaryUnits;
  const ladders = ranking.ladder;
  const basis = ranking.basis;
  const availability = ranking.availability;
  const kindMatch = ranking.kindMatch;
  const reasonCodes = ranking.reasonCodes;
  const distanceKm = ranking.distanceKm;
  const ladderRank = ranking.ladderRank;
  for (let position = 0; position < count; position++) {
    const i = order[position] as number;
    const word = words[4 * i + 2] as number;
    const rowStatus = word & 3;
    const rowPriority = (word >> 2) & 7;
    const ladder = (word >> 11) & 1;
    const rowAvailability = (word >> 14) & 7;
    status[position] = rowStatus;
    priority[position] = rowPriority;
    rangeLow[position] = (word >> 5) & 7;
    unknownUnits[position] = (word >> 8) & 7;
    boundaryUnits[position] = (word >> 19) & 7;
    ladders[position] = ladder;
    basis[position] = (word >> 12) & 3;
    availability[position] = rowAvailability;
    kindMatch[position] = (word >> 17) & 3;
    reasonCodes[position] = words[4 * i + 3] as number;
    const distance = records[2 * i] as number;
    distanceKm[position] =
      distance === Number.POSITIVE_INFINITY ? Number.NaN : Math.round(distance * 10) / 10;
    const group = groups[ladder] as number;
    if (rowStatus !== 2) ladderRank[position] = ++(places[group] as number);
    if (rowStatus !== 0 || rowPriority === 0) continue;
    const current = best[group] as number;
    if (current === 0 || rowPriority < current) best[group] = rowPriority;
    if (rowAvailability === pending) continue;
    const firm = approved[group] as number;
    if (firm === 0 || rowPriority < firm) approved[group] = rowPriority;
  }
  return [best, approved];
}

/**
 * Sets the next-level reason code of the rows below their ladder's best eligible level, and the
 * pending mark where every eligible option above the row is a pending bank.
 */
function markNextLevel(ranking: CompactRanking, best: readonly number[], approved: readonly number[]): void {
  const { count, status, basis, priority, reasonCodes } = ranking;
  const ladders = ranking.ladder;
  const groups = ladderGroups(ranking.source.ruleset);
  for (let position = 0; position < count; position++) {
    const ladder = groups[ladders[position] as number] as number;
    const ladderBest = best[ladder] as number;
    const level = priority[position] as number;
    if (ladderBest !== 0 && status[position] === 0 && basis[position] === 0 && level > ladderBest) {
      const firm = approved[ladder] as number;
      reasonCodes[position] =
        (reasonCodes[position] as number) |
        REASON_CODES.nextLevel |
        (firm === 0 || firm >= level ? REASON_CODES.nextLevelPending : 0);
    }
  }
}

function rankWithScratch(scenario: Scenario, options: RankOptions, scratch: RankScratch): CompactRanking {
  const ruleset = options.ruleset ?? DEFAULT_RULESET;
  const resolve = createUnitResolver(ruleset, options.overrides ?? []);
  const { impact } = scenario;
  const impactUnits = resolve(impact.units);
  const { ratioCite, exactReplacementAcres, exactLowestAcres, ...requirement } = computeRequirement(
    impact,
    impactUnits,
    ruleset,
  );
  const firstLevel = [
    firstLevelFor('project-specific', ruleset.priorityLevels),
    firstLevelFor('bank', ruleset.priorityLevels),
  ];

  const candidates = scenario.candidates;
  const count = candidates.length;
  // By input index first, one 16-byte record per candidate (read back in ranked order once the
  // order is known, one cache line per row): the exact distance (Float64 2i), then the decision
  // packed in one word (Uint32 4i + 2: bits 0-1 status, 2-4 priority, 5-7 range low, 8-10 unknown
  // units, 11 ladder, 12-13 basis, 14-16 availability, 17-18 kind match, 19-21 boundary units)
  // and its reason codes
  // (Uint32 4i + 3).
  const { levelKeys, records } = scratch;
  const words = new Uint32Array(records.buffer, records.byteOffset, 4 * count);
  // Every candidate's units are resolved into this one object (the rules keep none of it).
  const units = resolve(undefined);
  const context: CandidateContext = {
    impact,
    impactUnits,
    candidate: candidates[0] as Candidate,
    units,
    replacementAcres: exactReplacementAcres,
    ratio: requirement.ratio,
    ratioCite,
    lowestReplacementAcres: exactLowestAcres,
    ratioRange: requirement.ratioRange,
  };
  const plan = decisionPlan(impactUnits, ruleset, impact.units?.boundary ?? null, impact.areaShares ?? null);
  decideAll(candidates, context, ruleset, resolve, plan, firstLevel, scratch);
  const order = rankOrder(levelKeys, records, 2, scratch.pairs);

  const ranking: CompactRanking = {
    ruleset: ruleset.id,
    impact: { units: impactUnits },
    requirement,
    count,
    order,
    status: new Uint8Array(count),
    priority: new Uint8Array(count),
    rangeLow: new Uint8Array(count),
    unknownUnits: new Uint8Array(count),
    boundaryUnits: new Uint8Array(count),
    ladder: new Uint8Array(count),
    ladderRank: new Uint32Array(count),
    basis: new Uint8Array(count),
    availability: new Uint8Array(count),
    kindMatch: new Uint8Array(count),
    distanceKm: new Float64Array(count),
    reasonCodes: new Uint32Array(count),
    ladderBest: { 'project-specific': null, bank: null },
    ladderBestApproved: { 'project-specific': null, bank: null },
    source: {
      scenario,
      ruleset,
      resolve,
      ratioCite,
      exactReplacementAcres,
      exactLowestAcres,
      creditsReference: impact.applicationDate ?? options.today ?? null,
    },
  };
  const [best, approved] = writeColumns(ranking, words, records) as [number[], number[]];
  markNextLevel(ranking, best, approved);
  const level = (value: number | undefined) => (value ? (value as PriorityLevel) : null);
  const [siteGroup, bankGroup] = ladderGroups(ruleset);
  ranking.ladderBest = { 'project-specific': level(best[siteGroup]), bank: level(best[bankGroup]) };
  ranking.ladderBestApproved = {
    'project-specific': level(approved[siteGroup]),
    bank: level(approved[bankGroup]),
  };
  return ranking;
}
