/**
 * The one-page screening report: title and date, the map image with legend, scale bars, a
 * north arrow and attribution; the location card; the requirement; the first ranked options
 * with reasons and citations; the data sources with dates and status; and the statement that
 * it is a screening aid. Everything is text and one image, so the same markup prints and
 * downloads as a standalone file.
 */
import { forwardRef } from 'react';
import type { Manifest } from '../../geo/manifest';
import { AREA_CLASS_COLOURS, AREA_CLASS_LABELS, LINE_COLOURS } from '../../map/palette';
import type { ImpactInputs } from '../../store/inputs';
import { Citation } from '../Citation';
import { locationRows } from '../LocationCard';
import { LEVEL_MARKERS, markerOf } from '../levelMarkers';
import type { SitingResults } from '../useSitingResults';
import { scaleBars } from './scaleBar';

/** How many ranked options fit on the page beside everything else. */
export const REPORT_ROWS = 15;

/** The map as captured for the report. */
export interface ReportImage {
  url: string;
  metersPerPixel: number;
  width: number;
  capturedAt: Date;
}

export const MAP_ATTRIBUTION =
  'Counties: U.S. Census Bureau 2023 · Banks: USACE RIBITS · Water and places: Natural Earth · Map: MapLibre';

export interface ReportViewProps {
  results: SitingResults;
  impact: ImpactInputs;
  manifest: Manifest | null;
  image: ReportImage | null;
  selectedId: string | null;
}

const acresText = (acres: number) => `${Number(acres.toFixed(3)).toLocaleString('en-US')} acres`;

export const ReportView = forwardRef<HTMLElement, ReportViewProps>(function ReportView(
  { results, impact, manifest, image, selectedId },
  ref,
) {
  const { result, place, info } = results;
  const date = (image?.capturedAt ?? new Date()).toISOString().slice(0, 10);
  const rows = result?.candidates.slice(0, REPORT_ROWS) ?? [];
  return (
    <article className="report" ref={ref} aria-label="Screening report">
      <header className="report-meta">
        <div>
          <h1>Wetland replacement screening report</h1>
          <p>Minnesota · Minn. Stat. 103G.222 · Wetland Conservation Act</p>
        </div>
        <p>
          Date: <time dateTime={date}>{date}</time>
        </p>
      </header>
      {manifest?.demonstration && (
        <p className="report-demo">
          Demonstration geography — not official: watershed and bank service area boundaries are generated
          stand-ins.
        </p>
      )}
      <div className="report-top">
        <figure className="report-figure">
          {image ? (
            <img
              src={image.url}
              alt="Map of the impact and the candidate replacement sites, by priority level"
            />
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
                <span
                  className="report-swatch square"
                  style={{ background: AREA_CLASS_COLOURS[areaClass] }}
                />
                {AREA_CLASS_LABELS[areaClass]}
              </li>
            ))}
          </ul>
          <figcaption className="report-attribution">{MAP_ATTRIBUTION}</figcaption>
        </figure>
        <div>
          <h2>Impact location</h2>
          {impact.location && place?.inMinnesota ? (
            <dl>
              {locationRows(place, impact.location, result?.impact.units ?? null).map((row) => (
                <div key={row.label} style={{ display: 'contents' }}>
                  <dt>{row.label}</dt>
                  <dd>
                    {row.value}
                    {row.source && <span className="report-source">{row.source}</span>}
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p>
              {impact.location
                ? 'The impact is outside Minnesota; the Act does not apply.'
                : 'No impact chosen.'}
            </p>
          )}
          {result && (
            <>
              <h2>Requirement</h2>
              <p>
                {acresText(impact.acres)} on {impact.land} land, {impact.project} project
                {impact.cultivatedField ? ', cultivated field' : ''}
                {impact.afterTheFact ? ', after the fact' : ''}.
              </p>
              {result.requirement.replacementPlanRequired ? (
                <p>
                  Ratio <strong>{result.requirement.ratio}:1</strong>
                  {result.requirement.maxRatio !== result.requirement.ratio &&
                    ` (up to ${result.requirement.maxRatio}:1)`}
                  ; replace <strong>{acresText(result.requirement.replacementAcres)}</strong>;{' '}
                  {result.requirement.restorationOnly ? 'restoration only' : 'restoration or creation'}.
                </p>
              ) : (
                <p>No replacement plan required if the project meets the listed conditions.</p>
              )}
              <ul>
                {result.requirement.reasons.map((reason) => (
                  <li key={`${reason.cite}:${reason.text}`}>
                    {reason.text} <Citation cite={reason.cite} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
      {result && (
        <section aria-label="Ranked replacement options">
          <h2>Ranked replacement options</h2>
          <p>
            Showing {rows.length} of {result.candidates.length} candidates. Rule set: {result.ruleset}.
          </p>
          <table>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Site</th>
                <th scope="col">Priority level</th>
                <th scope="col">Eligibility</th>
                <th scope="col">Distance</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((candidate, index) => {
                const [first] = candidate.reasons;
                return (
                  <tr key={candidate.id} data-candidate-id={candidate.id}>
                    <td>
                      {index + 1}
                      {candidate.id === selectedId ? ' (selected)' : ''}
                    </td>
                    <td>{info.get(candidate.id)?.name || candidate.id}</td>
                    <td>{markerOf(candidate).label}</td>
                    <td>
                      {candidate.status === 'ineligible'
                        ? 'Not eligible'
                        : candidate.status === 'eligible'
                          ? 'Eligible'
                          : 'Undetermined'}
                    </td>
                    <td>
                      {candidate.distanceKm === null
                        ? '—'
                        : `${candidate.distanceKm.toLocaleString('en-US')} km`}
                    </td>
                    <td>
                      {first ? (
                        <>
                          {first.text} <Citation cite={first.cite} />
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
      <section className="report-sources" aria-label="Data sources">
        <h2>Data sources</h2>
        <ul>
          {Object.values(manifest?.layers ?? {}).map((layer) => (
            <li key={layer.file}>
              <strong>{layer.title.split(' — ')[0]}</strong>: {layer.source}
              {layer.asOf ? `, as of ${layer.asOf}` : ''} —{' '}
              {layer.demonstration
                ? 'DEMONSTRATION, not official'
                : layer.official
                  ? 'official'
                  : 'reference'}
            </li>
          ))}
        </ul>
      </section>
      <p className="report-disclaimer">
        This is a screening aid, not a determination under the Wetland Conservation Act (Minn. Stat.
        103G.222). The local government unit decides on the replacement plan.
      </p>
    </article>
  );
});
