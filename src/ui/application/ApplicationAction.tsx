/**
 * "Prepare withdrawal application" for a bank that can sell for the plan, or why it cannot, in a
 * few words (issue 37): on each bank row and on the selected bank's card over the map.
 */
import { rowApplicationRefusal } from '../../siting/rowApplicationRefusal';
import type { RankedCandidate } from '../../siting/types';
import { useApplicationOpen } from './applicationOpen';

export function ApplicationAction({
  candidate,
  bankStatus,
  name,
}: {
  candidate: RankedCandidate;
  bankStatus: string | null;
  name: string;
}) {
  const refusal = rowApplicationRefusal(candidate, bankStatus);
  if (refusal === undefined) return null;
  if (refusal !== null)
    return <span className="application-refusal">No withdrawal application: {refusal}</span>;
  return (
    <button
      type="button"
      className="application-action"
      aria-label={`Prepare withdrawal application for ${name}`}
      onClick={() => useApplicationOpen.getState().open(candidate.id)}
    >
      Prepare withdrawal application
    </button>
  );
}
