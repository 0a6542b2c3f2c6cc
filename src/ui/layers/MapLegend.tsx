/**
 * The legend on the map itself (the layer list holds the full one, below the fold at 1280x860):
 * what the impact, the dots (wetland banks, and the user's sites) by priority level, the lines
 * and the area-class fills mean. Before an impact is chosen the dots are only banks, not ranked:
 * no level, and no "Undetermined", is shown then. Closed until opened, so it covers none of the
 * map unasked; opened or closed, it stays so across a reload.
 */
import { useState } from 'react';
import { LINE_COLOURS } from '../../map/palette';
import { useSitingStore } from '../../store/sitingStore';
import { LEVEL_MARKERS } from '../ranking/levelMarkers';
import { AreaClassLegend } from './AreaClassLegend';
import { MARKER_MAP_LABELS } from './mapOverlays';

const KEY = 'siting-map-legend-open';

function storedOpen(): boolean {
  try {
    return window.localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

/** The boundary lines drawn on the map, as the map draws them (src/map/baseStyle.ts). */
const LINES = [
  { label: 'Bank service area (BSA) boundary', colour: LINE_COLOURS.bankServiceArea, style: 'thick' },
  { label: 'Major watershed boundary', colour: LINE_COLOURS.majorWatershed, style: '' },
  {
    label: 'Minor watershed boundary (zoom in to see)',
    colour: LINE_COLOURS.minorWatershed,
    style: 'dashed',
  },
  { label: 'County line', colour: LINE_COLOURS.county, style: 'thin' },
  { label: 'State border', colour: LINE_COLOURS.state, style: '' },
] as const;

export function MapLegend() {
  const [open, setOpen] = useState(storedOpen);
  const ranked = useSitingStore((state) => state.impact.location !== null);
  return (
    <details
      className="map-legend"
      open={open}
      onToggle={(event) => {
        const next = event.currentTarget.open;
        setOpen(next);
        try {
          window.localStorage.setItem(KEY, String(next));
        } catch {
          // Private mode: the choice lasts for this page only.
        }
      }}
    >
      <summary>Legend</summary>
      <ul className="legend" aria-label="Map symbols">
        {ranked ? (
          <>
            <li>
              <span className="swatch dot" style={{ background: LINE_COLOURS.impact }} aria-hidden="true" />{' '}
              The impact
            </li>
            <li className="legend-heading">Wetland banks and your sites, by priority level:</li>
            {(Object.keys(LEVEL_MARKERS) as (keyof typeof LEVEL_MARKERS)[]).map((key) => (
              <li key={key}>
                <span
                  className="swatch dot"
                  style={{ background: LEVEL_MARKERS[key].colour }}
                  aria-hidden="true"
                />
                {LEVEL_MARKERS[key].label} (“{MARKER_MAP_LABELS[key]}”)
              </li>
            ))}
            <li className="legend-note">
              The number on a dot is its priority level, 1 first and 4 last, not its place in the table: a
              near bank marked 4 lies in another bank service area, so a farther one marked 3 ranks before it
              (103G.222 subd. 3(a)).
            </li>
          </>
        ) : (
          <li>
            <span className="swatch dot" style={{ background: '#ffffff' }} aria-hidden="true" />A wetland bank
            (not ranked yet: choose the impact)
          </li>
        )}
        <li>Heavy outline: your proposed sites</li>
      </ul>
      <ul className="legend" aria-label="Map lines">
        {LINES.map((line) => (
          <li key={line.label}>
            <span
              className={`swatch line ${line.style}`}
              style={{ borderColor: line.colour }}
              aria-hidden="true"
            />
            {line.label}
          </li>
        ))}
      </ul>
      <AreaClassLegend />
    </details>
  );
}
