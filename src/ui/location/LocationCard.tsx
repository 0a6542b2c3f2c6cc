/**
 * The impact's units — minor watershed, major watershed, bank service area, county, area
 * class — each with its source, copyable as text in the order a replacement-plan application
 * asks for them. Outside Minnesota it says plainly that the Act does not apply.
 */

import { useState } from 'react';
import type { LookupLayer } from '../../geo/location';
import { plssLabel } from '../../geo/plss';
import { AREA_CLASS_LABELS } from '../../map/palette';
import { countyLabel, type ResolvedUnits } from '../../siting';
import type { NamedUnit, PlaceUnits } from './placeUnits';
import { PLSS_HOW_TO_LOAD, type PlssState } from './plssAt';
import { type UnitRow, UnitRows } from './UnitRows';
import {
  notRankedText,
  unreadableUnits,
  unreadableValue,
  unreadCauseOf,
  unreadNoteText,
} from './unreadableText';

export type LocationState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; units: PlaceUnits };

type Row = UnitRow;

/** A unit's value: its id and name; when absent, "Not found" only if its layer was read here. */
function unitText<Id>(unit: NamedUnit<Id> | null, prefix: string, unread: string | null): string {
  return unit ? `${prefix} ${unit.id} — ${unit.name}` : (unread ?? 'Not found');
}

/** The PLSS row: township, range, section, meridian and the approximate quarter. */
function plssRow(plss: PlssState): Row {
  const label = 'Township, range, section (PLSS)';
  switch (plss.status) {
    case 'absent':
      return { label, value: `PLSS layer not loaded. ${PLSS_HOW_TO_LOAD}`, source: '' };
    case 'loading':
      return { label, value: 'Loading the PLSS layer…', source: '' };
    case 'error':
      return { label, value: `The PLSS layer could not be read: ${plss.message}`, source: '' };
    case 'ready':
      return {
        label,
        value: plss.section
          ? `${plssLabel(plss.section)}${plss.quarter ? `, ${plss.quarter}¼ (approximately: by the section’s midlines)` : ''}${plss.onBoundary ? ', on a section line' : ''}`
          : 'Not in any section of the PLSS layer',
        source: plss.source,
      };
  }
}

/** Rows in the order a replacement-plan application lists them. */
export function locationRows(
  units: PlaceUnits,
  location: [number, number],
  resolved: ResolvedUnits | null = null,
  plss: PlssState | null = null,
): Row[] {
  const cause = unreadCauseOf(units);
  const unread = (layer: LookupLayer) => (units.unreadable?.includes(layer) ? unreadableValue(cause) : null);
  const line = resolved?.areaClassSource === 'county-line' ? (resolved.countyLine ?? null) : null;
  // On a county line with a greater-than-80-percent area on one side, no side is shown as the class.
  const areaClass = line ? null : (resolved?.areaClass ?? units.areaClass);
  const areaClassSource =
    resolved?.areaClassSource === 'major-watershed-override' ||
    resolved?.areaClassSource === 'county-override'
      ? 'Reclassified under Minn. Stat. 103G.222 subd. 1(o)'
      : units.areaClassSource;
  const sourceOf = (unit: NamedUnit<unknown> | null) =>
    unit ? `${unit.source}${unit.demonstration ? ' (demonstration — not official)' : ''}` : '';
  return [
    {
      label: 'Location',
      value: `${location[1].toFixed(5)}, ${location[0].toFixed(5)} (latitude, longitude, WGS84)`,
      source: '',
    },
    {
      label: 'County',
      value: line
        ? `On the line between ${line.map((side) => countyLabel(side.county)).join(' and ')}`
        : units.county
          ? `${units.county.name} County (${units.county.id})`
          : (unread('counties') ?? 'Not found'),
      source: sourceOf(units.county),
    },
    {
      label: 'Minor watershed',
      value: unitText(units.minorWatershed, 'No.', unread('minorWatersheds')),
      source: sourceOf(units.minorWatershed),
    },
    {
      label: 'Major watershed',
      value: unitText(units.majorWatershed, 'No.', unread('majorWatersheds')),
      source: sourceOf(units.majorWatershed),
    },
    {
      label: 'Bank service area',
      value: unitText(units.bankServiceArea, 'BSA', unread('bankServiceAreas')),
      source: sourceOf(units.bankServiceArea),
    },
    {
      label: 'Wetland area class',
      // Read from the county: not known (rather than "Unknown" in the data) when it was not read.
      value: line
        ? `Depends on the side: ${line.map((side) => `${countyLabel(side.county)} ${side.areaClass ? AREA_CLASS_LABELS[side.areaClass].toLowerCase() : 'unknown'}`).join('; ')}`
        : areaClass
          ? AREA_CLASS_LABELS[areaClass]
          : (unread('counties') ?? 'Unknown'),
      source: line ? 'Minn. R. 8420.0117 subp. 1 (county classes)' : (areaClassSource ?? ''),
    },
    ...(plss ? [plssRow(plss)] : []),
  ];
}

