/**
 * The plain-language view's answer for the place looked up: the minor watershed, the major
 * watershed and the bank service area it lies in, named in plain words (issue 24, item 9).
 */
import type { LookupLayer } from '../../geo/location';
import type { NamedUnit, PlaceUnits } from '../location/placeUnits';

function named<Id>(
  unit: NamedUnit<Id> | null,
  prefix: string,
  layer: LookupLayer,
  place: PlaceUnits,
): string {
  if (unit) return `${unit.name} (${prefix} ${unit.id})`;
  if (!place.unreadable?.includes(layer)) return 'not found in the map data';
  // As unreadableValue in location/unreadableText.ts (decided from the failed read, never from
  // navigator.onLine), not imported: see bsaExtent.ts.
  return place.hostUnreachable
    ? 'Not stored on this device, and the data host cannot be reached (offline?) — not known'
    : 'Could not be read from the data host — not known';
}

export function PlaceWaters({ place, placeName }: { place: PlaceUnits; placeName: string }) {
  return (
    <section className="explainer-place" aria-labelledby="explainer-place-heading">
      <h3 id="explainer-place-heading">Where {placeName} drains</h3>
      <ul>
        <li>
          Minor watershed: <strong>{named(place.minorWatershed, 'no.', 'minorWatersheds', place)}</strong> —
          the small stream area this place drains to. A replacement wetland here comes first.
        </li>
        <li>
          Major watershed: <strong>{named(place.majorWatershed, 'no.', 'majorWatersheds', place)}</strong> —
          the large river basin around it; the next choice.
        </li>
        <li>
          Bank service area: <strong>{named(place.bankServiceArea, 'BSA', 'bankServiceAreas', place)}</strong>{' '}
          — the group of major watersheds where wetland bank credits for a loss here are bought first.
        </li>
      </ul>
    </section>
  );
}
