/**
 * Ranked replacement options: the text alternative to the map, as two ladders side by side
 * (subd. 3(a), 3(c)) — project-specific replacement and bank credits, each with its own places —
 * and, apart, the banks that cannot sell credits. Every candidate with its level (label and
 * shape, not colour alone), eligibility, distance, bank status or credits, and the reason with
 * its citation; selecting a row highlights the site and shared units on the map.
 */

import { useState } from 'react';
import type { RankedCandidate, RankResult } from '../../siting';
import { Citation } from './Citation';
import { formatDistance } from './formatDistance';
import { markerOf } from './levelMarkers';
import { bankStatusText, type LadderView, ladderCounts, rankingLadders } from './rankingLadders';
import { rulesetTitle } from './rulesetTitle';

/** What the page knows about a candidate beyond what the engine ranks. */
export interface CandidateInfo {
  name: string;
  origin: 'bank layer' | 'your site';
  status: string | null;
  availableCredits: number | null;
}

const PAGE_SIZE = 50;
/** Banks that cannot sell are listed apart, briefly: they are not options. */
const APART_PAGE_SIZE = 10;

function eligibilityText(candidate: RankedCandidate): string {
  if (candidate.unlocated) return 'Unlocated';
  if (candidate.status === 'eligible') return 'Eligible';
  if (candidate.status === 'undetermined') return 'Undetermined';
  return 'Not eligible';
}

function statusText(info: CandidateInfo | undefined, candidate: RankedCandidate): string {
  const parts = [bankStatusText(info?.status ?? null, candidate)];
  if (info?.availableCredits != null) parts.push(`${info.availableCredits} credits`);
  else if (candidate.ladder === 'bank') parts.push('credits not in data');
  return parts.join(' · ');
}

/** Who replaces, said plainly, for road repair under subd. 1(m). */
const REPLACER_TEXT = {
  board: 'the Board of Water and Soil Resources',
  mndot: 'the Department of Transportation (MnDOT)',
  'board-or-mndot': 'the Board of Water and Soil Resources (MnDOT on state roads)',
} as const;

export interface RankingTableProps {
  result: RankResult;
  info: ReadonlyMap<string, CandidateInfo>;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}

function LadderTable({
  ladder,
  info,
  selectedId,
  onSelect,
}: { ladder: LadderView } & Omit<RankingTableProps, 'result'>) {
  const pageSize = ladder.key === 'cannot-sell' ? APART_PAGE_SIZE : PAGE_SIZE;
  const [shown, setShown] = useState(pageSize);
  const { candidates } = ladder;
  // The first page, plus — wherever they rank — the selected option and the user's own sites.
  const visible = candidates.filter(
    (candidate, index) =>
      index < shown || candidate.id === selectedId || info.get(candidate.id)?.origin === 'your site',
  );
  const headingId = `ladder-${ladder.key}`;
  return (
    <section className="ladder" aria-labelledby={headingId}>
      <h3 id={headingId}>{ladder.title}</h3>
      <p className="summary">
        {ladder.note} <Citation cite={ladder.cite} />{' '}
        {candidates.length === 0
          ? 'None.'
          : `${candidates.length} ${candidates.length === 1 ? 'candidate' : 'candidates'}: ${ladderCounts(candidates)}.`}
      </p>
      {candidates.length > 0 && (
        <div className="table-scroll">
          <table aria-label={ladder.title}>
            <thead>
              <tr>
                <th scope="col">{ladder.key === 'cannot-sell' ? 'No.' : 'Place'}</th>
                <th scope="col">Site</th>
                <th scope="col">Priority level</th>
                <th scope="col">Eligibility</th>
                <th scope="col">Distance</th>
                <th scope="col">Status and credits</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {visible.map((candidate) => {
                const place = candidate.ladderRank ?? candidates.indexOf(candidate) + 1;
                const marker = markerOf(candidate);
                const details = info.get(candidate.id);
                const selected = candidate.id === selectedId;
                const [first, ...rest] = candidate.reasons;
                return (
                  <tr
                    key={candidate.id}
                    className={selected ? 'selected' : undefined}
                    data-candidate-id={candidate.id}
                  >
                    <td>{place}</td>
                    <th scope="row">
                      <button
                        type="button"
                        className="link-button"
                        aria-pressed={selected}
                        onClick={() => onSelect(selected ? null : candidate.id)}
                      >
                        {details?.name || candidate.id}
                      </button>
                      <span className="kind">
                        {candidate.kind === 'bank' ? 'Bank credits' : 'Project-specific'}
                        {candidate.kindMatch === 'in-kind' ? ' · in-kind' : ''}
                      </span>
                    </th>
                    <td>
                      <span
                        className="level-marker"
                        style={{ color: marker.colour === '#ffffff' ? '#333' : marker.colour }}
                        aria-hidden="true"
                      >
                        {marker.shape}
                      </span>{' '}
                      {marker.label}
                    </td>
                    <td>{eligibilityText(candidate)}</td>
                    <td>{formatDistance(candidate.distanceKm)}</td>
                    <td>{statusText(details, candidate)}</td>
                    <td>
                      {first ? (
                        <>
                          {first.text} <Citation cite={first.cite} />
                        </>
                      ) : (
                        '—'
                      )}
                      {rest.length > 0 && (
                        <details>
                          <summary>{rest.length} more</summary>
                          <ul className="reasons">
                            {rest.map((reason) => (
                              <li key={`${reason.cite}:${reason.text}`}>
                                {reason.text} <Citation cite={reason.cite} />
                              </li>
                            ))}
                            {candidate.ratio.rows.map((row) => (
                              <li key={row.id}>
                                {row.text} <Citation cite={row.cite} />
                              </li>
                            ))}
                          </ul>
                        </details>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {shown < candidates.length && (
        <button type="button" onClick={() => setShown((value) => value + pageSize)}>
          Show {Math.min(pageSize, candidates.length - shown)} more of {candidates.length - shown} remaining
          {ladder.key === 'cannot-sell' ? ' banks that cannot sell' : ''}
        </button>
      )}
    </section>
  );
}

export function RankingTable({ result, info, selectedId, onSelect }: RankingTableProps) {
  const ladders = rankingLadders(result);
  const { requirement } = result;
  const replacer = requirement.replacedBy === 'applicant' ? null : REPLACER_TEXT[requirement.replacedBy];
  return (
    <section className="card" aria-labelledby="ranking-heading">
      <h2 id="ranking-heading">{replacer ? 'Siting of the replacement' : 'Ranked replacement options'}</h2>
      {replacer && (
        <p className="summary">
          <strong>
            The road authority needs no replacement plan and buys nothing: {replacer} replaces the wetlands.
          </strong>{' '}
          The options below are where that replacement could be sited. <Citation cite="103G.222 subd. 1(m)" />
        </p>
      )}
      <p className="summary">
        {result.candidates.length} candidates: {ladderCounts(result.candidates)}. Within a level, in-kind
        sites come first, then the nearest. Rules applied: {rulesetTitle(result)}.
      </p>
      {ladders.map((ladder) => (
        <LadderTable
          key={ladder.key}
          ladder={ladder}
          info={info}
          selectedId={selectedId}
          onSelect={onSelect}
        />
      ))}
    </section>
  );
}
