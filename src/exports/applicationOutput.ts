/**
 * The withdrawal application as JSON and as CSV (issue 37): the same fields from `siting
 * application` and from the page's downloads. Counties are named as the form asks (the FIPS code
 * kept beside); the CSV has one row per withdrawal, the project and account repeated on each, so
 * it opens ready in a spreadsheet.
 */
import { csvText } from '../formats/csv/csvCell';
import type { LguPlace } from '../geo/lguPlaceAt';
import { countyName } from '../siting/countyNames';
import type { WithdrawalApplication } from '../siting/withdrawalApplication';
import type { ApplicationDraft } from '../store/applicationDraft';
import { SCREENING_NOTICE } from './exportNotice';

export const DEMONSTRATION_WORDS = 'Demonstration geography — not official. Not for submission.';

export interface ApplicationExtras {
  /** Where to confirm the LGU; null when the build has no civil divisions to say. */
  lgu: LguPlace | null;
  /** The fields typed in the page; absent from the CLI (left blank to fill by hand). */
  draft?: ApplicationDraft | null;
  generatedAt: string;
}

/** The application as one JSON value (the CLI prints it; the page downloads it). */
export function applicationJson(
  app: WithdrawalApplication,
  extras: ApplicationExtras,
): Record<string, unknown> {
  const text = extras.draft?.text;
  return {
    form: app.form,
    notice: SCREENING_NOTICE,
    demonstration: app.demonstration,
    ...(app.demonstration ? { demonstrationNotice: DEMONSTRATION_WORDS } : {}),
    generatedAt: extras.generatedAt,
    approval: { plan: app.plan, words: app.planWords, decisionNumber: text?.decisionNumber || null },
    impact: {
      ...app.impact,
      county: countyName(app.impact.county),
      countyFips: app.impact.county,
    },
    account: { ...app.account, county: countyName(app.account.county), countyFips: app.account.county },
    withdrawals: app.withdrawals,
    creditsWithdrawn: app.creditsWithdrawn,
    shortfall: app.shortfall,
    shortfallNote: app.shortfallNote,
    poolsLeftOff: app.poolsLeftOff,
    localGovernmentUnit: {
      whereToConfirm: extras.lgu?.words ?? null,
      city: extras.lgu?.city ?? null,
      township: extras.lgu?.township ?? null,
      name: text?.lguName || null,
      address: text?.lguAddress || null,
      representative: text?.lguRepresentative || null,
    },
    applicant: text
      ? {
          name: text.applicantName || null,
          organization: text.applicantOrganization || null,
          street: text.applicantStreet || null,
          cityStateZip: text.applicantCityStateZip || null,
          phone: text.applicantPhone || null,
          email: text.applicantEmail || null,
        }
      : null,
    project: text ? { name: text.projectName || null, purpose: text.projectPurpose || null } : null,
    asOf: app.asOf,
    sources: app.sources,
    warnings: app.warnings,
    confirm: app.confirm,
  };
}

export const APPLICATION_CSV_COLUMNS = [
  'projectName',
  'bankServiceArea',
  'county',
  'majorWatershed',
  'wetlandImpactSizeAcres',
  'replacementCreditsRequired',
  'approval',
  'accountNumber',
  'accountOwner',
  'accountCounty',
  'accountBankServiceArea',
  'accountMajorWatershed',
  'creditSubgroupLetter',
  'plantCommunityType',
  'circular39Type',
  'numberOfCreditsToBeWithdrawn',
  'costPerCredit',
  'poolApproval',
  'listingFile',
  'listingRow',
  'listingAsOf',
  'creditsWithdrawn',
  'shortfall',
  'demonstration',
] as const;

/** One row per withdrawal (a row with no withdrawal cells when there is none), header first. */
export function applicationCsv(app: WithdrawalApplication, draft?: ApplicationDraft | null): string {
  const project = [
    draft?.text.projectName ?? '',
    app.impact.bankServiceArea,
    countyName(app.impact.county) ?? app.impact.county,
    app.impact.majorWatershed,
    app.impact.impactAcres,
    app.impact.creditsRequired,
    app.planWords,
    app.account.number,
    app.account.owner,
    countyName(app.account.county) ?? app.account.county,
    app.account.bankServiceArea,
    app.account.majorWatershed,
  ];
  const tail = [app.creditsWithdrawn, app.shortfall, app.demonstration ? 'yes' : 'no'];
  const rows = app.withdrawals.map((w) => [
    ...project,
    w.subgroup,
    w.plantCommunity,
    w.circular39Type,
    w.credits,
    w.costPerCredit,
    w.approval,
    w.source,
    w.row,
    w.asOf,
    ...tail,
  ]);
  if (rows.length === 0) rows.push([...project, ...Array(9).fill(null), ...tail]);
  return csvText([[...APPLICATION_CSV_COLUMNS], ...rows]);
}
