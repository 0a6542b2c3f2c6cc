/**
 * In place of the ranking when the units it needs got no answer from the data host (offline and
 * not stored on this device): says why nothing is ranked, instead of ranking the place as if it
 * lay in no unit.
 */
import { notRankedText, type Unread } from '../location/unreadableText';

export function NotRanked({ unread }: { unread: Unread }) {
  return (
    <section className="card" aria-labelledby="not-ranked-heading">
      <h2 id="not-ranked-heading">Ranked replacement options</h2>
      <p className="note unreadable-note">{notRankedText('unreachable', unread)}</p>
    </section>
  );
}
