// Frozen copy of the object ranking as it was before the compact ranking (issue 14): the oracle
// the property test compares against. Do not edit to follow the engine's code; edited only where
// the law it encodes changed (issue 22: a place on a boundary between units leaves its level open).
import type { PriorityLevelRule } from '../../../../src/siting/ruleset.ts';
import type {
  BoundaryUnits,
  CandidateKind,
  LevelUnit,
  PriorityLevel,
  Reason,
  ResolvedUnits,
} from '../../../../src/siting/types.ts';

const UNIT_NAMES = {
  minorWatershed: 'minor watershed',
  majorWatershed: 'major watershed',
  bankServiceArea: 'bank service area',
} as const;

/** Plain name of a unit the priority order compares, e.g. "minor watershed". */
export function describeLevelUnit(unit: LevelUnit): string {
  return UNIT_NAMES[unit];
}

const UNIT_PLURALS = {
  minorWatershed: 'minor watersheds',
  majorWatershed: 'major watersheds',
  bankServiceArea: 'bank service areas',
} as const;

/** The boundaries the impact and the site lie on (Units.boundary). */
export interface Boundaries {
  impact: BoundaryUnits | null | undefined;
  site: BoundaryUnits | null | undefined;
}

/** Every unit of a kind a place may be in: its own, and those of the boundary it lies on. */
function mayBeIn(value: string | number, boundary: BoundaryUnits | null | undefined, unit: LevelUnit) {
  const touching = (boundary?.[unit] ?? []) as readonly (string | number)[];
  if (touching.length < 2) return [value];
  return touching.includes(value) ? [...touching] : [value, ...touching];
}

function joined(values: readonly (string | number)[]): string {
  return values.length <= 2
    ? values.join(' and ')
    : `${values.slice(0, -1).join(', ')} and ${values[values.length - 1]}`;
}

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
  boundaryUnits: LevelUnit[];
  reasons: Reason[];
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
  boundaries: Boundaries = { impact: null, site: null },
): PriorityFinding {
  const reasons: Reason[] = [];
  // Most candidates have every unit: they share one empty list and one range per level.
  let unknownUnits: LevelUnit[] = NO_UNKNOWN;
  let boundaryUnits: LevelUnit[] = NO_UNKNOWN;
  let bestPossible: PriorityLevel | null = null;
  const finish = (priority: PriorityLevel): PriorityFinding => ({
    priority,
    range: bestPossible === null ? CERTAIN[priority] : [bestPossible, priority],
    unknownUnits,
    boundaryUnits,
    reasons,
  });
  // Say once why a shared unit did not count (subd. 3(c)), at the best level it would have met.
  let closedNoted = false;
  for (const rule of levels) {
    const closed = rule.closedTo.find((entry) => entry.kind === kind);
    if (rule.sameUnit === null) {
      if (closed) continue;
      const impactArea = impactUnits.bankServiceArea;
      const siteArea = siteUnits.bankServiceArea;
      const text = boundaryUnits.includes('bankServiceArea')
        ? `Placed at level ${rule.level} unless it shares the impact's bank service area, which the boundary above leaves open.`
        : impactArea !== null && siteArea !== null && impactArea !== siteArea
          ? `In another bank service area (site ${siteArea}, impact ${impactArea}).`
          : impactArea !== null && siteArea !== null
            ? `${rule.label}.`
            : `Placed at the lowest level because the ${whoseUnknown(impactArea, siteArea)} bank service area is unknown.`;
      reasons.push({ text, cite: rule.cite });
      return finish(rule.level);
    }
    const unitName = UNIT_NAMES[rule.sameUnit];
    const impactValue = impactUnits[rule.sameUnit];
    const siteValue = siteUnits[rule.sameUnit];
    if (impactValue !== null && siteValue !== null) {
      const impactMay = mayBeIn(impactValue, boundaries.impact, rule.sameUnit);
      const siteMay = mayBeIn(siteValue, boundaries.site, rule.sameUnit);
      const shareSome = impactMay.some((value) => siteMay.includes(value));
      if (!shareSome) continue;
      if (impactMay.length > 1 || siteMay.length > 1) {
        if (closed) continue;
        bestPossible ??= rule.level;
        if (boundaryUnits === NO_UNKNOWN) boundaryUnits = [];
        boundaryUnits.push(rule.sameUnit);
        const plural = UNIT_PLURALS[rule.sameUnit];
        const where =
          impactMay.length > 1 && siteMay.length > 1
            ? `The impact lies on the boundary between ${plural} ${joined(impactMay)} and the site on the boundary between ${plural} ${joined(siteMay)}`
            : impactMay.length > 1
              ? `The impact lies on the boundary between ${plural} ${joined(impactMay)}, one of them the site's (${siteValue})`
              : `The site lies on the boundary between ${plural} ${joined(siteMay)}, one of them the impact's (${impactValue})`;
        reasons.push({
          text: `${where}, so the site cannot be shown to be in the same ${unitName} as the impact or outside it (a lookup's pick of the lowest id decides no level); it may be at level ${rule.level}.`,
          cite: rule.cite,
        });
        continue;
      }
      if (closed) {
        if (!closedNoted) reasons.push({ text: closed.text, cite: closed.cite });
        closedNoted = true;
        continue;
      }
      reasons.push({ text: `In the same ${unitName} as the impact (${impactValue}).`, cite: rule.cite });
      return finish(rule.level);
    }
    if (closed) continue;
    // A minor watershed lies in one major (its id's first two digits): known, different majors
    // rule out a shared minor watershed however unknown it is.
    const impactMajor = impactUnits.majorWatershed;
    const siteMajor = siteUnits.majorWatershed;
    const ruledOut =
      rule.sameUnit === 'minorWatershed' &&
      impactMajor !== null &&
      siteMajor !== null &&
      !mayBeIn(impactMajor, boundaries.impact, 'majorWatershed').some((major) =>
        mayBeIn(siteMajor, boundaries.site, 'majorWatershed').includes(major),
      );
    if (ruledOut) continue;
    bestPossible ??= rule.level;
    if (unknownUnits === NO_UNKNOWN) unknownUnits = [];
    unknownUnits.push(rule.sameUnit);
    reasons.push({
      text: `The ${whoseUnknown(impactValue, siteValue)} ${unitName} is unknown, so the site cannot be shown to be in the same ${unitName}; it may be at level ${rule.level}.`,
      cite: rule.cite,
    });
  }
  // A rule set always ends with an "anywhere" level; without one the lowest listed level applies.
  const last = levels[levels.length - 1];
  return finish(last ? last.level : 4);
}

/** The first level of the order open to a kind: 1 for project-specific, 3 for banks under 3(c). */
export function firstLevelFor(kind: CandidateKind, levels: readonly PriorityLevelRule[]): PriorityLevel {
  const open = levels.find((rule) => !rule.closedTo.some((entry) => entry.kind === kind));
  return open ? open.level : 4;
}
