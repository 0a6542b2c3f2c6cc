/**
 * A candidate's verdict as numbers: the codes the compact ranking stores for each enumeration,
 * the reason-code bits naming which rules decided it, and the Decision that decideCandidate fills
 * in place (no reason text, no allocation per candidate).
 */
import type { BankAvailability, EligibilityStatus, SitingBasis } from './types.ts';

/**
 * Bits of a decision's reason codes: which rules decided it, without their texts. Exclusion k of
 * the rule set (k < 16) that made the candidate ineligible or undetermined sets bit k; exception k
 * (k < 8) that applied sets bit 16 + k; the rest are named here.
 */
export const REASON_CODES = {
  /** Neither a location nor any unit: cannot be placed in the order (subd. 3(a)). */
  unlocated: 1 << 24,
  /** Listed below the best eligible level of its ladder: the next-level rule (subd. 3(d)/(e)). */
  nextLevel: 1 << 25,
  /** Its outline straddles a unit boundary: ranked by the unit holding most of its area. */
  areaSplit: 1 << 26,
  /**
   * With nextLevel: every eligible option above it in its ladder is a pending bank, whose credits
   * are not yet certified and deposited (Minn. R. 8420.0725 A); the caveat says so.
   */
  nextLevelPending: 1 << 27,
} as const;

/** The reason-code bit of the rule set's exclusion at `index` (none past the 16th). */
export function exclusionCode(index: number): number {
  return index < 16 ? 1 << index : 0;
}

/** The reason-code bit of the rule set's exception at `index` (none past the 8th). */
export function exceptionCode(index: number): number {
  return index < 8 ? 1 << (16 + index) : 0;
}

/** Numeric codes of a decision's enumerations, as the compact ranking stores them. */
export const STATUS_CODES: readonly EligibilityStatus[] = ['eligible', 'undetermined', 'ineligible'];
export const BASIS_CODES: readonly SitingBasis[] = ['priority-order', 'statewide-3b', 'eis-3h'];
export const AVAILABILITY_CODES: readonly (BankAvailability | null)[] = [
  null,
  'can-sell',
  'pending',
  'cannot-sell',
  'unknown',
];
export const KIND_MATCH_CODES: readonly ('in-kind' | 'out-of-kind' | null)[] = [
  null,
  'in-kind',
  'out-of-kind',
];

/**
 * A candidate's verdict as numbers only: what ranking needs to order it, with no reason text.
 * Filled in place by decideCandidate so ranking a million candidates allocates none of these.
 */
export interface Decision {
  /** Index into STATUS_CODES. */
  status: number;
  /** 0 when there is no level, else 1-4. */
  priority: number;
  /** Ends of priorityRange, 0 when it is null. */
  rangeLow: number;
  rangeHigh: number;
  /** UNKNOWN_UNIT_BITS of the units that leave the level open. */
  unknownMask: number;
  /** UNKNOWN_UNIT_BITS of the units whose boundary leaves the level open. */
  boundaryMask: number;
  /** Index into BASIS_CODES. */
  basis: number;
  /** Index into AVAILABILITY_CODES. */
  availability: number;
  /** Index into KIND_MATCH_CODES. */
  kindMatch: number;
  /** REASON_CODES bits. */
  codes: number;
}

/** A fresh decision to fill. */
export function emptyDecision(): Decision {
  return {
    status: 0,
    priority: 0,
    rangeLow: 0,
    rangeHigh: 0,
    unknownMask: 0,
    boundaryMask: 0,
    basis: 0,
    availability: 0,
    kindMatch: 0,
    codes: 0,
  };
}
