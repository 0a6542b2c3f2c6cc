/**
 * The one-page screening report: title and date, the map image with legend, scale bars, a
 * north arrow and attribution; the location card; the requirement; the first ranked options
 * with reasons and citations; the data sources with dates and status; and the statement that
 * it is a screening aid. Everything is text and one image, so the same markup prints and
 * downloads as a standalone file.
 */

import { forwardRef } from 'react';
import { buildGaps, gapLine } from '../../formats/buildGaps';
import type { Manifest } from '../../formats/manifest';
import { AREA_CLASS_COLOURS, AREA_CLASS_LABELS, LINE_COLOURS } from '../../map/palette';
import { CONFIRM_WITH_BWSR, type RankedCandidate, STALE_AFTER_DAYS } from '../../siting';
import type { ImpactInputs } from '../../store/inputs';
import { SEQUENCING_STEPS } from '../../store/inputs';
import { ReportApplicationLine } from '../application/ReportApplicationLine';
import { poolFigureText } from '../credits/creditStatusText';
import { LossesAndReplacements } from '../flows/LossesAndReplacements';
import { rulesetOf } from '../hearing/hearingSteps';
import { WETLAND_TYPE_NAMES } from '../location/ImpactDetailsForm';
import { locationRows } from '../location/LocationCard';
import { SEQUENCING_LABELS } from '../location/SequencingRecord';
import { Citation } from '../ranking/Citation';
import { breakdownText, candidateBreakdown } from '../ranking/candidateBreakdown';
import { formatDistance } from '../ranking/formatDistance';
import { LEVEL_MARKERS, markerOf } from '../ranking/levelMarkers';
import { RulesetNotice } from '../ranking/RulesetNotice';
import { rankingLadders } from '../ranking/rankingLadders';
import { ratioText } from '../ranking/ratioText';
import { rulesetTitle } from '../ranking/rulesetTitle';
import type { SitingResults } from '../ranking/useSitingResults';
import { reportBankRows } from './reportBankRows';
import { scaleBars } from './scaleBar';

/**
 * Requirement reasons the one page lists: sequencing has its own section, and the wetland type
 * and credit unit notes are in the table's reasons and the page, not repeated here.
 */
function inRequirementList(reason: { cite: string }): boolean {
  return (
    reason.cite !== '103G.222 subd. 1(b)' &&
    reason.cite !== 'Minn. R. 8420.0330 subp. 3 A(1)' &&
    reason.cite !== 'Minn. R. 8420.0526 subp. 1 B' &&
    reason.cite !== 'Minn. R. 8420.0526 subp. 2 A'
  );
}

/**
 * A bank's credits in its report row, short (the page has no room for the table's wording): the
 * largest pool's figure, approval and as-of date; the listings' files are named once above.
 */
function reportCreditText(candidate: RankedCandidate): string | null {
  const credits = candidate.credits;
  if (!credits?.loaded) return null;
  const [first] = credits.pools;
  if (!first) return 'not listed';
  const more = credits.pools.length > 1 ? ` (+${credits.pools.length - 1})` : '';
  return `${poolFigureText(first)}${more}, as of ${first.asOf ?? 'no date'}${first.stale ? ' STALE' : ''}`;
}

/** The files the report's credit figures come from, named once. */
function listingFiles(candidates: readonly RankedCandidate[]): string[] {
  return [...new Set(candidates.flatMap((c) => (c.credits?.pools ?? []).map((pool) => pool.source)))];
}

/** How many ranked options fit on the page beside everything else. */
export const REPORT_ROWS = 7;
/** Bank rows kept when the applicant's own sites need the room (the first banking choices). */
const MIN_BANK_ROWS = 2;

/**
 * The rows of a ladder the page shows: the first `count`, with the selected option always among
 * them (in place of the last), so the site a planner chose is never the one left out.
 */
function shownRows(
  candidates: RankedCandidate[],
  count: number,
  selectedId: string | null,
): RankedCandidate[] {
  const first = candidates.slice(0, count);
  if (!selectedId || count === 0 || first.some((candidate) => candidate.id === selectedId)) return first;
  const selected = candidates.find((candidate) => candidate.id === selectedId);
  return selected ? [...first.slice(0, count - 1), selected] : first;
}

/** The map as captured for the report. */
export interface ReportImage {
  url: string;
  metersPerPixel: number;
  width: number;
  capturedAt: Date;
}

