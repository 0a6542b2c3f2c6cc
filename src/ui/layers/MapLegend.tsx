/**
 * The legend on the map itself (the layer list holds the full one, below the fold at 1280x860):
 * what the impact, the numbered site markers and the area-class fills mean. Closed until opened,
 * so it covers none of the map unasked; opened or closed, it stays so across a reload.
 */
import { useState } from 'react';
import { LINE_COLOURS } from '../../map/palette';
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

export function MapLegend() {
  const [open, setOpen] = useState(storedOpen);
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
        <li>
          <span className="swatch dot" style={{ background: LINE_COLOURS.impact }} aria-hidden="true" /> The
          impact
        </li>
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
        <li>Heavy outline: your proposed sites</li>
      </ul>
      <AreaClassLegend />
    </details>
  );
}
