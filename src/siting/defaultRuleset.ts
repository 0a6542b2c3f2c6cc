import { addOneYear } from './addOneYear.ts';
import { COUNTY_AREA_CLASSES } from './countyAreaClasses.ts';
import { describeAreaClass } from './describe.ts';
import type { ExceptionRule, ExclusionRule, NoteRule, PriorityLevelRule, RuleSet } from './ruleset.ts';
import type { ProjectType } from './types.ts';

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

/** Subd. 3(a) first sentence: one-way exclusion of greater-than-80-percent areas. */
const OUTSIDE_80_INTO_80: ExclusionRule = {
  id: 'outside-80-into-80',
  cite: '103G.222 subd. 3(a)',
  summary: 'An impact outside a greater-than-80-percent area must not be replaced inside one.',
  evaluate({ impactUnits, units }) {
    const impactClass = impactUnits.areaClass;
    const siteClass = units.areaClass;
    if (impactClass === GT80) {
      return siteClass === GT80 || siteClass === null
        ? null
        : {
            effect: 'note',
            text: `The impact is in a greater-than-80-percent area, so it may be replaced in a ${describeAreaClass(siteClass)}.`,
          };
    }
    if (siteClass === GT80) {
      return impactClass === null
        ? {
            effect: 'undetermined',
            text: "The site is in a greater-than-80-percent area and the impact's area class is unknown; it is allowed only if the impact is also in such an area.",
          }
        : {
            effect: 'ineligible',
            text: `The impact is in a ${describeAreaClass(impactClass)}, so it must not be replaced in a greater-than-80-percent area, where this site is.`,
          };
    }
    if (siteClass === null) {
      return {
        effect: 'undetermined',
        text: "The site's area class is unknown, so it cannot be shown to lie outside a greater-than-80-percent area.",
      };
    }
    return null;
  },
};

/** Subd. 1(c): cultivated-field impacts are replaced by restoration only. */
const CULTIVATED_FIELD_RESTORATION: ExclusionRule = {
  id: 'cultivated-field-restoration',
  cite: '103G.222 subd. 1(c)',
  summary: 'A wetland in a cultivated field is replaced by restoration only.',
  evaluate({ impact, candidate }) {
    if (!impact.cultivatedField) return null;
    const action = candidate.action ?? null;
    if (action === 'restoration') {
      return { effect: 'note', text: 'Restoration, as required for a wetland in a cultivated field.' };
    }
    if (action === null) {
      return {
        effect: 'undetermined',
        text: 'The impact is in a cultivated field, which needs restoration; this site does not say whether it is a restoration.',
      };
    }
    return {
      effect: 'ineligible',
      text: `The impact is in a cultivated field, which must be replaced by restoration only; this site is ${action}.`,
    };
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

/** Subd. 1(i), second sentence: conversion of nondegraded natural wetlands never counts. */
const NO_CONVERSION: ExclusionRule = {
  id: 'no-conversion',
  cite: '103G.222 subd. 1(i)',
  summary: 'Converting a nondegraded natural wetland from one type to another is not eligible.',
  evaluate({ candidate }) {
    return candidate.action === 'conversion'
      ? {
          effect: 'ineligible',
          text: 'Converting a nondegraded natural wetland from one type to another is never eligible for replacement.',
        }
      : null;
  },
};

/**
 * Subd. 1(i), first sentence: outside a greater-than-80-percent area only restored or created
 * wetlands qualify. Read against the replacement site's own area (an impact outside such an
 * area cannot be replaced inside one anyway, subd. 3(a)).
 */
const ONLY_RESTORED_OR_CREATED: ExclusionRule = {
  id: 'only-restored-or-created',
  cite: '103G.222 subd. 1(i)',
  summary:
    'Outside a greater-than-80-percent area, only restored or created wetlands of the listed kinds qualify.',
  evaluate({ candidate, units }) {
    if (candidate.action !== 'preservation') return null;
    if (units.areaClass === GT80) {
      return {
        effect: 'note',
        text: 'Preservation is not restoration or creation, but the site is in a greater-than-80-percent area, where the restored-or-created limit does not apply.',
      };
    }
    if (units.areaClass === null) {
      return {
        effect: 'undetermined',
        text: "Preservation qualifies only in a greater-than-80-percent area, and the site's area class is unknown.",
      };
    }
    return {
      effect: 'ineligible',
      text: `Outside a greater-than-80-percent area only restored or created wetlands qualify; this site is preservation in a ${describeAreaClass(units.areaClass)}.`,
    };
  },
};

const PUBLIC_TRANSPORTATION: readonly ProjectType[] = ['public-transportation', 'road-repair'];
const BANK_CUTOFF = '1996-04-01';

/** Subd. 3(b): early bank credits may serve public transportation impacts statewide. */
const PRE_1996_BANK_CREDITS: ExceptionRule = {
  id: 'pre-1996-bank-credits',
  cite: '103G.222 subd. 3(b)',
  summary:
    'Bank credits from a complete banking application submitted by April 1, 1996 may replace public transportation impacts statewide.',
  waives: ['outside-80-into-80'],
  evaluate({ impact, candidate }) {
    if (candidate.kind !== 'bank' || !PUBLIC_TRANSPORTATION.includes(impact.project)) return null;
    const date = candidate.bankApplicationDate ?? null;
    if (date === null) {
      return {
        applies: false,
        text: 'The bank application date is not given, so statewide use of early bank credits cannot be shown.',
      };
    }
    return date <= BANK_CUTOFF
      ? {
          applies: true,
          text: `Bank application submitted ${date}, by April 1, 1996: its credits may replace this public transportation impact statewide, notwithstanding the siting rules of paragraph (a).`,
        }
      : {
          applies: false,
          text: `Bank application submitted ${date}, after April 1, 1996: the statewide exception for early bank credits does not apply.`,
        };
  },
};

/** Major watersheds 1-5 (Lake Superior basin) and 72-80 (Rainy River basin), law/NOTES.md. */
export const GREAT_LAKES_AND_RAINY_MAJORS: readonly number[] = [
  1, 2, 3, 4, 5, 72, 73, 74, 75, 76, 77, 78, 79, 80,
];

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
    return 'Mining: impact and site both lie in the Great Lakes and Rainy River basins, which count as one watershed for replacement ratios if this replacement is completed before the impact (the siting level is unchanged).';
  },
};

