import type { CreditUnit } from '../formats/credits/creditTypes.ts';
import { addOneYear } from './addOneYear.ts';
import { byAreaClass, UNIT_WORDS } from './bankCredits.ts';
import { COUNTY_AREA_CLASSES } from './countyAreaClasses.ts';
import { describeCountyLine } from './countyLineWords.ts';
import { describeAreaClass } from './describe.ts';
import { coversAcres, decimalAcres } from './exactAcres.ts';
import { memoByKey } from './memoByKey.ts';
import { type PeriodEnd, periodEnd, weekdayName } from './periodEnd.ts';
import { roundApart } from './roundForDisplay.ts';
import type {
  ExceptionRule,
  ExclusionRule,
  Finding,
  NoteRule,
  PriorityLevelRule,
  RuleSet,
} from './ruleset.ts';
import type { AreaClass, BankAvailability, CountyClass, ProjectType } from './types.ts';

const GT80 = 'greater-than-80';

/** Subd. 3(a)(1)-(4) with 3(c): bank credits start at clause (3). */
export const PRIORITY_LEVELS_WITH_3C: readonly PriorityLevelRule[] = [
  {
    level: 1,
    cite: '103G.222 subd. 3(a)(1)',
    label: 'Same minor watershed',
    sameUnit: 'minorWatershed',
    closedTo: [
      {
        kind: 'bank',
        cite: '103G.222 subd. 3(c)',
        text: 'Bank credits start at level 3 (same bank service area), so the shared minor watershed does not raise a bank above level 3.',
      },
    ],
  },
  {
    level: 2,
    cite: '103G.222 subd. 3(a)(2)',
    label: 'Same major watershed',
    sameUnit: 'majorWatershed',
    closedTo: [
      {
        kind: 'bank',
        cite: '103G.222 subd. 3(c)',
        text: 'Bank credits start at level 3 (same bank service area), so the shared major watershed does not raise a bank above level 3.',
      },
    ],
  },
  {
    level: 3,
    cite: '103G.222 subd. 3(a)(3)',
    label: 'Same bank service area',
    sameUnit: 'bankServiceArea',
    closedTo: [],
  },
  {
    level: 4,
    cite: '103G.222 subd. 3(a)(4)',
    label: 'Another bank service area',
    sameUnit: null,
    closedTo: [],
  },
];

// Findings are built once per class, action or status and shared (frozen, see memoByKey):
// ranking a million candidates then allocates no finding or text per candidate.

const INTO_80_FROM_80 = memoByKey(
  (siteClass: AreaClass): Finding => ({
    effect: 'note',
    text: `The impact is in a greater-than-80-percent area, so it may be replaced in a ${describeAreaClass(siteClass)}.`,
  }),
);
const INTO_80_UNKNOWN_IMPACT: Finding = Object.freeze({
  effect: 'undetermined',
  text: "The site is in a greater-than-80-percent area and the impact's area class is unknown; it is allowed only if the impact is also in such an area.",
});
const INTO_80_FROM_OUTSIDE = memoByKey(
  (impactClass: AreaClass): Finding => ({
    effect: 'ineligible',
    text: `The impact is in a ${describeAreaClass(impactClass)}, so it must not be replaced in a greater-than-80-percent area, where this site is.`,
  }),
);
const SITE_CLASS_UNKNOWN: Finding = Object.freeze({
  effect: 'undetermined',
  text: "The site's area class is unknown, so it cannot be shown to lie outside a greater-than-80-percent area.",
});

// A place on a county line with a greater-than-80-percent area on one side only: the bar is
// neither applied nor denied (Minn. R. 8420.0117 subp. 1 classes by county, and the point is on both).
const intoEightyFromImpactOnLine = (line: readonly CountyClass[]): Finding => ({
  effect: 'undetermined',
  text: `The site is in a greater-than-80-percent area and the impact lies on ${describeCountyLine(line)}; it is allowed only if the impact is on the greater-than-80-percent side, so whether this site may serve depends on which side holds the impact.`,
});
const siteOnLine = (line: readonly CountyClass[], impactClass: AreaClass | null): Finding => ({
  effect: 'undetermined',
  text: `${impactClass === null ? "The impact's area class is unknown" : `The impact is in a ${describeAreaClass(impactClass)}`}, so it must not be replaced in a greater-than-80-percent area; this site lies on ${describeCountyLine(line)}, so whether the bar applies depends on which side holds the site.`,
});

/** Subd. 3(a) first sentence: one-way exclusion of greater-than-80-percent areas. */
const OUTSIDE_80_INTO_80: ExclusionRule = {
  id: 'outside-80-into-80',
  cite: '103G.222 subd. 3(a)',
  summary: 'An impact outside a greater-than-80-percent area must not be replaced inside one.',
  evaluate({ impactUnits, units }) {
    const impactClass = impactUnits.areaClass;
    const siteClass = units.areaClass;
    if (impactClass === GT80) {
      return siteClass === GT80 || siteClass === null ? null : INTO_80_FROM_80(siteClass);
    }
    if (siteClass === GT80) {
      if (impactClass !== null) return INTO_80_FROM_OUTSIDE(impactClass);
      return impactUnits.countyLine
        ? intoEightyFromImpactOnLine(impactUnits.countyLine)
        : INTO_80_UNKNOWN_IMPACT;
    }
    if (siteClass === null)
      return units.countyLine ? siteOnLine(units.countyLine, impactClass) : SITE_CLASS_UNKNOWN;
    return null;
  },
};

