/**
 * What the page says in place of a unit whose layer could not be read at this place (src/geo
 * Location.unreadable): never "Not found", which would read as a fact about the place.
 */
import type { LookupLayer } from '../../geo/location';

/** Whether the browser says it is online now (outside a browser: assumed online). */
export function browserOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}

/** The value shown for a unit that could not be read. */
export function unreadableValue(online: boolean): string {
  return online
    ? 'Could not be read from the data host — not known'
    : 'Not stored on this device — offline, not known';
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
export function notRankedText(online: boolean, what: Unread = 'impact'): string {
  const whose = what === 'impact' ? 'the units of this place' : 'the units of some of your proposed sites';
  return online
    ? `Not ranked: ${whose} could not be read from the data host, so the priority levels are not known. Reload the page to try again.`
    : `Not ranked: this device is offline and ${whose} are not stored on it, so the priority levels are not known. Places looked up on this device before work offline; reconnect to rank this one (the units are read again as soon as the network returns).`;
}

/** The card's note under units that could not be read. */
export function unreadNoteText(online: boolean): string {
  return online
    ? 'The units marked “could not be read” are not known: the data host did not answer, so the ranking gives the levels they leave possible. Reload the page to try again.'
    : 'This device is offline and the units marked “not stored on this device” were never read here: they are not known, so nothing is ranked. They are read as soon as the network returns.';
}
