/**
 * The rows of one ladder as the table reads them: a count, cheap column getters for sorting and
 * filtering, and `rowAt` for the full ranked candidate (reasons and citations), called only for
 * the rows drawn. Today over the engine's RankedCandidate array; a compact ranking can back the
 * same interface without the table changing.
 */
import type { CandidateKind, EligibilityStatus, PriorityLevel, RankedCandidate } from '../../siting';

export interface RankedRows {
  readonly count: number;
  /** The full candidate of row `index` (what a drawn row shows). */
  rowAt(index: number): RankedCandidate;
  idAt(index: number): string;
  /** The proven priority level, null when none (not eligible, unlocated, or no order applies). */
  levelAt(index: number): PriorityLevel | null;
  statusAt(index: number): EligibilityStatus;
  unlocatedAt(index: number): boolean;
  kindAt(index: number): CandidateKind;
  distanceAt(index: number): number | null;
  /** Its place in the ladder as ranked (1 is first); null for an ineligible candidate. */
  placeAt(index: number): number | null;
}

export function rowsOfCandidates(candidates: readonly RankedCandidate[]): RankedRows {
  const at = (index: number) => candidates[index] as RankedCandidate;
  return {
    count: candidates.length,
    rowAt: at,
    idAt: (index) => at(index).id,
    levelAt: (index) => at(index).priority,
    statusAt: (index) => at(index).status,
    unlocatedAt: (index) => at(index).unlocated,
    kindAt: (index) => at(index).kind,
    distanceAt: (index) => at(index).distanceKm,
    placeAt: (index) => at(index).ladderRank,
  };
}