const CULTIVATED_RESTORATION: Finding = Object.freeze({
  effect: 'note',
  text: 'Restoration, as required for a wetland in a cultivated field.',
});
const CULTIVATED_ACTION_UNKNOWN: Finding = Object.freeze({
  effect: 'undetermined',
  text: 'The impact is in a cultivated field, which needs restoration; this site does not say whether it is a restoration.',
});
const CULTIVATED_NOT_RESTORATION = memoByKey(
  (action: string): Finding => ({
    effect: 'ineligible',
    text: `The impact is in a cultivated field, which must be replaced by restoration only; this site is ${action}.`,
  }),
);

/** Subd. 1(c): cultivated-field impacts are replaced by restoration only. */
const CULTIVATED_FIELD_RESTORATION: ExclusionRule = {
  id: 'cultivated-field-restoration',
  cite: '103G.222 subd. 1(c)',
  summary: 'A wetland in a cultivated field is replaced by restoration only.',
  evaluate({ impact, candidate }) {
    if (!impact.cultivatedField) return null;
    const action = candidate.action ?? null;
    if (action === 'restoration') return CULTIVATED_RESTORATION;
    if (action === null) return CULTIVATED_ACTION_UNKNOWN;
    return CULTIVATED_NOT_RESTORATION(action);
  },
};

/** Subd. 1(e): stormwater ponds need pretreatment and must function as a wetland. */
const STORMWATER_POND: ExclusionRule = {
  id: 'stormwater-pond',
  cite: '103G.222 subd. 1(e)',
  summary: 'A stormwater pond counts only if designed with pretreatment and functioning as a wetland.',
  evaluate({ candidate }) {
    if (candidate.action !== 'stormwater-pond') return null;
    const { pretreatment, functioningAsWetland } = candidate;
    if (pretreatment === false || functioningAsWetland === false) {
      const missing = [
        pretreatment === false ? 'has no pretreatment of runoff' : null,
        functioningAsWetland === false ? 'is not functioning as a wetland' : null,
      ].filter((part) => part !== null);
      return { effect: 'ineligible', text: `A stormwater pond that ${missing.join(' and ')} cannot count.` };
    }
    if (pretreatment !== true || functioningAsWetland !== true) {
      return {
        effect: 'undetermined',
        text: 'A stormwater pond counts only with pretreatment of runoff and functioning as a wetland; not stated for this pond.',
      };
    }
    return {
      effect: 'note',
      text: 'Stormwater pond with pretreatment, functioning as a wetland: may count.',
    };
  },
};

const CONVERSION: Finding = Object.freeze({
  effect: 'ineligible',
  text: 'Converting a nondegraded natural wetland from one type to another is never eligible for replacement.',
});

/** Subd. 1(i), second sentence: conversion of nondegraded natural wetlands never counts. */
const NO_CONVERSION: ExclusionRule = {
  id: 'no-conversion',
  cite: '103G.222 subd. 1(i)',
  summary: 'Converting a nondegraded natural wetland from one type to another is not eligible.',
  evaluate({ candidate }) {
    return candidate.action === 'conversion' ? CONVERSION : null;
  },
};

const PRESERVATION_IN_80: Finding = Object.freeze({
  effect: 'note',
  text: "Preservation is not restoration or creation, but the site is in a greater-than-80-percent area, where the statute's restored-or-created limit does not apply; whether and how much preservation credit it earns depends on Minn. R. 8420.0526 (the board's credit rules; the preservation subpart is not encoded here).",
});
const PRESERVATION_CLASS_UNKNOWN: Finding = Object.freeze({
  effect: 'undetermined',
  text: "Preservation can count only in a greater-than-80-percent area (read against the site's area), and the site's area class is unknown; where it can, its credit depends on Minn. R. 8420.0526.",
});
function preservationOutside80(impactNote: string) {
  return memoByKey(
    (siteClass: AreaClass): Finding => ({
      effect: 'ineligible',
      text: `Outside a greater-than-80-percent area only restored or created wetlands qualify; this site is preservation in a ${describeAreaClass(siteClass)}. The statute decides this, not the board's credit rules.${impactNote}`,
    }),
  );
}
const PRESERVATION_OUTSIDE_80 = preservationOutside80('');
const PRESERVATION_OUTSIDE_80_FROM_80 = preservationOutside80(
  " The impact is in a greater-than-80-percent area, but the limit is read against the replacement site's area.",
);

