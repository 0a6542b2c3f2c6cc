/**
 * Where wetlands are lost and where they are replaced, by watershed (issue 34, item 2): for each
 * major watershed (HUC8) or bank service area, the credits withdrawn for impacts in it, split by
 * where the selling bank lies, and the credits its banks sold for impacts elsewhere. Pure: no
 * clock, no I/O; figures come only from ledger rows, never estimated.
 *
 * Rules (the issue's, in order):
 * - Only withdrawals count: a type containing "withdraw" (any case), as ledgerSupply decides.
 *   Releases, adjustments and every other type are skipped, and the skips are counted by type.
 * - A withdrawal's impact unit is the unit of its HUC8 (a HUC12 lies in the HUC8 of its first
 *   8 digits). One with no impact HUC counts nowhere and is reported. One whose HUCs lie in
 *   several units is not split (that would be an estimate): it counts nowhere and is reported.
 * - One whose impact HUC is in no unit of the build (outside Minnesota) counts only as sold
 *   elsewhere by its bank's unit, and is reported.
 * - A bank that is not in the build, or has no major watershed and BSA, counts for the impact's
 *   unit as "a bank that could not be located", and is reported.
 * - Jurisdictions are never added together: one row per unit and jurisdiction as written.
 * - A withdrawal's amount is the magnitude of its credits (RIBITS's sign is unverified). An
 *   undated withdrawal, or one with no readable amount, is reported and not counted; with a
 *   window, dated withdrawals outside it are counted as outside.
 */
import { isWithdrawalType } from './ledgerSupply.ts';

/** One ledger transaction, from a RIBITS ledger export or the live refresh's LEDGER. */
export interface FlowTransaction {
  /** Where it was read, for reports (`ledger.csv, row 4`, `RIBITS ledger of ribits-12, transaction 55`). */
  source: string;
  /** The `sites` id of the selling bank; null when the row matched no bank of the build. */
  siteId: string | null;
  /** The bank as the row names it, for reports. */
  bank: string;
  /** Why `siteId` is null, in words (the joiner's reason). */
  unmatchedReason?: string | null;
  transactionType: string | null;
  jurisdiction: string | null;
  /** ISO date, or null. */
  date: string | null;
  credits: number | null;
  /** 8- or 12-digit HUCs. */
  impactHucs: readonly string[];
  /** The impact HUC as written when it could not be read as HUCs (`impactHucs` is then empty). */
  impactHucUnreadable?: string | null;
}

/** The build's units and where each bank lies in them. */
export interface FlowGeography {
  majors: readonly { id: number; name: string; huc8: string; bankServiceArea: number | null }[];
  bankServiceAreas: readonly { id: number; name: string }[];
  /** `sites` id → the bank's units (null where not found). A bank missing here has no location. */
  banks: Readonly<Record<string, { majorWatershed: number | null; bankServiceArea: number | null }>>;
}

export type FlowUnit = 'major' | 'bsa';

export interface FlowOptions {
  by: FlowUnit;
  /** ISO dates, inclusive; null for no bound. */
  from?: string | null;
  to?: string | null;
}

/** One unit and jurisdiction. In `bsa` rows `fromBanksElsewhereInThisBsa` is null (the unit is the BSA). */
export interface FlowRow {
  unit: number;
  name: string;
  jurisdiction: string;
  creditsWithdrawnForImpactsHere: number;
  /** From banks in the same major (by major) or the same BSA (by BSA). */
  fromBanksInThisUnit: number;
  fromBanksElsewhereInThisBsa: number | null;
  fromBanksInOtherBsas: number;
  fromBanksNotLocated: number;
  creditsSoldHereForImpactsElsewhere: number;
  /** Withdrawals counted in the row (for impacts here, or sold here for impacts elsewhere). */
  withdrawals: number;
  /** The window asked for, else the first and last dates of the row's withdrawals. */
  from: string | null;
  to: string | null;
}

/** Credits from one impact unit to one bank: a flow line on the map. */
export interface FlowLine {
  impactUnit: number;
  siteId: string;
  bankUnit: number;
  jurisdiction: string;
  credits: number;
  withdrawals: number;
}

/** A withdrawal not counted, or counted only in part, and why. */
export interface FlowNotice {
  source: string;
  bank: string;
  reason: string;
}

