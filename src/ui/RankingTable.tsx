/**
 * Ranked replacement options: the text alternative to the map. Every candidate with its
 * level (label and shape, not colour alone), eligibility, distance, status or credits, and
 * the reason with its citation; selecting a row highlights the site and shared units on the map.
 */
import { useState } from 'react';
import type { RankedCandidate, RankResult } from '../siting';
import { Citation } from './Citation';
import { markerOf } from './levelMarkers';

/** What the page knows about a candidate beyond what the engine ranks. */
export interface CandidateInfo {
  name: string;
  origin: 'bank layer' | 'your site';
  status: string | null;
  availableCredits: number | null;
}

const PAGE_SIZE = 50;

function eligibilityText(candidate: RankedCandidate): string {
  if (candidate.unlocated) return 'Unlocated';
  if (candidate.status === 'eligible') return 'Eligible';
  if (candidate.status === 'undetermined') return 'Undetermined';
  return 'Not eligible';
}

function statusText(info: CandidateInfo | undefined): string {
  if (!info) return '—';
  const parts = [info.status ?? (info.origin === 'your site' ? 'Proposed' : 'Status unknown')];
  if (info.availableCredits !== null) parts.push(`${info.availableCredits} credits`);
  else if (info.origin === 'bank layer') parts.push('credits not in data');
  return parts.join(' · ');
}

export interface RankingTableProps {
  result: RankResult;
  info: ReadonlyMap<string, CandidateInfo>;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}

export function RankingTable({ result, info, selectedId, onSelect }: RankingTableProps) {
  const [shown, setShown] = useState(PAGE_SIZE);
  const candidates = result.candidates;
  const counts = { eligible: 0, undetermined: 0, ineligible: 0 };
  for (const candidate of candidates) counts[candidate.status]++;
  // The first page, plus — wherever they rank — the selected option and the user's own sites.
  const visible = candidates.filter(
    (candidate, index) =>
      index < shown || candidate.id === selectedId || info.get(candidate.id)?.origin === 'your site',
  );

  const rankOf = new Map(candidates.map((candidate, index) => [candidate.id, index + 1]));
  return (
    <section className="card" aria-labelledby="ranking-heading">
      <h2 id="ranking-heading">Ranked replacement options</h2>
      <p className="summary">
        {candidates.length} candidates: {counts.eligible} eligible, {counts.undetermined} undetermined,{' '}
        {counts.ineligible} not eligible. Rule set: {result.ruleset}.
      </p>
      <div className="table-scroll">
        <table aria-label="Ranked replacement options">
          <thead>
            <tr>
              <th scope="col">Rank</th>
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
              const rank = rankOf.get(candidate.id) ?? 0;
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
                  <td>{rank}</td>
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
                  <td>
                    {candidate.distanceKm === null
                      ? '—'
                      : `${candidate.distanceKm.toLocaleString('en-US')} km`}
                  </td>
                  <td>{statusText(details)}</td>
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
      {shown < candidates.length && (
        <button type="button" onClick={() => setShown((value) => value + PAGE_SIZE)}>
          Show {Math.min(PAGE_SIZE, candidates.length - shown)} more of {candidates.length - shown} remaining
        </button>
      )}
    </section>
  );
}