export function locationText(
  units: PlaceUnits,
  location: [number, number],
  demonstration: boolean,
  resolved: ResolvedUnits | null = null,
  plss: PlssState | null = null,
): string {
  const lines = locationRows(units, location, resolved, plss).map(
    (row) => `${row.label}: ${row.value}${row.source ? ` [${row.source}]` : ''}`,
  );
  if (demonstration) lines.push('Demonstration geography — not official.');
  return lines.join('\n');
}

export function LocationCard({
  location,
  state,
  demonstration,
  areaClass,
  plss = null,
  footer,
}: {
  location: [number, number] | null;
  state: LocationState;
  demonstration: boolean;
  /** The engine's resolved units of the impact, for the area class after overrides. */
  areaClass: ResolvedUnits | null;
  /** The PLSS section of the impact (or why it is not known). */
  plss?: PlssState | null;
  /** Shown at the foot of the card, e.g. a link to the plain-language explainer. */
  footer?: React.ReactNode;
}) {
  const [copied, setCopied] = useState<'idle' | 'done' | 'failed'>('idle');
  let body: React.ReactNode;
  if (!location || state.status === 'none') {
    body = <p>Click the map, search for a place, or type coordinates to choose the impact location.</p>;
  } else if (state.status === 'loading') {
    body = <p role="status">Looking up the units of this place…</p>;
  } else if (state.status === 'error') {
    body = <p role="alert">The units could not be looked up: {state.message}</p>;
  } else if (!state.units.inMinnesota && state.units.unreadable?.includes('state')) {
    // Neither the state outline nor a county could be read here: whether the Act applies is not known.
    body = (
      <p role="alert">
        Whether this place ({location[1].toFixed(4)}, {location[0].toFixed(4)}) is in Minnesota is not known:{' '}
        {unreadableValue(unreadCauseOf(state.units)).toLowerCase()}.{' '}
        {notRankedText(unreadCauseOf(state.units))}
      </p>
    );
  } else if (!state.units.inMinnesota) {
    body = (
      <p>
        <strong>This place is outside Minnesota</strong> ({location[1].toFixed(4)}, {location[0].toFixed(4)}).
        The Wetland Conservation Act, Minn. Stat. 103G.222, does not apply here.
      </p>
    );
  } else {
    const rows = locationRows(state.units, location, areaClass, plss);
    const text = locationText(state.units, location, demonstration, areaClass, plss);
    const unread = unreadableUnits(state.units.unreadable).length > 0;
    body = (
      <>
        <UnitRows rows={rows} className="units" />
        {unread && (
          <p className="note unreadable-note" role="alert">
            {unreadNoteText(unreadCauseOf(state.units))}
          </p>
        )}
        {state.units.onBoundary.length > 0 && (
          <p className="note">
            On a boundary of: {state.units.onBoundary.join(', ')}. One side is shown, chosen by a fixed rule
            (lowest id); the ranking leaves open any level that depends on which side holds it. Check the
            exact location.
          </p>
        )}
        {demonstration && <p className="demonstration-inline">Demonstration geography — not official.</p>}
        <button
          type="button"
          onClick={() => {
            navigator.clipboard.writeText(text).then(
              () => setCopied('done'),
              () => setCopied('failed'),
            );
          }}
        >
          Copy as text
        </button>
        <span role="status" className="copy-status">
          {copied === 'done'
            ? 'Copied.'
            : copied === 'failed'
              ? 'Copy failed: select the text above instead.'
              : ''}
        </span>
      </>
    );
  }
  return (
    <section className="card" aria-label="Impact location">
      <h2>Impact location</h2>
      {body}
      {footer}
    </section>
  );
}
