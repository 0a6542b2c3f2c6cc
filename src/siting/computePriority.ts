import type { PriorityLevelRule } from './ruleset.ts';
import type { CandidateKind, LevelUnit, PriorityLevel, Reason, ResolvedUnits } from './types.ts';

const UNIT_NAMES = {
  minorWatershed: 'minor watershed',
  majorWatershed: 'major watershed',
  bankServiceArea: 'bank service area',
} as const;

/** Plain name of a unit the priority order compares, e.g. "minor watershed". */
export function describeLevelUnit(unit: LevelUnit): string {
  return UNIT_NAMES[unit];
}

/** Bits of a packed level's unknown-unit mask (see decidePriority). */
export const UNKNOWN_UNIT_BITS: Record<LevelUnit, number> = {
  minorWatershed: 1,
  majorWatershed: 2,
  bankServiceArea: 4,
};

const NO_UNKNOWN: LevelUnit[] = [];
const CERTAIN: Record<PriorityLevel, readonly [PriorityLevel, PriorityLevel]> = {
  1: [1, 1],
  2: [2, 2],
  3: [3, 3],
  4: [4, 4],
};

function whoseUnknown(impactValue: unknown, siteValue: unknown): string {
  if (impactValue === null && siteValue === null) return "impact's and the site's";
  return impactValue === null ? "impact's" : "site's";
}

/** The level the geography proves, the best it may be, and the units that leave it open. */
export interface PriorityFinding {
  priority: PriorityLevel;
  /** Lowest number first: `[1, 2]` when the minor watershed is unknown and the major shared. */
  range: readonly [PriorityLevel, PriorityLevel];
  unknownUnits: LevelUnit[];
  reasons: Reason[];
}

/** Each level's closed entry for each kind, found once per level table instead of per candidate. */
const closedCache = new WeakMap<
  readonly PriorityLevelRule[],
  Record<CandidateKind, (PriorityLevelRule['closedTo'][number] | undefined)[]>
>();
function closedEntries(levels: readonly PriorityLevelRule[]) {
  let entries = closedCache.get(levels);
  if (!entries) {
    entries = {
      bank: levels.map((rule) => rule.closedTo.find((entry) => entry.kind === 'bank')),
      'project-specific': levels.map((rule) =>
        rule.closedTo.find((entry) => entry.kind === 'project-specific'),
      ),
    };
    closedCache.set(levels, entries);
  }
  return entries;
}

/**
 * The decision of computePriority packed in one number, with its reasons pushed onto `reasons`
 * when given (null: decide only, build no text). Bits 0-2 the level, 3-5 the best level it may be
 * at (0 when certain), 6-8 the unknown units (UNKNOWN_UNIT_BITS); `unknownUnits`, when given,
 * receives the unknown units in the order the levels name them.
 */
export function decidePriority(
  kind: CandidateKind,
  impactUnits: ResolvedUnits,
  siteUnits: ResolvedUnits,
  levels: readonly PriorityLevelRule[],
  reasons: Reason[] | null,
  unknownUnits: LevelUnit[] | null = null,
): number {
  const closedByLevel = closedEntries(levels)[kind];
  let unknownMask = 0;
  let bestPossible = 0;
  // Say once why a shared unit did not count (subd. 3(c)), at the best level it would have met.
  let closedNoted = false;
  for (let index = 0; index < levels.length; index++) {
    const rule = levels[index] as PriorityLevelRule;
    const closed = closedByLevel[index];
    if (rule.sameUnit === null) {
      if (closed) continue;
      if (reasons) {
        const impactArea = impactUnits.bankServiceArea;
        const siteArea = siteUnits.bankServiceArea;
        const text =
          impactArea !== null && siteArea !== null && impactArea !== siteArea
            ? `In another bank service area (site ${siteArea}, impact ${impactArea}).`
            : impactArea !== null && siteArea !== null
              ? `${rule.label}.`
              : `Placed at the lowest level because the ${whoseUnknown(impactArea, siteArea)} bank service area is unknown.`;
        reasons.push({ text, cite: rule.cite });
      }
      return rule.level | (bestPossible << 3) | (unknownMask << 6);
    }
    const impactValue = impactUnits[rule.sameUnit];
    const siteValue = siteUnits[rule.sameUnit];
    if (impactValue !== null && siteValue !== null) {
      if (impactValue !== siteValue) continue;
      if (closed) {
        if (!closedNoted && reasons) reasons.push({ text: closed.text, cite: closed.cite });
        closedNoted = true;
        continue;
      }
      if (reasons) {
        reasons.push({
          text: `In the same ${UNIT_NAMES[rule.sameUnit]} as the impact (${impactValue}).`,
          cite: rule.cite,
        });
      }
      return rule.level | (bestPossible << 3) | (unknownMask << 6);
    }
    if (closed) continue;
    // A minor watershed lies in one major (its id's first two digits): known, different majors
    // rule out a shared minor watershed however unknown it is.
    const ruledOut =
      rule.sameUnit === 'minorWatershed' &&
      impactUnits.majorWatershed !== null &&
      siteUnits.majorWatershed !== null &&
      impactUnits.majorWatershed !== siteUnits.majorWatershed;
    if (ruledOut) continue;
    if (bestPossible === 0) bestPossible = rule.level;
    unknownMask |= UNKNOWN_UNIT_BITS[rule.sameUnit];
    unknownUnits?.push(rule.sameUnit);
    if (reasons) {
      const unitName = UNIT_NAMES[rule.sameUnit];
      reasons.push({
        text: `The ${whoseUnknown(impactValue, siteValue)} ${unitName} is unknown, so the site cannot be shown to be in the same ${unitName}; it may be at level ${rule.level}.`,
        cite: rule.cite,
      });
    }
  }
  // A rule set always ends with an "anywhere" level; without one the lowest listed level applies.
  const last = levels[levels.length - 1];
  return (last ? last.level : 4) | (bestPossible << 3) | (unknownMask << 6);
}

