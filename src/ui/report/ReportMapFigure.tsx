/**
 * The report's map: the captured image with a north arrow, scale bars, the legend and the
 * attribution, and the losses-and-replacements line for the impact's major watershed under it.
 */
import { AREA_CLASS_COLOURS, AREA_CLASS_LABELS, LINE_COLOURS } from '../../map/palette';
import { LossesAndReplacements } from '../flows/LossesAndReplacements';
import { LEVEL_MARKERS } from '../ranking/levelMarkers';
import type { SitingResults } from '../ranking/useSitingResults';
import { scaleBars } from './scaleBar';

/** The map as captured for the report. */
export interface ReportImage {
  url: string;
  metersPerPixel: number;
  width: number;
  capturedAt: Date;
}

export const MAP_ATTRIBUTION =
  'Counties: U.S. Census Bureau 2023 · Banks: USACE RIBITS · Water and places: Natural Earth · Place names: MnDOT, GeoNames (CC BY 4.0), zipcodes · Map: MapLibre';

export function ReportMapFigure({
  image,
  place,
}: {
  image: ReportImage | null;
  place: SitingResults['place'];
}) {
  return (
    <figure className="report-figure">
      {image ? (
        <img src={image.url} alt="Map of the impact and the candidate replacement sites, by priority level" />
      ) : (
        <p>The map image is taken when the report is printed or downloaded.</p>
      )}
      <div className="report-north" title="North is up">
        <span aria-hidden="true">↑</span>
        <br />N
      </div>
      {image && (
        <div className="report-scale">
          {scaleBars(image.metersPerPixel, image.width).map((bar) => (
            <div className="report-scale-bar" key={bar.label}>
              <span className="bar" style={{ width: `${bar.percent}%` }} />
              <span>{bar.label}</span>
            </div>
          ))}
        </div>
      )}
      <ul className="report-legend" aria-label="Legend">
        <li>
          <span className="report-swatch" style={{ background: LINE_COLOURS.impact }} />
          Impact
        </li>
        {Object.values(LEVEL_MARKERS).map((marker) => (
          <li key={marker.key}>
            <span className="report-swatch" style={{ background: marker.colour }} />
            {marker.shape} {marker.label}
          </li>
        ))}
        {(Object.keys(AREA_CLASS_COLOURS) as (keyof typeof AREA_CLASS_COLOURS)[]).map((areaClass) => (
          <li key={areaClass}>
            <span className="report-swatch square" style={{ background: AREA_CLASS_COLOURS[areaClass] }} />
            {AREA_CLASS_LABELS[areaClass]}
          </li>
        ))}
      </ul>
      <figcaption className="report-attribution">{MAP_ATTRIBUTION}</figcaption>
      {/* Under the map, where the column has room: the table below has none. */}
      <LossesAndReplacements
        major={place?.inMinnesota ? (place.majorWatershed ?? null) : null}
        links={false}
        className="report-losses"
      />
    </figure>
  );
}