/**
 * Subd. 1(i), first sentence: "Except in a greater than 80 percent area, only wetlands that have
 * been restored ... or created ... may be used for wetland replacement according to rules adopted
 * under section 103G.2242". Whose area: the engine reads it against the replacement site's own
 * area, because the sentence limits which wetlands "may be used" — a property of the replacement
 * wetland where it lies — and an impact outside such an area cannot be replaced inside one anyway
 * (subd. 3(a)), so the two readings differ only for an impact inside a >80 % area replaced outside
 * one; there the site reading is the stricter and the reason says so (law/NOTES.md).
 * Outside such an area the statute itself excludes preservation. Inside, the statute's limit does
 * not apply and how much credit preservation earns is the board's rule (Minn. R. 8420.0526, whose
 * preservation subpart this tool has not verified): eligible, with that said.
 */
const ONLY_RESTORED_OR_CREATED: ExclusionRule = {
  id: 'only-restored-or-created',
  cite: '103G.222 subd. 1(i)',
  summary:
    "Outside a greater-than-80-percent area (the site's), only restored or created wetlands of the listed kinds qualify.",
  evaluate({ candidate, units, impactUnits }) {
    if (candidate.action !== 'preservation') return null;
    if (units.areaClass === GT80) return PRESERVATION_IN_80;
    if (units.areaClass === null) return PRESERVATION_CLASS_UNKNOWN;
    return impactUnits.areaClass === GT80
      ? PRESERVATION_OUTSIDE_80_FROM_80(units.areaClass)
      : PRESERVATION_OUTSIDE_80(units.areaClass);
  },
};

/**
 * Subd. 3(e)(4): an opportunity must be "available". A bank whose registry status says it cannot
 * sell credits (sold out, terminated, withdrawn, suspended) is no option; a pending bank is
 * ranked but flagged. An unknown status is ranked and says so.
 */
const BANK_CANNOT_SELL: ExclusionRule = {
  id: 'bank-cannot-sell',
  cite: '103G.222 subd. 3(e)(4)',
  summary: 'A bank that cannot sell credits (sold out, terminated, withdrawn, suspended) is not available.',
  evaluate({ candidate }) {
    if (candidate.kind !== 'bank') return null;
    return BANK_STATUS_FINDING(candidate.bankStatus ?? null);
  },
};

const NO_CREDITS = memoByKey(
  (figure: string): Finding => ({
    effect: 'ineligible',
    text: `The bank lists ${figure}: none are left to withdraw. "No sale, withdrawal, transfer, or use of banking credits for replacement is valid until the board debits the applicable bank account"; an account "must maintain a positive balance" and is closed "When all credits have been withdrawn or transferred". A bank with no credits is not an available replacement opportunity: it is listed apart and bars no other option.`,
  }),
);

/**
 * Minn. R. 8420.0745 (withdrawals and transfers; the subpart number was not in the stored copy):
 * credits are used only when the board debits a bank account, which "must maintain a positive
 * balance" and is closed when all its credits are withdrawn. A bank that lists no credits (0) has
 * none to sell: it is no opportunity, listed apart as the banks that cannot sell are, and, being
 * ineligible, bars no lower level (subd. 3(d) is judged on eligible options only). Credits not
 * given (null) are "not known", never 0.
 */
/** A zero balance in the listing's own unit ("0 square feet", not "0 acres" of a listing in square feet). */
function zeroFigure(
  candidate: { creditPools?: readonly { unit: CreditUnit }[] | null },
  credits: number,
): string {
  const units = new Set((candidate.creditPools ?? []).map((pool) => pool.unit));
  const unit: CreditUnit = units.size === 1 ? ([...units][0] as CreditUnit) : 'acres';
  return `${decimalAcres(credits)} ${UNIT_WORDS[unit]}${unit === 'credits' ? '' : ' of credits'}`;
}

const BANK_NO_CREDITS: ExclusionRule = {
  id: 'bank-no-credits',
  cite: 'Minn. R. 8420.0745',
  summary: 'A bank with no credits left (a zero balance) has none to sell.',
  evaluate({ candidate }) {
    if (candidate.kind !== 'bank') return null;
    const credits = candidate.availableCredits ?? null;
    if (credits === null || credits > 0) return null;
    const federal = candidate.federalOnlyCredits ?? null;
    return federal !== null && federal > 0
      ? FEDERAL_ONLY(decimalAcres(federal))
      : NO_CREDITS(zeroFigure(candidate, credits));
  },
};

/**
 * A bank whose only credits are approved for Section 404 alone: for a replacement under 103G.222
 * it has none (the WCA-usable balance is zero), so it is listed apart as a zero balance is, with
 * the 404-only figure named (issue 31 item 1).
 */
const FEDERAL_ONLY = memoByKey(
  (federal: number): Finding => ({
    effect: 'ineligible',
    text: `The bank lists no credits that can serve a WCA replacement (approval "WCA only" or "WCA and Section 404"); its ${federal} acres are approved for Section 404 only (federal-only credit), which does not replace a wetland under 103G.222. For this plan it is a zero balance: "Bank accounts must maintain a positive balance"; it is listed apart and bars no other option.`,
  }),
);

/** Whether a bank lists no credits at all (a zero balance, Minn. R. 8420.0745). */
export function hasNoCredits(credits: number | null | undefined): boolean {
  return credits !== null && credits !== undefined && credits <= 0;
}

