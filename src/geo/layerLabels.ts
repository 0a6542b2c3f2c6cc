/**
 * How a layer's title reads on the page. A built title is "Name — qualifier" (e.g. "— demonstration
 * geography — not official"); an imported layer's is "Name — file › layer, file dated …"
 * (officialLayerEntry.ts). Pure.
 */
import type { UnitSource } from './location.ts';

/** The layer's name alone, e.g. "Minor watersheds (DNR Level 07)". */
export function layerShortTitle(title: string): string {
  return title.split(' — ')[0] ?? title;
}

/**
 * What the location card names as a unit's source: the layer's name, and for an official layer
 * also where it came from (an imported file and its date). Demonstration layers get their label
 * from the card itself, so only the name is returned for them.
 */
export function unitSourceLabel(source: Pick<UnitSource, 'title' | 'demonstration'>): string {
  const [name = source.title, ...detail] = source.title.split(' — ');
  if (source.demonstration || detail.length === 0) return name;
  return `${name}: ${detail.join(' — ')}`;
}