export interface FlowReport {
  by: FlowUnit;
  window: { from: string | null; to: string | null };
  rows: FlowRow[];
  lines: FlowLine[];
  /** Every non-withdrawal type, as written, with how many rows were skipped. */
  skippedTypes: { type: string; count: number }[];
  noImpactHuc: FlowNotice[];
  impactInSeveralUnits: FlowNotice[];
  impactOutsideUnits: FlowNotice[];
  notLocated: FlowNotice[];
  undated: FlowNotice[];
  noAmount: FlowNotice[];
  /** In major rows: withdrawals from a bank in another major, for a major whose BSA is not known. */
  impactBsaUnknown: FlowNotice[];
  outsideWindow: number;
  withdrawalsCounted: number;
}

const NOT_STATED = 'jurisdiction not stated';

type WorkingRow = FlowRow & { dates: string[] };

const emptyReport = (by: FlowUnit, from: string | null, to: string | null): FlowReport => ({
  by,
  window: { from, to },
  rows: [],
  lines: [],
  skippedTypes: [],
  noImpactHuc: [],
  impactInSeveralUnits: [],
  impactOutsideUnits: [],
  notLocated: [],
  undated: [],
  noAmount: [],
  impactBsaUnknown: [],
  outsideWindow: 0,
  withdrawalsCounted: 0,
});

const emptyRow = (by: FlowUnit, unit: number, name: string, jurisdiction: string): WorkingRow => ({
  unit,
  name,
  jurisdiction,
  creditsWithdrawnForImpactsHere: 0,
  fromBanksInThisUnit: 0,
  fromBanksElsewhereInThisBsa: by === 'major' ? 0 : null,
  fromBanksInOtherBsas: 0,
  fromBanksNotLocated: 0,
  creditsSoldHereForImpactsElsewhere: 0,
  withdrawals: 0,
  from: null,
  to: null,
  dates: [],
});

/** Where the selling bank lies: its units, or why it could not be located. */
function placeOfBank(
  t: FlowTransaction,
  geography: FlowGeography,
): { major: number; bsa: number } | { reason: string } {
  const bank = t.siteId === null ? undefined : geography.banks[t.siteId];
  if (bank && bank.majorWatershed !== null && bank.bankServiceArea !== null)
    return { major: bank.majorWatershed, bsa: bank.bankServiceArea };
  return {
    reason:
      t.siteId === null
        ? `the bank is not in the build (${t.unmatchedReason ?? 'no bank matched'})`
        : bank === undefined
          ? `bank ${t.siteId} has no location in the build`
          : `bank ${t.siteId} lies in no ${bank.majorWatershed === null ? 'major watershed' : 'bank service area'} of the build`,
  };
}

