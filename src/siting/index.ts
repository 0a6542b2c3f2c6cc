/**
 * The siting engine's public face: Minn. Stat. 103G.222 as a cited rule set, applied by pure
 * functions shared by the page, the CLI and the tests.
 */
export {
  type AreaClassOverride,
  type ParseOverridesResult,
  parseAreaClassOverrides,
} from './areaClassOverride.ts';
export {
  APPROVAL_WORDS,
  type ApprovalFilter,
  ageInDays,
  CONFIRM_WITH_BWSR,
  CREDITS_NOT_LOADED,
  type CreditFilter,
  circular39Of,
  describeBankCredits,
  passesCreditFilter,
  poolAcres,
  poolHasApproval,
  STALE_AFTER_DAYS,
  withBankCredits,
} from './bankCredits.ts';
export { BILL_2026_STRIKE_3C_RULESET } from './billStrike3cRuleset.ts';
export { hasLevelBoundary } from './computePriority.ts';
export { COUNTY_AREA_CLASSES } from './countyAreaClasses.ts';
export { describeCountyLine } from './countyLineWords.ts';
export { countyLabel, countyName } from './countyNames.ts';
export {
  AVAILABILITY_CODES,
  BASIS_CODES,
  exceptionCode,
  exclusionCode,
  KIND_MATCH_CODES,
  REASON_CODES,
  STATUS_CODES,
} from './decisionCodes.ts';
export { DEFAULT_RULESET, GREAT_LAKES_AND_RAINY_MAJORS, hasNoCredits } from './defaultRuleset.ts';
export { describeAreaClass } from './describe.ts';
export { coversAcres } from './exactAcres.ts';
export { boundaryUnitsOf, expandRanked, rowCodes, unknownUnitsOf } from './expandRanked.ts';
export { FieldError } from './fieldError.ts';
export { lazyRankResult } from './lazyRankResult.ts';
export { mergeUnits, UNIT_KEYS } from './mergeUnits.ts';
export { type ParseResult, parseScenario, readCandidate, readImpact } from './parseScenario.ts';
export { legalHoliday, optionalHoliday, type PeriodEnd, periodEnd, weekdayName } from './periodEnd.ts';
export {
  type CompactRanking,
  LADDER_CODES,
  LADDER_NAMES,
  type RankOptions,
  rankCompact,
} from './rankCompact.ts';
export { rankScenario } from './rankScenario.ts';
export { resolveUnits } from './resolveUnits.ts';
export { roundAcres, roundApart } from './roundForDisplay.ts';
export type {
  CandidateContext,
  ExceptionRule,
  ExclusionRule,
  Finding,
  NoteRule,
  PriorityLevelRule,
  RatioRule,
  RuleSet,
} from './ruleset.ts';
export { rulesetNotice, rulesetNoticeById } from './rulesetNotice.ts';
export { RULESETS } from './rulesets.ts';
export * from './types.ts';
