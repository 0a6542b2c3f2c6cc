/**
 * Losses and replacements by watershed as CSV (issue 34, item 3): one row per unit and
 * jurisdiction, the header exactly as the issue gives it. Written by `siting flows` and the
 * page's export alike.
 */
import { csvText } from '../formats/csv/csvCell.ts';
import type { FlowReport, FlowUnit } from '../siting/ledgerFlows.ts';

/** The CSV header, exactly as issue 34 gives it. */
export function flowsHeader(by: FlowUnit): string[] {
  const bySeller =
    by === 'major' ? ['fromBanksInThisMajor', 'fromBanksElsewhereInThisBsa'] : ['fromBanksInThisBsa'];
  return [
    by,
    'name',
    'jurisdiction',
    'creditsWithdrawnForImpactsHere',
    ...bySeller,
    'fromBanksInOtherBsas',
    'fromBanksNotLocated',
    'creditsSoldHereForImpactsElsewhere',
    'withdrawals',
    'from',
    'to',
  ];
}

/** A sum of credits without the float noise of adding (1e-6 credits is far below any ledger's precision). */
const figure = (value: number) => Math.round(value * 1e6) / 1e6;

/** The report's rows as CSV text, header first. */
export function flowsCsv(report: Pick<FlowReport, 'by' | 'rows'>): string {
  const rows = report.rows.map((r) => [
    r.unit,
    r.name,
    r.jurisdiction,
    figure(r.creditsWithdrawnForImpactsHere),
    figure(r.fromBanksInThisUnit),
    ...(report.by === 'major' ? [figure(r.fromBanksElsewhereInThisBsa ?? 0)] : []),
    figure(r.fromBanksInOtherBsas),
    figure(r.fromBanksNotLocated),
    figure(r.creditsSoldHereForImpactsElsewhere),
    r.withdrawals,
    r.from,
    r.to,
  ]);
  return csvText([flowsHeader(report.by), ...rows]);
}