const BANK_STATUS_FINDING = memoByKey((status: string | null): Finding | null => {
  const availability = bankAvailability(status, BANK_STATUSES_DEFAULT);
  if (availability === 'cannot-sell') {
    return {
      effect: 'ineligible',
      text: `Bank status ${status}: it cannot sell credits, so it is not an available replacement opportunity.`,
    };
  }
  if (availability === 'pending') {
    return {
      effect: 'note',
      text: `Bank status ${status}: not yet approved, so its credits may not be available when needed (credits are deposited in the state wetland bank only once the local government unit certifies them for deposit, Minn. R. 8420.0725 A).`,
    };
  }
  if (availability === 'unknown') {
    return {
      effect: 'note',
      text:
        status === null
          ? 'The bank status is not given: check that it can sell credits.'
          : `Bank status "${status}" is not one this tool knows: check that it can sell credits.`,
    };
  }
  return null;
});

/** Registry statuses by whether the bank can sell credits (RIBITS spelling). */
export const BANK_STATUSES_DEFAULT = {
  canSell: ['Approved'],
  pending: ['Pending'],
  cannotSell: ['Sold-Out', 'Terminated', 'Withdrawn', 'Suspended'],
} as const;

type BankStatuses = { canSell: readonly string[]; pending: readonly string[]; cannotSell: readonly string[] };
/** Answers per status text, per status table: a registry has a handful of statuses, not millions. */
const availabilityCache = new WeakMap<BankStatuses, Map<string, BankAvailability>>();

/** Whether a bank of this status can sell credits (case-insensitive). */
export function bankAvailability(status: string | null, statuses: BankStatuses): BankAvailability {
  if (status === null) return 'unknown';
  let byStatus = availabilityCache.get(statuses);
  if (!byStatus) {
    byStatus = new Map();
    availabilityCache.set(statuses, byStatus);
  }
  const cached = byStatus.get(status);
  if (cached) return cached;
  const key = status.trim().toLowerCase();
  const has = (list: readonly string[]) => list.some((item) => item.toLowerCase() === key);
  const answer: BankAvailability = has(statuses.canSell)
    ? 'can-sell'
    : has(statuses.pending)
      ? 'pending'
      : has(statuses.cannotSell)
        ? 'cannot-sell'
        : 'unknown';
  if (byStatus.size < 1_000) byStatus.set(status, answer);
  return answer;
}

const PUBLIC_TRANSPORTATION: readonly ProjectType[] = ['public-transportation', 'road-repair'];
const BANK_CUTOFF = '1996-04-01';

/**
 * Subd. 3(b): early bank credits may serve public transportation impacts statewide,
 * "notwithstanding paragraph (a)" — all of it: the >80 % exclusion and the priority order.
 */
const PRE_1996_BANK_CREDITS: ExceptionRule = {
  id: 'pre-1996-bank-credits',
  cite: '103G.222 subd. 3(b)',
  summary:
    'Bank credits from a complete banking application submitted by April 1, 1996 may replace public transportation impacts statewide.',
  waives: ['outside-80-into-80'],
  waivesOrder: 'statewide-3b',
  evaluate({ impact, candidate }) {
    if (candidate.kind !== 'bank' || !PUBLIC_TRANSPORTATION.includes(impact.project)) return null;
    return BANK_DATE_FINDING(candidate.bankApplicationDate ?? null);
  },
};

const BANK_DATE_FINDING = memoByKey((date: string | null) => {
  if (date === null) {
    return {
      applies: false,
      missingFact: true,
      text: 'The bank application date is not given: credits from an application submitted by April 1, 1996 could serve this public transportation impact statewide, outside the priority order.',
    };
  }
  return date <= BANK_CUTOFF
    ? {
        applies: true,
        text: `Statewide under 3(b): bank application submitted ${date}, by April 1, 1996, so its credits may replace this public transportation impact anywhere in the state, notwithstanding paragraph (a) — its area rule and its priority order.`,
      }
    : {
        applies: false,
        text: `Bank application submitted ${date}, after April 1, 1996: the statewide exception for early bank credits does not apply.`,
      };
});

/**
 * Major watersheds 1-5 (HUC4 0401, Lake Superior) and 72-80 (HUC4 0903, Rainy River), as
 * law/NOTES.md and data/major-watersheds.csv give them. The statute names the basins but lists no
 * watersheds: this membership is inferred from the major watershed numbers, and the texts say so.
 */
export const GREAT_LAKES_AND_RAINY_MAJORS: readonly number[] = [
  1, 2, 3, 4, 5, 72, 73, 74, 75, 76, 77, 78, 79, 80,
];

/** Says that basin membership is this tool's inference from the major watershed numbers. */
const BASINS_INFERRED =
  'The statute lists no watersheds for the basins: membership is inferred from the major watershed numbers (majors 1-5, HUC4 0401, Lake Superior; majors 72-80, HUC4 0903, Rainy River).';

