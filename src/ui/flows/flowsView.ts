/**
 * What the page shows of losses and replacements (issue 34, item 4), and the map's two overlays
 * drawn from it: the majors coloured by the share of the credits withdrawn for their impacts that
 * came from banks in the same major, and a line from each impact's major to each selling bank,
 * its width by credits. One jurisdiction at a time: jurisdictions are never added together.
 */
import type { Feature, FeatureCollection } from 'geojson';
import type { FlowGeographyFile } from '../../formats/ledgers/flowGeographyFile';
import { shareReplacedHere } from '../../siting/flowWords';

export { FLOW_LINE_COLOUR, NO_WITHDRAWAL_COLOUR, SHARE_STEPS } from '../../map/palette';

import type { FlowReport, FlowRow } from '../../siting/ledgerFlows';

export interface FlowsView {
  geography: FlowGeographyFile;
  byMajor: FlowReport;
  byBsa: FlowReport;
  /** Each ledger read, in words with its date ("RIBITS ledger export x.csv, file dated 2026-11-30, loaded on this page"). */
  sources: string[];
  /** The latest date among the sources (ISO day). */
  asOf: string | null;
  /** The jurisdictions as written, most credits first. */
  jurisdictions: string[];
  /** What was not counted, in short sentences (rows of banks not in the build, withdrawals without a HUC, …). */
  notices: string[];
}

export type FlowsAnswer =
  | { kind: 'ready'; view: FlowsView }
  | { kind: 'none'; why: string }
  | { kind: 'error'; message: string };

/** The jurisdiction the map shows: the one asked for when the ledgers have it, else the one with the most credits. */
export function shownJurisdiction(view: FlowsView, asked: string | null): string | null {
  return asked !== null && view.jurisdictions.includes(asked) ? asked : (view.jurisdictions[0] ?? null);
}

/** A major's rows (one per jurisdiction), the jurisdiction with the most credits statewide first. */
export function majorRows(view: FlowsView, major: number | null | undefined): FlowRow[] {
  if (major == null) return [];
  const order = (row: FlowRow) => view.jurisdictions.indexOf(row.jurisdiction);
  return view.byMajor.rows.filter((row) => row.unit === major).sort((a, b) => order(a) - order(b));
}

/** The BSA a major lies in, named as the page names BSAs. */
export function bsaNameOfMajor(view: FlowsView, major: number): string | null {
  const bsa = view.geography.majors.find((m) => m.id === major)?.bankServiceArea ?? null;
  if (bsa === null) return null;
  const name = view.geography.bankServiceAreas.find((a) => a.id === bsa)?.name;
  return name ? `BSA ${bsa} (${name})` : `BSA ${bsa}`;
}

/**
 * The majors of the loaded layer with their share for `jurisdiction` (a property `share`, -1 for
 * no withdrawal for impacts in it): the features keep the layer's own geometry (no copy).
 */
export function flowMajorsOverlay(
  majors: readonly Feature[] | undefined,
  view: FlowsView,
  jurisdiction: string | null,
): FeatureCollection {
  const share = new Map<number, number | null>();
  for (const row of view.byMajor.rows)
    if (row.jurisdiction === jurisdiction) share.set(row.unit, shareReplacedHere(row));
  return {
    type: 'FeatureCollection',
    features: (majors ?? []).map((f) => ({
      type: 'Feature',
      id: f.properties?.id as number,
      geometry: f.geometry,
      properties: { id: f.properties?.id, share: share.get(Number(f.properties?.id)) ?? -1 },
    })),
  };
}

/** A line from each impact's major to each bank it bought from, for `jurisdiction`; `credits` sets the width. */
export function flowLinesOverlay(view: FlowsView, jurisdiction: string | null): FeatureCollection {
  const majorAt = new Map(view.geography.majors.map((m) => [m.id, m.at]));
  const features: Feature[] = [];
  for (const line of view.byMajor.lines) {
    if (line.jurisdiction !== jurisdiction) continue;
    const from = majorAt.get(line.impactUnit);
    const to = view.geography.banks[line.siteId]?.at;
    if (!from || !to) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: [from, to] },
      properties: {
        credits: line.credits,
        sameMajor: line.impactUnit === line.bankUnit,
        siteId: line.siteId,
      },
    });
  }
  return { type: 'FeatureCollection', features };
}
