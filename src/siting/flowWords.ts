/**
 * Losses and replacements in plain words (issue 34, item 4): one sentence per jurisdiction for a
 * major watershed's rows of the accounting (ledgerFlows), e.g. "2019–2024: 12.4 credits withdrawn
 * for impacts in this watershed; 3.1 from banks in it, 9.3 elsewhere in BSA 5, none from other
 * BSAs." Every figure is a ledger sum; nothing is estimated, and a watershed the ledgers do not
 * name is said to be unnamed, never given a zero it does not have.
 */
import type { FlowRow } from './ledgerFlows.ts';

/** Credits as a reader reads them: at most two decimals, "none" for zero. */
export function creditWords(value: number): string {
  if (value === 0) return 'none';
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 ? 'under 0.01' : String(rounded);
}

/** "2019–2024", "2021", or "undated" from a row's first and last dates (ISO). */
export function periodWords(from: string | null, to: string | null): string {
  const a = from?.slice(0, 4) ?? null;
  const b = to?.slice(0, 4) ?? null;
  if (a === null && b === null) return 'All dates';
  if (a === null) return `Up to ${b}`;
  if (b === null) return `From ${a}`;
  return a === b ? a : `${a}–${b}`;
}

/** The share of the credits withdrawn for impacts in the unit that came from banks in it; null when none were. */
export function shareReplacedHere(row: FlowRow): number | null {
  return row.creditsWithdrawnForImpactsHere > 0
    ? row.fromBanksInThisUnit / row.creditsWithdrawnForImpactsHere
    : null;
}

/**
 * One major watershed's sentence for one jurisdiction's row.
 * @param bsaName the BSA the major lies in, as the reader knows it ("BSA 5"), or null when not known
 */
export function majorFlowSentence(row: FlowRow, bsaName: string | null, withJurisdiction: boolean): string {
  const period = periodWords(row.from, row.to);
  const under = withJurisdiction ? ` (${row.jurisdiction})` : '';
  const soldElsewhere =
    row.creditsSoldHereForImpactsElsewhere > 0
      ? ` Banks in it sold ${creditWords(row.creditsSoldHereForImpactsElsewhere)} credits for impacts elsewhere.`
      : ' Banks in it sold no credits for impacts elsewhere.';
  if (row.creditsWithdrawnForImpactsHere === 0)
    return `${period}${under}: no credits withdrawn for impacts in this watershed.${soldElsewhere}`;
  const parts = [
    `${creditWords(row.fromBanksInThisUnit)} from banks in it`,
    `${creditWords(row.fromBanksElsewhereInThisBsa ?? 0)} elsewhere in ${bsaName ?? 'its bank service area'}`,
    `${creditWords(row.fromBanksInOtherBsas)} from other BSAs`,
  ];
  if (row.fromBanksNotLocated > 0)
    parts.push(`${creditWords(row.fromBanksNotLocated)} from banks that could not be located`);
  return `${period}${under}: ${creditWords(row.creditsWithdrawnForImpactsHere)} credits withdrawn for impacts in this watershed; ${parts.join(', ')}.${soldElsewhere}`;
}

/** Every sentence for a major: one per jurisdiction (never added together); an empty list when the ledgers name it nowhere. */
export function majorFlowSentences(rows: readonly FlowRow[], bsaName: string | null): string[] {
  return rows.map((row) => majorFlowSentence(row, bsaName, rows.length > 1));
}