/** Subd. 1(a): for mining, the Great Lakes and Rainy River basins are one watershed for ratios. */
const MINING_SINGLE_WATERSHED: NoteRule = {
  id: 'mining-single-watershed',
  cite: '103G.222 subd. 1(a)',
  summary:
    'For project-specific replacement completed before permit-to-mine impacts in the Great Lakes and Rainy River basins, those basins count as a single watershed for replacement ratios.',
  evaluate({ impact, impactUnits, candidate, units }) {
    if (impact.project !== 'mining' || candidate.kind !== 'project-specific') return null;
    const inBasins = (major: number | null) =>
      major === null ? null : GREAT_LAKES_AND_RAINY_MAJORS.includes(major);
    const impactIn = inBasins(impactUnits.majorWatershed);
    const siteIn = inBasins(units.majorWatershed);
    if (impactIn === false || siteIn === false) return null;
    if (impactIn === null || siteIn === null) {
      return 'Mining: the major watershed of the impact or the site is unknown, so the single Great Lakes and Rainy River watershed cannot be shown.';
    }
    return `Mining: impact and site both lie in the Great Lakes and Rainy River basins, which count as one watershed for replacement ratios if this replacement is completed before the impact (the siting level is unchanged). ${BASINS_INFERRED}`;
  },
};

/** A site on a county line that 3(a) does not bar either way: what still turns on its class. */
const SITE_ON_COUNTY_LINE: NoteRule = {
  id: 'site-on-county-line',
  cite: 'Minn. R. 8420.0117 subp. 1',
  summary:
    'A site on the line between a greater-than-80-percent county and another has no one area class: what turns on it depends on the side.',
  evaluate({ impactUnits, units }) {
    // Otherwise the 3(a) finding names the line (it is then what the line decides).
    if (!units.countyLine || impactUnits.areaClass !== GT80) return null;
    return `This site lies on ${describeCountyLine(units.countyLine)}. The impact is in a greater-than-80-percent area, so the bar of 103G.222 subd. 3(a) does not apply on either side; what turns on the site's own class (whether preservation can count) depends on which side holds it.`;
  },
};

/** Why a one-year period ended on its last day: 645.15's omitted days, named. */
function describePeriodEnd(end: PeriodEnd): string {
  if (end.omitted.length === 0)
    return `one year after the adequacy determination (Minn. Stat. 645.15: the first day excluded, the last included; ${end.lastDay} is a ${weekdayName(end.lastDay)})`;
  const days = end.omitted.map((day) => `${day.date} ${day.holiday ? `is ${day.why}` : `is a ${day.why}`}`);
  const holidays = end.omitted.some((day) => day.holiday)
    ? ' (legal holidays of Minn. Stat. 645.44 subd. 5)'
    : '';
  return `the anniversary ${days.join(', and ')}; Minn. Stat. 645.15 omits such a last day from the computation${holidays}, so the period ran to ${weekdayName(end.lastDay)} ${end.lastDay}`;
}

const EIS_PHRASE = 'without further modification related to the priority order';

/** The sentence of 645.44 subd. 5 that leaves two holidays to other branches and political subdivisions. */
const OPTIONAL_HOLIDAYS_QUOTE =
  '"Other branches of state government and political subdivisions shall have the option of determining whether" the October Monday "and the Friday after Thanksgiving shall be holidays" (Minn. Stat. 645.44 subd. 5)';

/**
 * An application after the year's last day without the LGU's optional holiday, but within it
 * with: the answer depends on the LGU, and both last days are given (issue 31 item 4). The tool
 * does not assume the LGU's choice: the priority order applies until the LGU confirms it.
 */
function optionalHolidayText(adequacy: string, application: string, end: PeriodEnd): string {
  const observed = end.ifObserved as NonNullable<PeriodEnd['ifObserved']>;
  const days = observed.omitted.filter((day) => day.optional).map((day) => `${day.date}, ${day.why}`);
  return `Identified in an adequate EIS (adequacy ${adequacy}); whether the application (${application}) is within one year depends on whether the LGU observes ${days.join(' and ')} as a holiday: ${OPTIONAL_HOLIDAYS_QUOTE}. If it does not, the year ended on ${end.lastDay} (${describePeriodEnd(end)}) and the application is late; if it does, the year ran to ${observed.lastDay} and the application is within it. The priority order applies until the LGU confirms which.`;
}

/**
 * An adequacy date of 29 February has no anniversary in a common year (issue 31 item 5): the
 * year is taken to end on 1 March (addOneYear); the other reading, 28 February, ends it a day
 * earlier, and where that would decide the answer the reason says so.
 */
function leapDayNote(adequacy: string, application: string, end: PeriodEnd): string {
  if (adequacy.slice(5) !== '02-29' || !end.nominal.endsWith('-03-01')) return '';
  const other = periodEnd(`${end.nominal.slice(0, 4)}-02-28`);
  const decides = application > other.lastDay && application <= end.lastDay;
  return `. The adequacy date, 29 February, has no anniversary in ${end.nominal.slice(0, 4)}: this tool takes 1 March, the day after 28 February; the other reading, 28 February, ends the year a day earlier (on ${other.lastDay} after Minn. Stat. 645.15)${decides ? ', and on that reading this application would be late' : ''}`;
}

