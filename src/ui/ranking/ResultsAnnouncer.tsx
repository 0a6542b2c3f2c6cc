/**
 * A polite live region that tells screen-reader users what changed when results change:
 * the impact's units and the best-ranked option.
 */
import { notRankedText } from '../location/unreadableText';
import { markerOf } from './levelMarkers';
import type { SitingResults } from './useSitingResults';

export function ResultsAnnouncer({ results }: { results: SitingResults }) {
  const { location, result, info } = results;
  let text = '';
  if (results.unread) {
    text = notRankedText('unreachable', results.unread);
  } else if (location.status === 'ready' && !location.units.inMinnesota) {
    text = 'The chosen place is outside Minnesota; the Act does not apply there.';
  } else if (location.status === 'ready' && result) {
    const minor = location.units.minorWatershed;
    const best = result.candidates[0];
    const bestText = best
      ? `Best option: ${info.get(best.id)?.name ?? best.id}, ${markerOf(best).label}.`
      : 'No candidates.';
    text = `Impact in ${minor ? `minor watershed ${minor.id}` : 'an unknown minor watershed'}, ${
      location.units.county ? `${location.units.county.name} County` : 'unknown county'
    }. ${result.candidates.length} options ranked. ${bestText}`;
  }
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}