/** Subd. 3(h): sites identified in an adequate EIS. */
const EIS_IDENTIFIED: NoteRule = {
  id: 'eis-identified',
  cite: '103G.222 subd. 3(h)',
  summary:
    'Sites identified in an adequate EIS may be approved without further modification related to the priority order, if the application follows within one year.',
  evaluate({ impact, candidate }) {
    if (candidate.eisIdentified !== true) return null;
    const adequacy = candidate.eisAdequacyDate ?? null;
    const application = impact.applicationDate ?? null;
    if (adequacy !== null && application !== null) {
      const deadline = addOneYear(adequacy);
      return application <= deadline
        ? `Identified in an adequate EIS (adequacy ${adequacy}); the application (${application}) is within one year, so the site may be approved without further modification related to the priority order.`
        : `Identified in an adequate EIS (adequacy ${adequacy}), but the application (${application}) is more than one year later, so this exception no longer applies.`;
    }
    return 'Identified in an adequate EIS: may be approved without further modification related to the priority order if the application is submitted within one year of the adequacy determination.';
  },
};

/** Subd. 3(e)(4): opportunities must be available; a bank short of credits may not cover it all. */
const CREDITS_AVAILABLE: NoteRule = {
  id: 'credits-available',
  cite: '103G.222 subd. 3(e)(4)',
  summary: 'A replacement opportunity must be available.',
  evaluate({ candidate, replacementAcres }) {
    const credits = candidate.availableCredits ?? null;
    if (candidate.kind !== 'bank' || credits === null || credits >= replacementAcres) return null;
    return `The bank lists ${credits} acres of credits, less than the ${replacementAcres} acres required; it can cover only part of the replacement.`;
  },
};

/** Minn. Stat. 103G.222 as in law/103G.222.txt: the text the product implements. */
export const DEFAULT_RULESET: RuleSet = {
  id: 'mn-103G.222-text',
  title: 'Minn. Stat. 103G.222 (current text)',
  enacted: true,
  description:
    'Wetland replacement siting and ratios as in the statute text of Minn. Stat. 103G.222 subdivisions 1 to 3, with county classes of Minn. R. 8420.0117 subp. 1.',
  priorityLevels: PRIORITY_LEVELS_WITH_3C,
  exclusions: [
    OUTSIDE_80_INTO_80,
    CULTIVATED_FIELD_RESTORATION,
    STORMWATER_POND,
    NO_CONVERSION,
    ONLY_RESTORED_OR_CREATED,
  ],
  exceptions: [PRE_1996_BANK_CREDITS],
  notes: [MINING_SINGLE_WATERSHED, EIS_IDENTIFIED, CREDITS_AVAILABLE],
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
      text: 'Repair or rehabilitation of a serviceable existing public road: no replacement plan is required if the road authority meets the conditions of paragraph (m) (minimize, report 30 days before construction or hold the annual meeting, report minor emergency work within 30 days); the board replaces the wetlands (MnDOT on state roads).',
    },
  ],
  projectNotes: [
    {
      project: 'public-transportation',
      cite: '103G.222 subd. 1(l)',
      text: 'New public transportation project (not an airport): the road authority may buy credits from the board at the cost of establishing them.',
    },
    {
      project: 'mining',
      cite: '103G.222 subd. 1(a)',
      text: 'Permit-to-mine project: replacement under a mining reclamation plan approved by the commissioner, applying the same principles and standards as other replacement plans.',
    },
  ],
  nextLevel: {
    cite: '103G.222 subd. 3(d)',
    text: 'Listed after sites at level {best}: use it only when no reasonable, practicable, and environmentally beneficial opportunity is available at a higher level.',
    definitionCite: '103G.222 subd. 3(e)',
    definitionText:
      'Such an opportunity uses natural hydrology with minimal alteration, is likely to stay a functional wetland, does not harm other important habitats, and is available and feasible given cost, technology and logistics.',
  },
  countyAreaClasses: COUNTY_AREA_CLASSES,
  countyAreaClassesCite: 'Minn. R. 8420.0117 subp. 1',
  reclassificationCite: '103G.222 subd. 1(o)',
};
