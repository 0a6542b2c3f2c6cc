/**
 * The report's ranked options: the first rows of each ladder that fit the page (the selected one
 * always among them), the ladders' rules and credit sources in a line, and what is left out.
 */
import { CONFIRM_WITH_BWSR, type RankedCandidate, type RankResult, STALE_AFTER_DAYS } from '../../siting';
import { ReportApplicationLine } from '../application/ReportApplicationLine';
import { rulesetOf } from '../hearing/hearingSteps';
import { Citation } from '../ranking/Citation';
import { breakdownText, candidateBreakdown } from '../ranking/candidateBreakdown';
import { RulesetNotice } from '../ranking/RulesetNotice';
import { rankingLadders } from '../ranking/rankingLadders';
import { rulesetTitle } from '../ranking/rulesetTitle';
import type { SitingResults } from '../ranking/useSitingResults';
import { ReportLadder } from './ReportLadder';
import { reportBankRows } from './reportBankRows';

/** The files the report's credit figures come from, named once. */
function listingFiles(candidates: readonly RankedCandidate[]): string[] {
  return [...new Set(candidates.flatMap((c) => (c.credits?.pools ?? []).map((pool) => pool.source)))];
}

/** How many ranked options fit on the page beside everything else. */
export const REPORT_ROWS = 7;
/** Bank rows kept when the applicant's own sites need the room (the first banking choices). */
const MIN_BANK_ROWS = 2;

/**
 * The rows of a ladder the page shows: the first `count`, with the selected option always among
 * them (in place of the last), so the site a planner chose is never the one left out.
 */
function shownRows(
  candidates: RankedCandidate[],
  count: number,
  selectedId: string | null,
): RankedCandidate[] {
  const first = candidates.slice(0, count);
  if (!selectedId || count === 0 || first.some((candidate) => candidate.id === selectedId)) return first;
  const selected = candidates.find((candidate) => candidate.id === selectedId);
  return selected ? [...first.slice(0, count - 1), selected] : first;
}

/** Whether a loaded listing gives any option its credit figures (a line of its own on the page). */
export function listingLoadedIn(result: RankResult | null): boolean {
  return result?.candidates.some((c) => c.credits?.loaded) ?? false;
}

export function ReportRankedOptions({
  results,
  selectedId,
}: {
  results: SitingResults;
  selectedId: string | null;
}) {
  const { result } = results;
  if (!result) return null;
  const ladders = rankingLadders(result);
  const projectSpecific = ladders.find((ladder) => ladder.key === 'project-specific');
  const bank = ladders.find((ladder) => ladder.key === 'bank');
  const cannotSell = ladders.find((ladder) => ladder.key === 'cannot-sell');
  // The page holds REPORT_ROWS rows: the applicant's own sites first (every one that fits, the
  // rest named below), banks the rest, at least MIN_BANK_ROWS of them when there are that many.
  // A loaded listing takes a line of its own and a second line in bank rows: one row fewer.
  const listingLoaded = listingLoadedIn(result);
  const rowsRoom = listingLoaded ? REPORT_ROWS - 1 : REPORT_ROWS;
  const siteCount = Math.min(
    projectSpecific?.candidates.length ?? 0,
    rowsRoom - Math.min(bank?.candidates.length ?? 0, MIN_BANK_ROWS),
  );
  const bankCount = Math.min(bank?.candidates.length ?? 0, rowsRoom - siteCount);
  const shownCount = bankCount + siteCount;
  const banksShown = reportBankRows(
    bank?.candidates ?? [],
    bankCount,
    result.requirement.replacementAcres ?? 0,
    selectedId,
  );
  const sitesShown = shownRows(projectSpecific?.candidates ?? [], siteCount, selectedId);
  const shownIds = new Set(sitesShown.map((candidate) => candidate.id));
  const sitesLeftOut = (projectSpecific?.candidates ?? []).filter((candidate) => !shownIds.has(candidate.id));
  return (
    <section aria-label="Ranked replacement options">
      <h2>Ranked replacement options</h2>
      <p>
        Showing {shownCount} of {breakdownText(candidateBreakdown(result.candidates, results.info), false)},{' '}
        {rulesetOf(result).ladders === 'one' ? (
          <>
            in one ladder for sites and banks (the bill strikes subd. 3(c)){' '}
            <Citation cite="103G.222 subd. 3(a)" />
          </>
        ) : (
          <>
            in two ladders side by side <Citation cite="103G.222 subd. 3(c)" />
          </>
        )}
        {cannotSell && (
          <>
            ; the banks that cannot sell credits are not ranked <Citation cite={cannotSell.cite} />
          </>
        )}
        . Rules applied: {rulesetTitle(result)}.
        {!listingLoaded && ' Bank credit figures: not loaded (confirm availability with BWSR).'}
      </p>
      <RulesetNotice result={result} />
      {listingLoaded && (
        <p>
          {/* Its first sentence: the rule's words in full took four lines the page does not have. */}
          Credit figures from {listingFiles(result.candidates).join(', ') || 'the loaded listings'} (STALE:
          over {STALE_AFTER_DAYS} days old). {CONFIRM_WITH_BWSR.text.split(':')[0]}.{' '}
          <Citation cite={CONFIRM_WITH_BWSR.cite} />
        </p>
      )}
      {[projectSpecific, bank].map((ladder) =>
        ladder ? (
          <ReportLadder
            key={ladder.key}
            title={ladder.title}
            candidates={ladder.key === 'bank' ? banksShown.rows : sitesShown}
            total={ladder.candidates.length}
            results={results}
            selectedId={selectedId}
          />
        ) : null,
      )}
      <ReportApplicationLine results={results} />
      {banksShown.coveringLeftOut > 0 && (
        <p>
          Not on this page: {banksShown.coveringLeftOut} more bank
          {banksShown.coveringLeftOut === 1 ? ' whose' : 's whose'} listed credits cover the replacement; the
          ranked CSV export lists them.
        </p>
      )}
      {sitesLeftOut.length > 0 && (
        <p>
          Not on this page: {sitesLeftOut.length} more of the proposed sites
          {sitesLeftOut.length <= 20
            ? ` (${sitesLeftOut.map((candidate) => results.info.get(candidate.id)?.name || candidate.id).join(', ')})`
            : ''}
          ; the ranked CSV export lists every site with its level and reasons.
        </p>
      )}
    </section>
  );
}
