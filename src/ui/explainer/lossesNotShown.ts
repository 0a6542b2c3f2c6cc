/**
 * What the explorer does not show of the public's question, "were the wetlands lost here replaced
 * here?", and where the figures can be found (issue 33, blocker 3). This build holds no record of
 * acres drained or filled and replaced by place: it says so in the public view, hearing mode and
 * the report instead of leaving the question unanswered in silence. The sources are named as
 * their publishers name them; no figure is given here.
 */
import type { Manifest } from '../../formats/manifest';

/** BWSR's page of WCA program reports (the annual WCA Program Activity Summary is on it). */
export const WCA_REPORTS_URL = 'https://bwsr.state.mn.us/wca-program-reports';
/** USACE RIBITS, where each wetland bank's ledger of credit withdrawals is public. */
export const RIBITS_URL = 'https://ribits.ops.usace.army.mil/';

export interface LossesNotShown {
  /** What is not shown, in one sentence. */
  missing: string;
  /** Where the figures are, in one sentence (the links are given apart). */
  where: string;
}

/** @param ledgerLoaded a ledger export was loaded on the page (the build may hold none) */
export function lossesNotShown(manifest: Manifest | null, ledgerLoaded = false): LossesNotShown {
  const ledgers = ledgerLoaded || (manifest?.bankRecords?.ledgersFile ?? manifest?.ledgerExportsFile ?? null);
  return {
    missing: ledgers
      ? 'Not shown here: how many acres of wetland were drained or filled in this area, and where each was replaced. The RIBITS ledgers give only the wetland banks’ credit withdrawals; replacement outside a bank is not in them.'
      : 'Not shown here: how many acres of wetland were drained or filled in this area, and where each was replaced. This build holds no record of losses or replacements.',
    where:
      'Local governments report their WCA activity to BWSR each year, summarized in BWSR’s annual WCA Program Activity Summary (on its WCA Program Reports page); each wetland bank’s withdrawals are in its ledger on USACE RIBITS.',
  };
}