/** The accounting (see the module's comment). */
export function ledgerFlows(
  transactions: readonly FlowTransaction[],
  geography: FlowGeography,
  options: FlowOptions,
): FlowReport {
  const { by } = options;
  const from = options.from ?? null;
  const to = options.to ?? null;
  const majorOfHuc8 = new Map(geography.majors.map((m) => [m.huc8, m]));
  const majorById = new Map(geography.majors.map((m) => [m.id, m]));
  const names = new Map<number, string>(
    by === 'major'
      ? geography.majors.map((m) => [m.id, m.name])
      : geography.bankServiceAreas.map((b) => [b.id, b.name]),
  );
  const report = emptyReport(by, from, to);
  const skipped = new Map<string, number>();
  const rows = new Map<string, WorkingRow>();
  const lines = new Map<string, FlowLine>();
  const rowOf = (unit: number, jurisdiction: string) => {
    const key = `${unit}|${jurisdiction.toLowerCase()}`;
    let row = rows.get(key);
    if (!row) {
      row = emptyRow(by, unit, names.get(unit) ?? '', jurisdiction);
      rows.set(key, row);
    }
    return row;
  };
  /** The impact's unit: a number, null (in no unit of the build), or 'several'. */
  const impactUnitOf = (hucs: readonly string[]): number | null | 'several' => {
    const units = new Set(
      hucs.map((huc) => {
        const major = majorOfHuc8.get(huc.slice(0, 8));
        return major === undefined ? null : by === 'major' ? major.id : major.bankServiceArea;
      }),
    );
    return units.size > 1 ? 'several' : ([...units][0] ?? null);
  };

  for (const t of transactions) {
    const notice = (reason: string): FlowNotice => ({ source: t.source, bank: t.bank, reason });
    if (!isWithdrawalType(t.transactionType)) {
      const type = t.transactionType?.trim() || '(no type)';
      skipped.set(type, (skipped.get(type) ?? 0) + 1);
      continue;
    }
    if (t.credits === null || !Number.isFinite(t.credits)) {
      report.noAmount.push(notice('no readable credit amount'));
      continue;
    }
    if (t.date === null) {
      report.undated.push(notice('no transaction date'));
      continue;
    }
    if ((from !== null && t.date < from) || (to !== null && t.date > to)) {
      report.outsideWindow += 1;
      continue;
    }
    if (t.impactHucs.length === 0) {
      report.noImpactHuc.push(
        notice(
          t.impactHucUnreadable
            ? `impact HUC ${JSON.stringify(t.impactHucUnreadable)} is not 8 or 12 digits: counted nowhere`
            : 'no impact HUC: counted nowhere',
        ),
      );
      continue;
    }
    const impact = impactUnitOf(t.impactHucs);
    if (impact === 'several') {
      report.impactInSeveralUnits.push(
        notice(`impact HUCs ${t.impactHucs.join(', ')} lie in several units: the credits are not split`),
      );
      continue;
    }
    const credits = Math.abs(t.credits);
    const jurisdiction = t.jurisdiction?.trim() || NOT_STATED;
    const place = placeOfBank(t, geography);
    const located = !('reason' in place);
    const bankUnit = located ? (by === 'major' ? place.major : place.bsa) : null;
    if (!located) report.notLocated.push(notice(place.reason));
    if (impact === null)
      report.impactOutsideUnits.push(
        notice(
          `impact HUC ${t.impactHucs.join(', ')} is in no ${by === 'major' ? 'major watershed' : 'bank service area'} of the build`,
        ),
      );
    let counted = false;
    if (impact !== null) {
      const row = rowOf(impact, jurisdiction);
      row.creditsWithdrawnForImpactsHere += credits;
      if (!located) row.fromBanksNotLocated += credits;
      else if (bankUnit === impact) row.fromBanksInThisUnit += credits;
      else if (by === 'bsa') row.fromBanksInOtherBsas += credits;
      else {
        const impactBsa = majorById.get(impact)?.bankServiceArea ?? null;
        if (impactBsa === null)
          report.impactBsaUnknown.push(notice(`the BSA of major ${impact} is not known`));
        else if (located && impactBsa === place.bsa) row.fromBanksElsewhereInThisBsa! += credits;
        else row.fromBanksInOtherBsas += credits;
      }
      row.withdrawals += 1;
      row.dates.push(t.date);
      counted = true;
      if (located) {
        const key = `${impact}|${t.siteId}|${jurisdiction.toLowerCase()}`;
        const line = lines.get(key) ?? {
          impactUnit: impact,
          siteId: t.siteId!,
          bankUnit: bankUnit!,
          jurisdiction,
          credits: 0,
          withdrawals: 0,
        };
        line.credits += credits;
        line.withdrawals += 1;
        lines.set(key, line);
      }
    }
    if (located && bankUnit !== impact) {
      const row = rowOf(bankUnit!, jurisdiction);
      row.creditsSoldHereForImpactsElsewhere += credits;
      row.withdrawals += 1;
      row.dates.push(t.date);
      counted = true;
    }
    if (counted) report.withdrawalsCounted += 1;
  }
  report.rows = [...rows.values()]
    .map(({ dates, ...row }) => {
      dates.sort();
      return { ...row, from: from ?? dates[0] ?? null, to: to ?? dates.at(-1) ?? null };
    })
    .sort((a, b) => a.unit - b.unit || a.jurisdiction.localeCompare(b.jurisdiction));
  report.lines = [...lines.values()].sort(
    (a, b) => b.credits - a.credits || a.siteId.localeCompare(b.siteId),
  );
  report.skippedTypes = [...skipped]
    .map(([type, count]) => ({ type, count }))
    .sort((a, b) => a.type.localeCompare(b.type));
  return report;
}
