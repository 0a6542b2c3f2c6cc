import type { PriorityLevelRule } from './ruleset.ts';
import type {
  BoundaryUnits,
  CandidateKind,
  LevelUnit,
  PriorityLevel,
  Reason,
  ResolvedUnits,
} from './types.ts';

const UNIT_NAMES = {
  minorWatershed: 'minor watershed',
  majorWatershed: 'major watershed',
  bankServiceArea: 'bank service area',
} as const;

const UNIT_PLURALS = {
  minorWatershed: 'minor watersheds',
  majorWatershed: 'major watersheds',
  bankServiceArea: 'bank service areas',
} as const;

/** The boundaries of the impact and of the site, where either lies on one (Units.boundary). */
export interface PlaceBoundaries {
  impact: BoundaryUnits | null | undefined;
  site: BoundaryUnits | null | undefined;
}

/** Whether a place's boundary names two or more units of a kind the order compares. */
export function hasLevelBoundary(boundary: BoundaryUnits | null | undefined): boolean {
  if (!boundary) return false;
  return (
    (boundary.minorWatershed?.length ?? 0) > 1 ||
    (boundary.majorWatershed?.length ?? 0) > 1 ||
    (boundary.bankServiceArea?.length ?? 0) > 1
  );
}

/** The units a place may be in for one kind: its boundary's (with its own unit), else its unit. */
function unitsMaybe(
  value: string | number,
  boundary: BoundaryUnits | null | undefined,
  unit: LevelUnit,
): readonly (string | number)[] {
  const touching = boundary?.[unit] as readonly (string | number)[] | undefined;
  if (!touching || touching.length < 2) return [value];
  return touching.includes(value) ? touching : [value, ...touching];
}

function listUnits(values: readonly (string | number)[]): string {
  return values.length <= 2
    ? values.join(' and ')
    : `${values.slice(0, -1).join(', ')} and ${values[values.length - 1]}`;
}

/**
 * 'same', 'other' or 'open' for two known units of a kind, given the boundaries the places lie
 * on: shared for certain only when each may be in one unit and it is the same; certainly not
 * shared when no unit one may be in is one the other may be in; else open.
 */
function boundaryRelation(
  impactValue: string | number,
  siteValue: string | number,
  boundaries: PlaceBoundaries,
  unit: LevelUnit,
): 'same' | 'other' | 'open' {
  const impactMay = unitsMaybe(impactValue, boundaries.impact, unit);
  const siteMay = unitsMaybe(siteValue, boundaries.site, unit);
  if (!impactMay.some((value) => siteMay.includes(value))) return 'other';
  return impactMay.length === 1 && siteMay.length === 1 ? 'same' : 'open';
}

/** Says why a boundary leaves a level open. */
function boundaryText(
  impactValue: string | number,
  siteValue: string | number,
  boundaries: PlaceBoundaries,
  unit: LevelUnit,
  level: PriorityLevel,
): string {
  const impactMay = unitsMaybe(impactValue, boundaries.impact, unit);
  const siteMay = unitsMaybe(siteValue, boundaries.site, unit);
  const plural = UNIT_PLURALS[unit];
  const name = UNIT_NAMES[unit];
  const where =
    impactMay.length > 1 && siteMay.length > 1
      ? `The impact lies on the boundary between ${plural} ${listUnits(impactMay)} and the site on the boundary between ${plural} ${listUnits(siteMay)}`
      : impactMay.length > 1
        ? `The impact lies on the boundary between ${plural} ${listUnits(impactMay)}, one of them the site's (${siteValue})`
        : `The site lies on the boundary between ${plural} ${listUnits(siteMay)}, one of them the impact's (${impactValue})`;
  return `${where}, so the site cannot be shown to be in the same ${name} as the impact or outside it (a lookup's pick of the lowest id decides no level); it may be at level ${level}.`;
}

/** Plain name of a unit the priority order compares, e.g. "minor watershed". */
export function describeLevelUnit(unit: LevelUnit): string {
  return UNIT_NAMES[unit];
}

/** Bits of a packed level's unknown-unit and boundary-unit masks (see decidePriority). */
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
  /** Units whose boundary (the site's or the impact's) leaves the level open. */
  boundaryUnits: LevelUnit[];
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
 * at (0 when certain), 6-8 the unknown units, 9-11 the units whose boundary leaves the level open
 * (both UNKNOWN_UNIT_BITS); `unknownUnits` and `boundaryUnits`, when given, receive those units in
 * the order the levels name them. A place on a boundary between units (Units.boundary) may be in
 * any of them: a level that depends on which is left open, as for an unknown unit.
 */
