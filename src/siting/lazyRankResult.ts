/**
 * A RankResult over a compact ranking whose rows are read from its columns and expanded only
 * for what the columns do not hold: units, ratio, credit, the unknown and boundary units and the cited
 * reasons (issue 14: reason texts only for the rows shown, exported or printed). The page ranks
 * 100,000 sites this way: the map, the counts and the filters read the columns; the virtualised
 * table expands the rows it draws. Each row is expanded at most once, by expandRanked, so every
 * field is what rankScenario would have given.
 */
import {
  AVAILABILITY_CODES,
  BASIS_CODES,
  KIND_MATCH_CODES,
  REASON_CODES,
  STATUS_CODES,
} from './decisionCodes.ts';
import { expandRanked } from './expandRanked.ts';
import { type CompactRanking, LADDER_CODES } from './rankCompact.ts';
import type {
  BankAvailability,
  BankCredits,
  CandidateKind,
  CandidateRatio,
  CreditShare,
  EligibilityStatus,
  Ladder,
  LevelUnit,
  PriorityLevel,
  RankedCandidate,
  RankResult,
  Reason,
  ResolvedUnits,
  SitingBasis,
} from './types.ts';

/** One row: column fields as own properties, the rest read through its expansion. */
class LazyRankedCandidate implements RankedCandidate {
  readonly id: string;
  readonly kind: CandidateKind;
  readonly eligible: boolean | null;
  readonly status: EligibilityStatus;
  readonly priority: PriorityLevel | null;
  readonly priorityRange: readonly [PriorityLevel, PriorityLevel] | null;
  readonly ladder: Ladder;
  readonly ladderRank: number | null;
  readonly basis: SitingBasis;
  readonly availability: BankAvailability | null;
  readonly kindMatch: 'in-kind' | 'out-of-kind' | null;
  readonly distanceKm: number | null;
  readonly unlocated: boolean;
  #ranking: CompactRanking;
  #position: number;
  #full: RankedCandidate | null = null;

  constructor(ranking: CompactRanking, position: number) {
    this.#ranking = ranking;
    this.#position = position;
    const candidate = ranking.source.scenario.candidates[ranking.order[position] as number];
    this.id = candidate?.id ?? '';
    this.kind = candidate?.kind ?? 'project-specific';
    this.status = STATUS_CODES[ranking.status[position] as number] as EligibilityStatus;
    this.eligible = this.status === 'eligible' ? true : this.status === 'ineligible' ? false : null;
    const priority = ranking.priority[position] as number;
    this.priority = priority === 0 ? null : (priority as PriorityLevel);
    const low = ranking.rangeLow[position] as number;
    this.priorityRange =
      priority === 0 ? null : [(low || priority) as PriorityLevel, priority as PriorityLevel];
    this.ladder = LADDER_CODES[ranking.ladder[position] as number] as Ladder;
    const ladderRank = ranking.ladderRank[position] as number;
    this.ladderRank = ladderRank === 0 ? null : ladderRank;
    this.basis = BASIS_CODES[ranking.basis[position] as number] as SitingBasis;
    this.availability = AVAILABILITY_CODES[ranking.availability[position] as number] ?? null;
    this.kindMatch = KIND_MATCH_CODES[ranking.kindMatch[position] as number] ?? null;
    const distance = ranking.distanceKm[position] as number;
    this.distanceKm = Number.isNaN(distance) ? null : distance;
    this.unlocated = ((ranking.reasonCodes[position] as number) & REASON_CODES.unlocated) !== 0;
  }

  #expanded(): RankedCandidate {
    this.#full ??= expandRanked(this.#ranking, this.#position);
    return this.#full;
  }
  get units(): ResolvedUnits {
    return this.#expanded().units;
  }
  get ratio(): CandidateRatio {
    return this.#expanded().ratio;
  }
  get credit(): CreditShare | null {
    return this.#expanded().credit;
  }
  get unknownUnits(): LevelUnit[] {
    return this.#expanded().unknownUnits;
  }
  get boundaryUnits(): LevelUnit[] {
    return this.#expanded().boundaryUnits;
  }
  get credits(): BankCredits | null {
    return this.#expanded().credits;
  }
  get reasons(): Reason[] {
    return this.#expanded().reasons;
  }
  /** As JSON, the row rankScenario gives (same keys, same order). */
  toJSON(): RankedCandidate {
    return this.#expanded();
  }
}

/** The ranking as a RankResult whose rows expand on first use of an expanded field. */
export function lazyRankResult(ranking: CompactRanking): RankResult {
  const candidates: RankedCandidate[] = new Array(ranking.count);
  for (let position = 0; position < ranking.count; position++)
    candidates[position] = new LazyRankedCandidate(ranking, position);
  return { ruleset: ranking.ruleset, impact: ranking.impact, requirement: ranking.requirement, candidates };
}
