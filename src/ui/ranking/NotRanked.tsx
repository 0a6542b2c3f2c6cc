/**
 * In place of the ranking when the units it needs could not be read (offline and not stored on
 * this device, a host down): says why nothing is ranked, instead of ranking the place as if it
 * lay in no unit.
 */
import { notRankedText, type Unread } from '../location/unreadableText';
import { useOnline } from '../useOnline';

export function NotRanked({ unread }: { unread: Unread }) {
  const online = useOnline();
  return (
    <section className="card" aria-labelledby="not-ranked-heading">
      <h2 id="not-ranked-heading">Ranked replacement options</h2>
      <p className="note unreadable-note">{notRankedText(online, unread)}</p>
    </section>
  );
}