export function decidePriority(
  kind: CandidateKind,
  impactUnits: ResolvedUnits,
  siteUnits: ResolvedUnits,
  levels: readonly PriorityLevelRule[],
  reasons: Reason[] | null,
  unknownUnits: LevelUnit[] | null = null,
  boundaries: PlaceBoundaries | null = null,
  boundaryUnits: LevelUnit[] | null = null,
): number {
  const closedByLevel = closedEntries(levels)[kind];
  let unknownMask = 0;
  let boundaryMask = 0;
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
          (boundaryMask & UNKNOWN_UNIT_BITS.bankServiceArea) !== 0
            ? `Placed at level ${rule.level} unless it shares the impact's bank service area, which the boundary above leaves open.`
            : impactArea !== null && siteArea !== null && impactArea !== siteArea
              ? `In another bank service area (site ${siteArea}, impact ${impactArea}).`
              : impactArea !== null && siteArea !== null
                ? `${rule.label}.`
                : `Placed at the lowest level because the ${whoseUnknown(impactArea, siteArea)} bank service area is unknown.`;
        reasons.push({ text, cite: rule.cite });
      }
      return rule.level | (bestPossible << 3) | (unknownMask << 6) | (boundaryMask << 9);
    }
    const impactValue = impactUnits[rule.sameUnit];
    const siteValue = siteUnits[rule.sameUnit];
    if (impactValue !== null && siteValue !== null) {
      const relation =
        boundaries === null ? null : boundaryRelation(impactValue, siteValue, boundaries, rule.sameUnit);
      if (relation === 'open') {
        // Banks below their first level are not raised by a shared unit anyway (subd. 3(c)).
        if (closed) continue;
        if (bestPossible === 0) bestPossible = rule.level;
        boundaryMask |= UNKNOWN_UNIT_BITS[rule.sameUnit];
        boundaryUnits?.push(rule.sameUnit);
        reasons?.push({
          text: boundaryText(
            impactValue,
            siteValue,
            boundaries as PlaceBoundaries,
            rule.sameUnit,
            rule.level,
          ),
          cite: rule.cite,
        });
        continue;
      }
      if (relation === null ? impactValue !== siteValue : relation === 'other') continue;
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
      return rule.level | (bestPossible << 3) | (unknownMask << 6) | (boundaryMask << 9);
    }
    if (closed) continue;
    // A minor watershed lies in one major (its id's first two digits): known, different majors
    // rule out a shared minor watershed however unknown it is (unless a boundary leaves the
    // majors themselves open).
    const impactMajor = impactUnits.majorWatershed;
    const siteMajor = siteUnits.majorWatershed;
    const ruledOut =
      rule.sameUnit === 'minorWatershed' &&
      impactMajor !== null &&
      siteMajor !== null &&
      (boundaries === null
        ? impactMajor !== siteMajor
        : boundaryRelation(impactMajor, siteMajor, boundaries, 'majorWatershed') === 'other');
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
  return (last ? last.level : 4) | (bestPossible << 3) | (unknownMask << 6) | (boundaryMask << 9);
}

const UNIT_CODES = { minorWatershed: 0, majorWatershed: 1, bankServiceArea: 2 } as const;

/**
 * decidePriority(kind, impactUnits, siteUnits, levels, null) for one fixed impact and kind, with
 * what depends on them alone (each level's unit, whether it is closed to the kind, the impact's
 * value) looked up once: ranking calls it for every candidate. Same walk, same packed answer. A
 * place on a boundary (the impact's or the site's, Units.boundary) takes decidePriority's walk.
 */
export function priorityDecider(
  kind: CandidateKind,
  impactUnits: ResolvedUnits,
  levels: readonly PriorityLevelRule[],
  impactBoundary: BoundaryUnits | null = null,
): (siteUnits: ResolvedUnits, siteBoundary?: BoundaryUnits | null) => number {
  if (hasLevelBoundary(impactBoundary)) {
    return (siteUnits, siteBoundary) =>
      decidePriority(kind, impactUnits, siteUnits, levels, null, null, {
        impact: impactBoundary,
        site: siteBoundary,
      });
  }
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
  return (siteUnits, siteBoundary) => {
    if (siteBoundary != null && hasLevelBoundary(siteBoundary))
      return decidePriority(kind, impactUnits, siteUnits, levels, null, null, {
        impact: null,
        site: siteBoundary,
      });
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
  boundaries: PlaceBoundaries | null = null,
): PriorityFinding {
  const reasons: Reason[] = [];
  // Most candidates have every unit: they share one empty list and one range per level.
  const unknown: LevelUnit[] = [];
  const boundary: LevelUnit[] = [];
  const packed = decidePriority(kind, impactUnits, siteUnits, levels, reasons, unknown, boundaries, boundary);
  const priority = (packed & 7) as PriorityLevel;
  const bestPossible = ((packed >> 3) & 7) as PriorityLevel | 0;
  return {
    priority,
    range: bestPossible === 0 ? CERTAIN[priority] : [bestPossible, priority],
    unknownUnits: unknown.length === 0 ? NO_UNKNOWN : unknown,
    boundaryUnits: boundary.length === 0 ? NO_UNKNOWN : boundary,
    reasons,
  };
}

/** The first level of the order open to a kind: 1 for project-specific, 3 for banks under 3(c). */
export function firstLevelFor(kind: CandidateKind, levels: readonly PriorityLevelRule[]): PriorityLevel {
  const open = levels.find((rule) => !rule.closedTo.some((entry) => entry.kind === kind));
  return open ? open.level : 4;
}
