/**
 * The one-page screening report: title and date, the map image with legend, scale bars, a
 * north arrow and attribution; the location card; the requirement; the first ranked options
 * with reasons and citations; the data sources with dates and status; and the statement that
 * it is a screening aid. Everything is text and one image, so the same markup prints and
 * downloads as a standalone file.
 */

import { forwardRef } from 'react';
import type { Manifest } from '../../formats/manifest';
import type { ImpactInputs } from '../../store/inputs';
import { locationRows } from '../location/LocationCard';
import type { SitingResults } from '../ranking/useSitingResults';
import { ReportGaps } from './ReportGaps';
import { type ReportImage, ReportMapFigure } from './ReportMapFigure';
import { listingLoadedIn, ReportRankedOptions } from './ReportRankedOptions';
import { ReportRequirement } from './ReportRequirement';
import { ReportSequencing } from './ReportSequencing';
import { ReportSources } from './ReportSources';

export interface ReportViewProps {
  results: SitingResults;
  impact: ImpactInputs;
  manifest: Manifest | null;
  image: ReportImage | null;
  selectedId: string | null;
}

export const ReportView = forwardRef<HTMLElement, ReportViewProps>(function ReportView(
  { results, impact, manifest, image, selectedId },
  ref,
) {
  const { result, place } = results;
  const date = (image?.capturedAt ?? new Date()).toISOString().slice(0, 10);
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
      <ReportGaps manifest={manifest} listingsLoaded={listingLoadedIn(result)} />
      <div className="report-top">
        <ReportMapFigure image={image} place={place} />
        <div>
          <h2>Impact location</h2>
          {impact.location && place?.inMinnesota ? (
            <dl>
              {locationRows(
                place,
                impact.location,
                result?.impact.units ?? null,
                // The page says how to load a missing PLSS layer; the printed page only gives a found section.
                results.plss.status === 'ready' ? results.plss : null,
              ).map((row) => (
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
          {result && <ReportRequirement impact={impact} result={result} />}
          <ReportSequencing impact={impact} result={result} />
          <ReportSources manifest={manifest} />
          <p className="report-disclaimer">
            This is a screening aid, not a determination under the Wetland Conservation Act (Minn. Stat.
            103G.222). The local government unit decides on the replacement plan.
          </p>
        </div>
      </div>
      <ReportRankedOptions results={results} selectedId={selectedId} />
    </article>
  );
});
