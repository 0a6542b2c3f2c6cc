/**
 * One ranked option as a table row: place, site (the selection button), level (label and
 * shape, not colour alone), eligibility, distance, status and credits, and the reason with its
 * citation. Built from the full candidate, so only drawn rows pay for reason texts.
 */
import type { Ref } from 'react';
import type { RankedCandidate } from '../../siting';
import { ApplicationAction } from '../application/ApplicationAction';
import { creditPlainText } from '../credits/creditPlainText';
import { creditStatusText } from '../credits/creditStatusText';
import { Citation } from './Citation';
import type { CandidateInfo } from './candidateInfo';
import { formatDistance } from './formatDistance';
import { markerOf } from './levelMarkers';
import { bankStatusText } from './rankingLadders';

function eligibilityText(candidate: RankedCandidate): string {
  if (candidate.unlocated) return 'Unlocated';
  if (candidate.status === 'eligible') return 'Eligible';
  if (candidate.status === 'undetermined') return 'Undetermined';
  return 'Not eligible';
}

function statusText(info: CandidateInfo | undefined, candidate: RankedCandidate, plain: boolean): string {
  const parts = [bankStatusText(info?.status ?? null, candidate)];
  const credits = plain ? creditPlainText(candidate) : creditStatusText(candidate);
  if (credits !== null) parts.push(credits);
  return parts.join(' · ');
}

export interface LadderRowProps {
  candidate: RankedCandidate;
  /** Its place in its ladder; null for an ineligible candidate, which has none. */
  place: number | null;
  /** Position among the rows shown (0-based), for the virtualiser and keyboard focus. */
  position: number;
  /** aria-rowindex: 1 is the header row. */
  rowIndex: number;
  details: CandidateInfo | undefined;
  selected: boolean;
  /** Whether the row's button is the one in the tab order (roving focus). */
  focusable: boolean;
  onSelect: (id: string | null) => void;
  onFocusRow: (position: number) => void;
  rowRef?: Ref<HTMLTableRowElement>;
  /** On a phone the row is drawn as a card (app.css): its credits in sentences, each cell labelled. */
  plain?: boolean;
}

export function LadderRow({
  candidate,
  place,
  position,
  rowIndex,
  details,
  selected,
  focusable,
  onSelect,
  onFocusRow,
  rowRef,
  plain = false,
}: LadderRowProps) {
  const marker = markerOf(candidate);
  const [first, ...rest] = candidate.reasons;
  return (
    <tr
      ref={rowRef}
      className={selected ? 'selected' : undefined}
      data-candidate-id={candidate.id}
      data-index={position}
      aria-rowindex={rowIndex}
    >
      <td data-label="Place">{place ?? <span title="Not eligible: no place in the ladder">—</span>}</td>
      <th scope="row">
        <button
          type="button"
          className="link-button"
          aria-pressed={selected}
          tabIndex={focusable ? 0 : -1}
          onFocus={() => onFocusRow(position)}
          onClick={() => onSelect(selected ? null : candidate.id)}
        >
          {details?.name || candidate.id}
        </button>
        <span className="kind">
          {candidate.kind === 'bank' ? 'Bank credits' : 'Project-specific'}
          {candidate.kindMatch === 'in-kind' ? ' · in-kind' : ''}
        </span>
        <ApplicationAction
          candidate={candidate}
          bankStatus={details?.status ?? null}
          name={details?.name || candidate.id}
        />
      </th>
      <td data-label="Priority level">
        <span
          className="level-marker"
          style={{ color: marker.colour === '#ffffff' ? '#333' : marker.colour }}
          aria-hidden="true"
        >
          {marker.shape}
        </span>{' '}
        {marker.label}
      </td>
      <td data-label="Eligibility">{eligibilityText(candidate)}</td>
      <td data-label="Distance">{formatDistance(candidate.distanceKm)}</td>
      <td data-label="Status and credits">{statusText(details, candidate, plain)}</td>
      <td data-label="Reason">
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
}
