/**
 * What a batch's reason cells are keyed on (ReasonCells): whether a rule set runs the statute's
 * own rule functions, how a site's unit relates to the impact's, and the impact's facts that the
 * rules read besides its units.
 */
import { DEFAULT_RULESET, GREAT_LAKES_AND_RAINY_MAJORS, type Impact, type RuleSet } from '../siting/index.ts';
import type { ResolvedUnits } from '../siting/types.ts';

/** Whether two rule lists run the same functions, in the same order. */
function sameRules(
  rules: readonly { evaluate: unknown }[],
  known: readonly { evaluate: unknown }[],
): boolean {
  return rules.length === known.length && rules.every((rule, i) => rule.evaluate === known[i]?.evaluate);
}

const LEVEL_UNITS = new Set(['minorWatershed', 'majorWatershed', 'bankServiceArea']);

/**
 * Whether `ruleset` runs exactly the statute's rule functions (the enacted text and the 2026 bill,
 * which differ only in their tables): the ones whose inputs `ReasonCells` keys on were read for
 * it. Any other rule set (a new or changed rule) gets every row expanded, never a guessed key.
 */
export function reasonKeyVetted(ruleset: RuleSet): boolean {
  return (
    sameRules(ruleset.exceptions, DEFAULT_RULESET.exceptions) &&
    sameRules(ruleset.exclusions, DEFAULT_RULESET.exclusions) &&
    sameRules(ruleset.notes, DEFAULT_RULESET.notes) &&
    ruleset.priorityLevels.every((level) => level.sameUnit === null || LEVEL_UNITS.has(level.sameUnit))
  );
}

/** A value in a key, `undefined` kept apart from `null` (a rule may tell them apart). */
export function keyPart(value: unknown): string {
  return value === undefined ? '~' : JSON.stringify(value);
}

/** 0 the site's unit is unknown, 1 the same as the impact's, 2 another (or the impact's unknown). */
export function relation(site: string | number | null, impact: string | number | null): number {
  return site === null ? 0 : site === impact ? 1 : 2;
}

/**
 * What the statute's rules read of the impact, besides the units the key compares and the ids
 * and acres ReasonCells.cell adds: the project, cultivated field, application date (3(h)),
 * wetland type (in-kind), its area class and the class's source, whether its major watershed lies
 * in the Great Lakes and Rainy River basins (1(a)), and which of its units are unknown (the texts
 * say whose unit is unknown).
 */
export function impactFacts(impact: Impact, units: ResolvedUnits): string {
  const major = units.majorWatershed;
  return [
    impact.project,
    impact.cultivatedField,
    impact.applicationDate,
    impact.wetlandType,
    units.areaClass,
    units.areaClassSource,
    major === null ? null : GREAT_LAKES_AND_RAINY_MAJORS.includes(major),
    units.minorWatershed === null,
    major === null,
    units.bankServiceArea === null,
    units.county === null,
  ]
    .map(keyPart)
    .join(',');
}
