/**
 * What the page says in place of a unit whose layer could not be read at this place (src/geo
 * Location.unreadable): never "Not found", which would read as a fact about the place.
 *
 * The wording is decided from the failed read itself (Location.hostUnreachable: the request got no
 * answer at all), never from `navigator.onLine`: after an offline reload from the offline copy,
 * Chromium 150 reads `onLine` as true, and a hearing room's Wi-Fi without internet, or a data host
 * that is down, reads true too.
 */
import type { LookupLayer } from '../../geo/location';

/** Why the units could not be read: no answer from the data host at all, or an error it sent. */
export type UnreadCause = 'unreachable' | 'host-error';

/** The cause of a place's unreadable units (what its failed reads got). */
export function unreadCauseOf(place: { hostUnreachable?: true } | null | undefined): UnreadCause {
  return place?.hostUnreachable ? 'unreachable' : 'host-error';
}

/** The value shown for a unit that could not be read. */
export function unreadableValue(cause: UnreadCause): string {
  return cause === 'host-error'
    ? 'Could not be read from the data host — not known'
    : 'Not stored on this device, and the data host cannot be reached (offline?) — not known';
}

/** The unit layers of the impact the priority order and the card read (the state outline aside). */
export const UNIT_LAYERS: readonly LookupLayer[] = [
  'counties',
  'majorWatersheds',
  'minorWatersheds',
  'bankServiceAreas',
];

/** The impact's unit layers that could not be read, or none. */
export function unreadableUnits(unreadable: readonly LookupLayer[] | undefined): LookupLayer[] {
  return (unreadable ?? []).filter((layer) => UNIT_LAYERS.includes(layer) || layer === 'state');
}

/** What could not be read: the impact's units, or those of some of the user's proposed sites. */
export type Unread = 'impact' | 'sites';

/** Why the ranking waits, in one sentence, for the card, the results and the screen reader. */
export function notRankedText(cause: UnreadCause, what: Unread = 'impact'): string {
  const whose = what === 'impact' ? 'the units of this place' : 'the units of some of your proposed sites';
  return cause === 'host-error'
    ? `Not ranked: ${whose} could not be read from the data host, so the priority levels are not known. Reload the page to try again.`
    : `Not ranked: ${whose} are not stored on this device, and the data host cannot be reached (offline?), so the priority levels are not known. Places looked up on this device before work offline; reconnect to rank this one (the units are read again when the network returns, or on reload).`;
}

/** The card's note under units that could not be read. */
export function unreadNoteText(cause: UnreadCause): string {
  return cause === 'host-error'
    ? 'The units marked “could not be read” are not known: the data host answered with an error for them, so the ranking gives the levels they leave possible. Reload the page to try again.'
    : 'Offline: this place is not stored on this device, and the data host cannot be reached, so the units marked “not stored on this device” are not known and nothing is ranked. They are read again when the network returns, or on reload.';
}
