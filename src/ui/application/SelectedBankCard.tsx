/**
 * The selected bank's card over the map (issue 37): its name, status and the credits its
 * WCA-usable pools list, with "Prepare withdrawal application" (or why not). Shown while a bank
 * is selected in the ranking; Close clears the selection.
 */
import type { RankResult } from '../../siting';
import { roundAcres } from '../../siting/roundForDisplay';
import { useSitingStore } from '../../store/sitingStore';
import type { CandidateInfo } from '../ranking/candidateInfo';
import { ApplicationAction } from './ApplicationAction';

const figure = (n: number) => String(roundAcres(n));

export function SelectedBankCard({
  result,
  info,
  selectedId,
}: {
  result: RankResult | null;
  info: ReadonlyMap<string, CandidateInfo>;
  selectedId: string | null;
}) {
  const candidate = selectedId ? result?.candidates.find((c) => c.id === selectedId) : undefined;
  if (candidate?.kind !== 'bank') return null;
  const details = info.get(candidate.id);
  const name = details?.name || candidate.id;
  const credits = candidate.credits;
  return (
    <aside className="bank-card" aria-label="Selected bank">
      <h2>{name}</h2>
      <p className="bank-card-line">
        Status {details?.status ?? 'not known'}
        {candidate.ladderRank !== null ? ` · place ${candidate.ladderRank} of the bank credits` : ''}
      </p>
      <p className="bank-card-line">
        {!credits?.loaded
          ? 'Credits not loaded.'
          : credits.largestAcres === null
            ? 'No credit that can serve a WCA plan is listed in acres.'
            : `Lists ${figure(credits.largestAcres)} acres that can serve a WCA plan.`}
      </p>
      <ApplicationAction candidate={candidate} bankStatus={details?.status ?? null} name={name} />{' '}
      <button type="button" onClick={() => useSitingStore.getState().selectCandidate(null)}>
        Close the card
      </button>
    </aside>
  );
}