const UNIT_CODES = { minorWatershed: 0, majorWatershed: 1, bankServiceArea: 2 } as const;

/**
 * decidePriority(kind, impactUnits, siteUnits, levels, null) for one fixed impact and kind, with
 * what depends on them alone (each level's unit, whether it is closed to the kind, the impact's
 * value) looked up once: ranking calls it for every candidate. Same walk, same packed answer.
 */
export function priorityDecider(
  kind: CandidateKind,
  impactUnits: ResolvedUnits,
  levels: readonly PriorityLevelRule[],
): (siteUnits: ResolvedUnits) => number {
  const closedByLevel = closedEntries(levels)[kind];
  const count = levels.length;
  const level = new Uint8Array(count);
  // 0-2 UNIT_CODES, 3 "anywhere".
  const unit = new Uint8Array(count);
  const closed = new Uint8Array(count);
  const impactValue: (string | number | null)[] = [];
  for (let index = 0; index < count; index++) {
    const rule = levels[index] as PriorityLevelRule;
    level[index] = rule.level;
    unit[index] = rule.sameUnit === null ? 3 : UNIT_CODES[rule.sameUnit];
    closed[index] = closedByLevel[index] ? 1 : 0;
    impactValue.push(rule.sameUnit === null ? null : impactUnits[rule.sameUnit]);
  }
  const impactMajor = impactUnits.majorWatershed;
  const last = levels[count - 1];
  const lowest = last ? last.level : 4;
  return (siteUnits) => {
    let unknownMask = 0;
    let bestPossible = 0;
    for (let index = 0; index < count; index++) {
      const code = unit[index] as number;
      const isClosed = closed[index] === 1;
      if (code === 3) {
        if (isClosed) continue;
        return (level[index] as number) | (bestPossible << 3) | (unknownMask << 6);
      }
      const impactAt = impactValue[index] as string | number | null;
      const siteAt =
        code === 0
          ? siteUnits.minorWatershed
          : code === 1
            ? siteUnits.majorWatershed
            : siteUnits.bankServiceArea;
      if (impactAt !== null && siteAt !== null) {
        if (impactAt !== siteAt || isClosed) continue;
        return (level[index] as number) | (bestPossible << 3) | (unknownMask << 6);
      }
      if (isClosed) continue;
      if (
        code === 0 &&
        impactMajor !== null &&
        siteUnits.majorWatershed !== null &&
        impactMajor !== siteUnits.majorWatershed
      )
        continue;
      if (bestPossible === 0) bestPossible = level[index] as number;
      unknownMask |= 1 << code;
    }
    return lowest | (bestPossible << 3) | (unknownMask << 6);
  };
}

/**
 * The best priority level (subd. 3(a)(1)-(4)) the known geography proves, walking the rule set's
 * levels in order. An unknown unit never counts as shared: the candidate falls to the next level,
 * a reason says which unit was unknown, and `range` keeps the better level it may be at. Levels
 * closed to the candidate's kind (subd. 3(c) for bank credits) are skipped with their citation.
 */
export function computePriority(
  kind: CandidateKind,
  impactUnits: ResolvedUnits,
  siteUnits: ResolvedUnits,
  levels: readonly PriorityLevelRule[],
): PriorityFinding {
  const reasons: Reason[] = [];
  // Most candidates have every unit: they share one empty list and one range per level.
  const unknown: LevelUnit[] = [];
  const packed = decidePriority(kind, impactUnits, siteUnits, levels, reasons, unknown);
  const priority = (packed & 7) as PriorityLevel;
  const bestPossible = ((packed >> 3) & 7) as PriorityLevel | 0;
  return {
    priority,
    range: bestPossible === 0 ? CERTAIN[priority] : [bestPossible, priority],
    unknownUnits: unknown.length === 0 ? NO_UNKNOWN : unknown,
    reasons,
  };
}

/** The first level of the order open to a kind: 1 for project-specific, 3 for banks under 3(c). */
export function firstLevelFor(kind: CandidateKind, levels: readonly PriorityLevelRule[]): PriorityLevel {
  const open = levels.find((rule) => !rule.closedTo.some((entry) => entry.kind === kind));
  return open ? open.level : 4;
}