/**
 * Subd. 3(h): a site identified in an adequate EIS may be approved "without further modification
 * related to the priority order" if the application follows "within one year of the adequacy
 * determination": it keeps its level but carries no next-level caveat (3(d)). The year ends as
 * Minn. Stat. 645.15 computes it: on the anniversary, or, when that is a Saturday, Sunday or legal
 * holiday (645.44 subd. 5), on the next day that is none of them. 3(h) reaches only "sites
 * identified in accordance with the priority order for replacement siting in paragraph (a)": a
 * site that is not eligible (paragraph (a) bars it, or another rule does) gets no 3(h) basis and
 * its row does not say it may be approved (the `ifIneligible` text is said instead).
 */
const EIS_IDENTIFIED: ExceptionRule = {
  id: 'eis-identified',
  cite: '103G.222 subd. 3(h)',
  summary:
    'Sites identified in an adequate EIS may be approved without further modification related to the priority order, if the application follows within one year.',
  waives: [],
  waivesOrder: 'eis-3h',
  evaluate(context) {
    const { impact, candidate } = context;
    if (candidate.eisIdentified !== true) return null;
    const adequacy = candidate.eisAdequacyDate ?? null;
    const application = impact.applicationDate ?? null;
    if (adequacy !== null && application !== null) {
      if (application < adequacy)
        return {
          applies: false,
          text: `Identified in an EIS whose adequacy was determined on ${adequacy}, but the application (${application}) was filed before that: 3(h) reaches a site "identified in an adequate environmental impact statement" with the application "within one year of the adequacy determination", and before the determination no statement is adequate, so 3(h) cannot apply to this application (the reading this tool takes). The priority order applies.`,
        };
      const end = periodEnd(addOneYear(adequacy));
      const why = `${describePeriodEnd(end)}${leapDayNote(adequacy, application, end)}`;
      if (end.ifObserved !== null && application > end.lastDay && application <= end.ifObserved.lastDay)
        return { applies: false, text: optionalHolidayText(adequacy, application, end) };
      if (application > end.lastDay) {
        return {
          applies: false,
          text: `Identified in an adequate EIS (adequacy ${adequacy}), but the application (${application}) came after the one-year period ended on ${end.lastDay}: ${why}. This exception no longer applies.`,
        };
      }
      const barredBy3a = OUTSIDE_80_INTO_80.evaluate(context)?.effect === 'ineligible';
      return {
        applies: true,
        text: `Identified in an adequate EIS (adequacy ${adequacy}); the application (${application}) is within one year, which ended on ${end.lastDay}: ${why}. So the site may be approved ${EIS_PHRASE}.`,
        ifIneligible: barredBy3a
          ? `Identified in an adequate EIS (adequacy ${adequacy}, application ${application} within the year that ended on ${end.lastDay}), but subd. 3(h) reaches only "sites identified in accordance with the priority order for replacement siting in paragraph (a)", and paragraph (a) bars this site: 3(h) does not apply, and the site may not be approved under it.`
          : `Identified in an adequate EIS (adequacy ${adequacy}, application ${application} within the year that ended on ${end.lastDay}), but subd. 3(h) sets aside only "further modification related to the priority order"; this site is not eligible for the reasons given, which 3(h) does not set aside, so it may not be approved under 3(h).`,
      };
    }
    return {
      applies: false,
      text: `Identified in an adequate EIS: may be approved ${EIS_PHRASE} if the application is submitted within one year of the adequacy determination (give both dates to apply it).`,
    };
  },
};

/**
 * Subd. 3(e)(4): opportunities must be available; a bank with fewer credits than the acres
 * required (compared unrounded) may not cover it all. A bank with none is excluded instead
 * (Minn. R. 8420.0745, BANK_NO_CREDITS).
 */
const CREDITS_AVAILABLE: NoteRule = {
  id: 'credits-available',
  cite: 'Minn. R. 8420.0522 subp. 1',
  summary: 'A bank with fewer credits than required covers only part; the rest is replaced elsewhere.',
  evaluate({ candidate, replacementAcres, lowestReplacementAcres, ratioRange }) {
    const credits = candidate.availableCredits ?? null;
    if (
      candidate.kind !== 'bank' ||
      // With listing pools the bank's credit reasons give the shortfall, pool by pool (bankCredits).
      (candidate.creditPools?.length ?? 0) > 0 ||
      credits === null ||
      credits <= 0 ||
      coversAcres(credits, replacementAcres)
    )
      return null;
    return `The bank lists ${decimalAcres(credits)} acres of credits, less than the ${roundApart(replacementAcres, credits, 4)} acres required; it can cover only part of the replacement, and the rest must be replaced at another location.${byAreaClass(credits, lowestReplacementAcres, ratioRange)}`;
  },
};

/**
 * Said wherever a public-road impact is ranked (issue 31 item 8, issue 38): the rule on public
 * transportation replacement is not applied, so no reviewer assumes it was checked. Its text and
 * whether it is in force were not found in the stored copies (LAW.md, "Rule not encoded").
 */
const RULE_0544_NOT_APPLIED =
  'Minn. R. 8420.0544 (replacement for public transportation projects) is not applied: its current text, and whether it is in force, could not be verified, so this answer rests on the statute alone (subd. 1(l), 1(m), 3(b)). Check the rule with the LGU or BWSR before relying on the siting.';

