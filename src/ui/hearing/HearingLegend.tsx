/** The legend that stays on screen through a hearing: impact, levels by shape and colour, lines. */
import { LINE_COLOURS } from '../../map/palette';
import { LEVEL_MARKERS } from '../ranking/levelMarkers';

export function HearingLegend() {
  return (
    <section className="hearing-legend" aria-label="Legend">
      <h2>Legend</h2>
      <ul>
        <li>
          <span className="swatch dot" style={{ background: LINE_COLOURS.impact }} aria-hidden="true" /> The
          impact
        </li>
        {Object.values(LEVEL_MARKERS).map((marker) => (
          <li key={marker.key}>
            <span className="swatch dot" style={{ background: marker.colour }} aria-hidden="true" />
            <span aria-hidden="true">{marker.shape}</span> {marker.label}
          </li>
        ))}
        <li>
          <span className="swatch line dashed" style={{ borderColor: '#222' }} aria-hidden="true" /> Line from
          the impact, labelled with the distance where labels do not overlap (every distance is in the step's
          list)
        </li>
        <li>
          <span className="swatch line" style={{ borderColor: '#08306b' }} aria-hidden="true" /> Thick
          outline: the impact's watershed or bank service area the step talks about
        </li>
      </ul>
    </section>
  );
}
