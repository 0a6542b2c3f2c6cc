/**
 * Which layer each answer came from, for exports: title, source (an imported file and its
 * layer, or the built source), date, and whether it is official or a demonstration stand-in —
 * read from the manifest the page uses, the same place the card and report read it.
 */
import type { LayerName, Manifest } from '../formats/manifest';

export interface LayerSourceRecord {
  layer: LayerName;
  title: string;
  source: string;
  asOf: string;
  official: boolean;
  demonstration: boolean;
}

const ANSWERING: readonly LayerName[] = [
  'counties',
  'minorWatersheds',
  'majorWatersheds',
  'bankServiceAreas',
  'sites',
  'plss',
];

export function layerSources(manifest: Manifest | null): LayerSourceRecord[] {
  const records: LayerSourceRecord[] = [];
  for (const layer of ANSWERING) {
    const entry = manifest?.layers[layer];
    if (!entry) continue;
    const { title, source, asOf, official, demonstration } = entry;
    records.push({ layer, title, source, asOf, official, demonstration });
  }
  return records;
}