/** Minn. Stat. 103G.222 as in law/103G.222.txt: the text the product implements. */
export const DEFAULT_RULESET: RuleSet = {
  id: 'mn-103G.222-text',
  title: 'Minn. Stat. 103G.222 (current text)',
  enacted: true,
  bill: null,
  ladders: 'by-kind',
  description:
    'Wetland replacement siting and ratios as in the statute text of Minn. Stat. 103G.222 subdivisions 1 to 3, with county classes of Minn. R. 8420.0117 subp. 1.',
  priorityLevels: PRIORITY_LEVELS_WITH_3C,
  exclusions: [
    OUTSIDE_80_INTO_80,
    CULTIVATED_FIELD_RESTORATION,
    STORMWATER_POND,
    NO_CONVERSION,
    ONLY_RESTORED_OR_CREATED,
    BANK_CANNOT_SELL,
    BANK_NO_CREDITS,
  ],
  exceptions: [PRE_1996_BANK_CREDITS, EIS_IDENTIFIED],
  notes: [MINING_SINGLE_WATERSHED, SITE_ON_COUNTY_LINE, CREDITS_AVAILABLE],
  ratios: {
    nonagricultural: {
      ratio: 2,
      cite: '103G.222 subd. 1(f)',
      text: 'Wetland on nonagricultural land: 2 acres replaced for each acre drained or filled.',
    },
    agricultural: {
      ratio: 1,
      cite: '103G.222 subd. 1(g)',
      text: 'Wetland on agricultural land: 1 acre replaced for each acre drained or filled.',
    },
    greaterThan80: {
      ratio: 1,
      cite: '103G.222 subd. 1(g)',
      text: 'Wetland in a greater-than-80-percent area: 1 acre replaced for each acre drained or filled.',
    },
    afterTheFactMaxMultiplier: {
      ratio: 2,
      cite: '103G.222 subd. 1(n)',
      text: 'After-the-fact replacement plan: the local government unit may require up to twice the normal ratio.',
    },
  },
  restorationOnly: {
    cite: '103G.222 subd. 1(c)',
    text: 'Wetland in a cultivated field: replacement by restoration only, provided the altered wetland is not converted to a nonagricultural use for at least ten years.',
    deedRestrictionCite: '103G.222 subd. 1(d)',
    deedRestrictionText:
      'The local government unit may require a deed restriction prohibiting nonagricultural use for at least ten years.',
  },
  noReplacementPlan: [
    {
      project: 'road-repair',
      cite: '103G.222 subd. 1(m)',
      text: 'Repair, rehabilitation, reconstruction, or replacement of a currently serviceable existing public road "necessary, as determined by the public transportation authority, to meet state or federal design or safety standards or requirements" (not new roads, nor roads expanded solely for additional traffic capacity lanes): the road authority needs no replacement plan if it meets the conditions of paragraph (m) (minimize, report 30 days before construction or hold the annual meeting, report minor and emergency work under 10,000 square feet within 30 days). The road authority does not buy the replacement: the board replaces the wetlands, and on state roads the Department of Transportation (MnDOT) does.',
    },
  ],
  projectNotes: [
    {
      project: 'public-transportation',
      cite: '103G.222 subd. 1(l)',
      text: 'New public transportation project, or one "expanded solely for additional traffic capacity" (not an airport project): the public transportation authority may buy credits from the board at the cost to the board to establish them.',
    },
    {
      project: 'public-transportation',
      cite: 'Minn. R. 8420.0544',
      text: RULE_0544_NOT_APPLIED,
    },
    {
      project: 'road-repair',
      cite: 'Minn. R. 8420.0544',
      text: RULE_0544_NOT_APPLIED,
    },
    {
      project: 'mining',
      cite: '103G.222 subd. 1(a)',
      text: 'Permit-to-mine project: replacement under a mining reclamation plan approved by the commissioner, applying the same principles and standards as other replacement plans.',
    },
  ],
  nextLevel: {
    cite: '103G.222 subd. 3(d)',
    text: 'Listed after {ladder} at level {best}: use it only when no reasonable, practicable, and environmentally beneficial opportunity is available at a higher level of this ladder.',
    definitionCite: '103G.222 subd. 3(e)',
    definitionText:
      'Such an opportunity uses natural hydrology with minimal alteration, is likely to stay a functional wetland, does not harm other important habitats, and is available and feasible given cost, technology and logistics.',
    pendingText:
      'Listed after {ladder} at level {best}, but the only options listed above it are banks not yet approved (pending): use it only when no reasonable, practicable, and environmentally beneficial opportunity is available at a higher level of this ladder. A pending bank is such an opportunity only once its credits can be had.',
    pendingRuleCite: 'Minn. R. 8420.0725 A',
    pendingRuleText:
      'A pending bank\'s credits are not yet in the state wetland bank: "To be deposited into the state wetland bank, replacement credits must be certified for deposit by the local government unit in which they are located."',
  },
  ratioRows: [
    {
      id: 'board-siting-ratio',
      appliesTo: 'all',
      ratio: null,
      cite: 'Minn. R. 8420.0522',
      text: 'Board-set replacement ratio by where the replacement lies and its bank service area priority (103G.222 subd. 3(g)): rule not encoded — the subpart and its numbers are not verified here, so the statute ratio is shown.',
    },
    {
      id: 'board-timing-ratio',
      appliesTo: 'project-specific',
      ratio: null,
      cite: 'Minn. R. 8420.0522',
      text: 'Board-set ratio by when a project-specific replacement is done relative to the impact: rule not encoded.',
    },
  ],
  creditActions: [
    {
      action: 'restoration',
      share: null,
      cite: 'Minn. R. 8420.0526',
      text: 'Restoration: credit share rule not encoded (Minn. R. 8420.0526 sets it; the LGU may allow less, subp. 1 B).',
    },
    {
      action: 'creation',
      share: null,
      cite: 'Minn. R. 8420.0526',
      text: 'Creation: credit share rule not encoded (Minn. R. 8420.0526 sets it; the LGU may allow less, subp. 1 B).',
    },
    {
      action: 'preservation',
      share: null,
      cite: 'Minn. R. 8420.0526',
      text: 'Preservation: whether and how much credit depends on Minn. R. 8420.0526 (preservation subpart not encoded).',
    },
    {
      action: 'stormwater-pond',
      share: null,
      cite: 'Minn. R. 8420.0526',
      text: 'Stormwater pond functioning as a wetland: credit share rule not encoded.',
    },
    {
      action: 'conversion',
      share: 0,
      cite: 'Minn. R. 8420.0526 subp. 1 D',
      text: 'Modification or conversion of nondegraded wetlands from one type to another does not constitute replacement credit.',
    },
    {
      action: 'upland-buffer-nonnative',
      share: 0.1,
      cite: 'Minn. R. 8420.0526 subp. 2 A',
      text: 'Upland buffer of nonnative vegetation: up to 10 percent of the buffer area earns credit; the credited buffer area may not exceed the replacement wetland area (subp. 2 B).',
    },
    {
      action: 'upland-buffer-native',
      share: 0.25,
      cite: 'Minn. R. 8420.0526 subp. 2 A',
      text: 'Upland buffer of native, noninvasive vegetation: up to 25 percent of the buffer area earns credit; the credited buffer area may not exceed the replacement wetland area (subp. 2 B).',
    },
  ],
  partialDrainage: {
    minimumShare: 0.5,
    cite: 'Minn. R. 8420.0522 subp. 2',
    text: 'Partially drained wetland: the area whose hydrology is wholly removed is impact in its entirety; the partially drained area counts at least 50 percent of its acreage, by an assessment the technical evaluation panel accepts.',
  },
  sequencing: {
    cite: '103G.222 subd. 1(b)',
    text: 'Sequencing comes first: avoid the impact, minimize it, rectify it, reduce it over time; only then compensate by restoring or replacing wetland. The application documents what was considered (Minn. R. 8420.0330 subp. 3 A(7)).',
    onSiteSquareFeet: 10_000,
    onSiteText:
      'For an impact of no more than 10,000 square feet above the de minimis amount of 103G.2241 subd. 9(a), the local government unit may make an on-site sequencing determination without a written alternatives analysis.',
    recordCite: 'Minn. R. 8420.0330 subp. 3 A(7)',
    cultivatedFieldCite: '103G.222 subd. 1(c)',
    cultivatedFieldText:
      'A wetland in a cultivated field is replaced "through restoration only without regard to the priority order in paragraph (b)": the sequencing of subd. 1(b) (avoid, minimize, rectify, reduce, then compensate) does not govern this impact, so none is asked for here. Where the restoration is sited still follows the priority order of subd. 3(a).',
    noPlanText:
      'No replacement plan application is filed for road repair that meets paragraph (m), so there is no sequencing record under the application rules and no on-site sequencing determination by the local government unit; the road authority must itself "minimize the amount of wetland filling or draining associated with the project and consider mitigating important site-specific wetland functions on site" (subd. 1(m)(1)).',
  },
  creditNotes: [
    {
      cite: 'Minn. R. 8420.0526 subp. 1 B',
      text: "Credits are acres of replacement credit, the unit a bank lists its credits in. The board's rule sets the credit each action earns; the local government unit may allow less, with justification.",
    },
    {
      cite: 'Minn. R. 8420.0526 subp. 2 A',
      text: 'Upland buffer: up to 10 percent of the buffer area earns credit for nonnative vegetation, up to 25 percent for native, noninvasive vegetation.',
    },
  ],
  // The in-kind-first order is this tool's choice: subp. 3's heading was verified, its operative
  // text was not, and the reason says so.
  wetlandType: { cite: 'Minn. R. 8420.0330 subp. 3 A(1)', inKindCite: 'Minn. R. 8420.0522 subp. 3' },
  bankStatuses: BANK_STATUSES_DEFAULT,
  countyAreaClasses: COUNTY_AREA_CLASSES,
  countyAreaClassesCite: 'Minn. R. 8420.0117 subp. 1',
  reclassificationCite: '103G.222 subd. 1(o)',
};
