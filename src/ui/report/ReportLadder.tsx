/** One ladder's rows on the report: place, site, level, eligibility, distance, status and one reason. */
import type { RankedCandidate } from '../../siting';
import { poolFigureText } from '../credits/creditStatusText';
import { Citation } from '../ranking/Citation';
import { formatDistance } from '../ranking/formatDistance';
import { markerOf } from '../ranking/levelMarkers';
import type { SitingResults } from '../ranking/useSitingResults';

/**
 * A bank's credits in its report row, short (the page has no room for the table's wording): the
 * largest pool's figure, approval and as-of date; the listings' files are named once above.
 */
function reportCreditText(candidate: RankedCandidate): string | null {
  const credits = candidate.credits;
  if (!credits?.loaded) return null;
  const [first] = credits.pools;
  if (!first) return 'not listed';
  const more = credits.pools.length > 1 ? ` (+${credits.pools.length - 1})` : '';
  return `${poolFigureText(first)}${more}, as of ${first.asOf ?? 'no date'}${first.stale ? ' STALE' : ''}`;
}

/**
 * The one reason a report row has room for: why it stands at its level (subd. 3(a)(1)-(4), or
 * statewide under 3(b)) for an option that may serve; what excludes it otherwise.
 */
function reportReason(candidate: RankedCandidate) {
  if (candidate.status !== 'ineligible') {
    const level = candidate.reasons.find(
      (reason) =>
        /^103G\.222 subd\. 3\(a\)\(\d\)$/.test(reason.cite) ||
        (candidate.basis === 'statewide-3b' && reason.cite === '103G.222 subd. 3(b)'),
    );
    if (level) return level;
  }
  return candidate.reasons[0];
}

export function ReportLadder({
  title,
  candidates,
  total,
  results,
  selectedId,
}: {
  title: string;
  candidates: RankedCandidate[];
  total: number;
  results: SitingResults;
  selectedId: string | null;
}) {
  return (
    <>
      <h3>
        {title}: {candidates.length} of {total}
      </h3>
      {candidates.length > 0 && (
        <table aria-label={title}>
          <thead>
            <tr>
              <th scope="col">Place</th>
              <th scope="col">Site</th>
              <th scope="col">Level</th>
              <th scope="col">Eligibility</th>
              <th scope="col">Distance</th>
              <th scope="col">Status</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {candidates.map((candidate) => {
              const first = reportReason(candidate);
              const marker = markerOf(candidate);
              return (
                <tr key={candidate.id} data-candidate-id={candidate.id}>
                  <td>
                    {candidate.ladderRank ?? '—'}
                    {candidate.id === selectedId ? ' (selected)' : ''}
                  </td>
                  <td>{results.info.get(candidate.id)?.name || candidate.id}</td>
                  <td>
                    {marker.shape} {marker.label.split(' · ')[0]}
                  </td>
                  <td>
                    {candidate.status === 'ineligible'
                      ? 'Not eligible'
                      : candidate.status === 'eligible'
                        ? 'Eligible'
                        : 'Undetermined'}
                  </td>
                  <td>{formatDistance(candidate.distanceKm)}</td>
                  <td>
                    {candidate.ladder === 'bank'
                      ? `${results.info.get(candidate.id)?.status ?? '?'}${candidate.availability === 'pending' ? ' ⚑' : ''}${candidate.credits?.loaded ? ` · ${reportCreditText(candidate)}` : ''}`
                      : 'Proposed'}
                  </td>
                  <td>
                    {first ? (
                      <>
                        {first.text} <Citation cite={first.cite} />
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}