export const MAP_ATTRIBUTION =
  'Counties: U.S. Census Bureau 2023 · Banks: USACE RIBITS · Water and places: Natural Earth · Place names: MnDOT, GeoNames (CC BY 4.0), zipcodes · Map: MapLibre';

export interface ReportViewProps {
  results: SitingResults;
  impact: ImpactInputs;
  manifest: Manifest | null;
  image: ReportImage | null;
  selectedId: string | null;
}

const acresText = (acres: number) =>
  `${Number(acres.toFixed(3)).toLocaleString('en-US')} ${acres === 1 ? 'acre' : 'acres'}`;

/** A layer's source in a line: without the mirror path, which says nothing to a reader. */
const shortSource = (source: string) =>
  source
    .replace(/\s*\(local mirror copy:[^)]*\)/, '')
    .replace(/^Demonstration geography, not official: /, 'Generated: ')
    .replace(/, generated by \S+ over the state outline/, '')
    .split(/ \(|, /)[0] ?? source;

export const ReportView = forwardRef<HTMLElement, ReportViewProps>(function ReportView(
  { results, impact, manifest, image, selectedId },
  ref,
) {
  const { result, place } = results;
  const date = (image?.capturedAt ?? new Date()).toISOString().slice(0, 10);
  const ladders = result ? rankingLadders(result) : [];
  const projectSpecific = ladders.find((ladder) => ladder.key === 'project-specific');
  const bank = ladders.find((ladder) => ladder.key === 'bank');
  const cannotSell = ladders.find((ladder) => ladder.key === 'cannot-sell');
  // The page holds REPORT_ROWS rows: the applicant's own sites first (every one that fits, the
  // rest named below), banks the rest, at least MIN_BANK_ROWS of them when there are that many.
  // A loaded listing takes a line of its own and a second line in bank rows: one row fewer.
  const listingLoaded = result?.candidates.some((c) => c.credits?.loaded) ?? false;
  const rowsRoom = listingLoaded ? REPORT_ROWS - 1 : REPORT_ROWS;
  const siteCount = Math.min(
    projectSpecific?.candidates.length ?? 0,
    rowsRoom - Math.min(bank?.candidates.length ?? 0, MIN_BANK_ROWS),
  );
  const bankCount = Math.min(bank?.candidates.length ?? 0, rowsRoom - siteCount);
  const shownCount = bankCount + siteCount;
  const banksShown = reportBankRows(
    bank?.candidates ?? [],
    bankCount,
    result?.requirement.replacementAcres ?? 0,
    selectedId,
  );
  const sitesShown = shownRows(projectSpecific?.candidates ?? [], siteCount, selectedId);
  const shownIds = new Set(sitesShown.map((candidate) => candidate.id));
  const sitesLeftOut = (projectSpecific?.candidates ?? []).filter((candidate) => !shownIds.has(candidate.id));
  const sequencing = SEQUENCING_STEPS.filter((step) => impact.sequencing[step].trim() !== '');
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
      <ReportGaps manifest={manifest} listingsLoaded={listingLoaded} />
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
          {/* Under the map, where the column has room: the table below has none. */}
          <LossesAndReplacements
            major={place?.inMinnesota ? (place.majorWatershed ?? null) : null}
            links={false}
            className="report-losses"
          />
        </figure>
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
          {result && (
            <>
              <h2>Requirement</h2>
              <p>
                {acresText(impact.acres)} on {impact.land} land, {impact.project} project
                {impact.cultivatedField ? ', cultivated field' : ''}
                {impact.afterTheFact ? ', after the fact' : ''}
                {impact.wetlandType
                  ? `; wetland ${WETLAND_TYPE_NAMES[impact.wetlandType]} (Circular 39)`
                  : '; wetland type not given (Circular 39)'}
                {impact.partiallyDrainedAcres > 0 && (
                  <>
                    ; and {acresText(impact.partiallyDrainedAcres)} partially drained, counted at 50 percent
                    at least: {acresText(result.requirement.impactAcres)} of impact{' '}
                    <Citation cite="Minn. R. 8420.0522 subp. 2" />
                  </>
                )}
                .
              </p>
              {result.requirement.replacementPlanRequired ? (
                <p>
                  Ratio <strong>{ratioText(result.requirement)}</strong>
                  {result.requirement.maxRatio !== result.requirement.ratio &&
                    ` (up to ${result.requirement.maxRatio}:1)`}
                  ; replace <strong>{acresText(result.requirement.replacementAcres)}</strong>;{' '}
                  {result.requirement.restorationOnly ? 'restoration only' : 'restoration or creation'}.
                </p>
              ) : (
                <p>
                  No replacement plan required if the project meets the listed conditions; the road authority
                  buys nothing:{' '}
                  <strong>
                    {result.requirement.replacedBy === 'mndot'
                      ? 'MnDOT'
                      : result.requirement.replacedBy === 'board'
                        ? 'the board'
                        : 'the board (MnDOT on state roads)'}{' '}
                    replaces the wetlands
                  </strong>
                  , and the options below are that replacement's siting.
                </p>
              )}
              <ul>
                {result.requirement.reasons.filter(inRequirementList).map((reason) => (
                  <li key={`${reason.cite}:${reason.text}`}>
                    {reason.text} <Citation cite={reason.cite} />
                  </li>
                ))}
              </ul>
            </>
          )}
          <section aria-label="Sequencing record">
            <h2>Sequencing record</h2>
            {sequencing.length === 0 ? (
              <p>Not filled in (what was considered to avoid, minimize, rectify, reduce).</p>
            ) : (
              <dl>
                {sequencing.map((step) => (
                  <div key={step} style={{ display: 'contents' }}>
                    <dt>{SEQUENCING_LABELS[step].split(':')[0]}</dt>
                    <dd>{impact.sequencing[step]}</dd>
                  </div>
                ))}
              </dl>
            )}
            {result && (
              <p>
                {result.requirement.impactSquareFeet.toLocaleString('en-US')} sq ft:{' '}
                {result.requirement.onSiteSequencing === 'available'
                  ? 'the LGU may decide sequencing on site.'
                  : result.requirement.onSiteSequencing === 'available-if-minimum-share'
                    ? 'on-site sequencing is available if the panel counts the partially drained area at 50 percent.'
                    : result.requirement.onSiteSequencing === 'not-applicable'
                      ? result.requirement.restorationOnly
                        ? 'a cultivated field is replaced without regard to the sequencing of subd. 1(b).'
                        : 'no replacement plan application, so no sequencing determination by the LGU.'
                      : 'on-site sequencing depends on the de minimis amount.'}{' '}
                <Citation
                  cite={
                    result.requirement.onSiteSequencing !== 'not-applicable'
                      ? '103G.222 subd. 1(b)'
                      : result.requirement.restorationOnly
                        ? '103G.222 subd. 1(c)'
                        : '103G.222 subd. 1(m)'
                  }
                />
              </p>
            )}
          </section>
          <section className="report-sources" aria-label="Data sources">
            <h2>Data sources</h2>
            <p>
              {Object.values(manifest?.layers ?? {}).map((layer, index) => (
                <span key={layer.file}>
                  {index > 0 ? ' · ' : ''}
                  <strong>{layer.title.split(' — ')[0]}</strong>
                  {layer.demonstration ? '' : `: ${shortSource(layer.source)}`}
                  {layer.asOf ? `, ${layer.asOf}` : ''},{' '}
                  {layer.demonstration
                    ? 'DEMONSTRATION, not official'
                    : layer.official
                      ? 'official'
                      : 'reference'}
                </span>
              ))}
            </p>
          </section>
          <p className="report-disclaimer">
            This is a screening aid, not a determination under the Wetland Conservation Act (Minn. Stat.
            103G.222). The local government unit decides on the replacement plan.
          </p>
        </div>
      </div>
      {result && (
        <section aria-label="Ranked replacement options">
          <h2>Ranked replacement options</h2>
          <p>
            Showing {shownCount} of{' '}
            {breakdownText(candidateBreakdown(result.candidates, results.info), false)},{' '}
            {rulesetOf(result).ladders === 'one' ? (
              <>
                in one ladder for sites and banks (the bill strikes subd. 3(c)){' '}
                <Citation cite="103G.222 subd. 3(a)" />
              </>
            ) : (
              <>
                in two ladders side by side <Citation cite="103G.222 subd. 3(c)" />
              </>
            )}
            {cannotSell && (
              <>
                ; the banks that cannot sell credits are not ranked <Citation cite={cannotSell.cite} />
              </>
            )}
            . Rules applied: {rulesetTitle(result)}.
            {!listingLoaded && ' Bank credit figures: not loaded (confirm availability with BWSR).'}
          </p>
          <RulesetNotice result={result} />
          {listingLoaded && (
            <p>
              {/* Its first sentence: the rule's words in full took four lines the page does not have. */}
              Credit figures from {listingFiles(result.candidates).join(', ') || 'the loaded listings'}{' '}
              (STALE: over {STALE_AFTER_DAYS} days old). {CONFIRM_WITH_BWSR.text.split(':')[0]}.{' '}
              <Citation cite={CONFIRM_WITH_BWSR.cite} />
            </p>
          )}
          {[projectSpecific, bank].map((ladder) =>
            ladder ? (
              <ReportLadder
                key={ladder.key}
                title={ladder.title}
                candidates={ladder.key === 'bank' ? banksShown.rows : sitesShown}
                total={ladder.candidates.length}
                results={results}
                selectedId={selectedId}
              />
            ) : null,
          )}
          <ReportApplicationLine results={results} />
          {banksShown.coveringLeftOut > 0 && (
            <p>
              Not on this page: {banksShown.coveringLeftOut} more bank
              {banksShown.coveringLeftOut === 1 ? ' whose' : 's whose'} listed credits cover the replacement;
              the ranked CSV export lists them.
            </p>
          )}
          {sitesLeftOut.length > 0 && (
            <p>
              Not on this page: {sitesLeftOut.length} more of the proposed sites
              {sitesLeftOut.length <= 20
                ? ` (${sitesLeftOut.map((candidate) => results.info.get(candidate.id)?.name || candidate.id).join(', ')})`
                : ''}
              ; the ranked CSV export lists every site with its level and reasons.
            </p>
          )}
        </section>
      )}
    </article>
  );
});

