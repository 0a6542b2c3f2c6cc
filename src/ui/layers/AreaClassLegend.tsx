/** The wetland area classes with their map colours, as a list (layer list and explainer). */
import { AREA_CLASS_COLOURS, AREA_CLASS_LABELS } from '../../map/palette';

export function AreaClassLegend() {
  return (
    <ul className="legend" aria-label="Wetland area classes">
      {(Object.keys(AREA_CLASS_COLOURS) as (keyof typeof AREA_CLASS_COLOURS)[]).map((areaClass) => (
        <li key={areaClass}>
          <span
            className="swatch fill"
            style={{ background: AREA_CLASS_COLOURS[areaClass] }}
            aria-hidden="true"
          />
          {AREA_CLASS_LABELS[areaClass]}
        </li>
      ))}
    </ul>
  );
}