/**
 * The one reason a report row has room for: why it stands at its level (subd. 3(a)(1)-(4), or
 * statewide under 3(b)) for an option that may serve; what excludes it otherwise.
 */
function reportReason(candidate: RankedCandidate) {
  if (candidate.status !== 'ineligible') {
    const level = candidate.reasons.find(
      (reason) =>
        /^103G\.222 subd\. 3\(a\)\(\d\)$/.test(reason.cite) ||
        (candidate.basis === 'statewide-3b' && reason.cite === '103G.222 subd. 3(b)'),
    );
    if (level) return level;
  }
  return candidate.reasons[0];
}

function ReportLadder({
  title,
  candidates,
  total,
  results,
  selectedId,
}: {
  title: string;
  candidates: RankedCandidate[];
  total: number;
  results: SitingResults;
  selectedId: string | null;
}) {
  return (
    <>
      <h3>
        {title}: {candidates.length} of {total}
      </h3>
      {candidates.length > 0 && (
        <table aria-label={title}>
          <thead>
            <tr>
              <th scope="col">Place</th>
              <th scope="col">Site</th>
              <th scope="col">Level</th>
              <th scope="col">Eligibility</th>
              <th scope="col">Distance</th>
              <th scope="col">Status</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {candidates.map((candidate) => {
              const first = reportReason(candidate);
              const marker = markerOf(candidate);
              return (
                <tr key={candidate.id} data-candidate-id={candidate.id}>
                  <td>
                    {candidate.ladderRank ?? '—'}
                    {candidate.id === selectedId ? ' (selected)' : ''}
                  </td>
                  <td>{results.info.get(candidate.id)?.name || candidate.id}</td>
                  <td>
                    {marker.shape} {marker.label.split(' · ')[0]}
                  </td>
                  <td>
                    {candidate.status === 'ineligible'
                      ? 'Not eligible'
                      : candidate.status === 'eligible'
                        ? 'Eligible'
                        : 'Undetermined'}
                  </td>
                  <td>{formatDistance(candidate.distanceKm)}</td>
                  <td>
                    {candidate.ladder === 'bank'
                      ? `${results.info.get(candidate.id)?.status ?? '?'}${candidate.availability === 'pending' ? ' ⚑' : ''}${candidate.credits?.loaded ? ` · ${reportCreditText(candidate)}` : ''}`
                      : 'Proposed'}
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
      )}
    </>
  );
}

/**
 * A build without banks, said in full at the top of the report (an empty bank list is not "no bank
 * serves the area"). What a build holds only in part (the snapshot, ledgers, place names) is not
 * repeated here: the one page has no room left (report test), and the bank rows already say when
 * credits are not loaded.
 */
function ReportGaps({ manifest, listingsLoaded }: { manifest: Manifest | null; listingsLoaded: boolean }) {
  if (!manifest) return null;
  const banks = buildGaps(manifest, { listingsLoaded }).find((gap) => gap.id === 'banks');
  return banks ? (
    <p className="report-demo report-gaps">
      <strong>{gapLine(banks)}</strong>
    </p>
  ) : null;
}
