/**
 * Page layout and wiring: inputs from the store, results derived by useSitingResults, and the
 * map fed with overlays and feature-state. Holds no siting logic of its own.
 */

import type { FeatureCollection } from 'geojson';
import {
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { HEARING_SCALE } from '../map/hearingScale';
import { type CameraRequest, type MapApi, MapView, MINNESOTA_BOUNDS } from '../map/MapView';
import type { Inputs } from '../store/inputs';
import { useLayerStore } from '../store/layerStore';
import type { MapLayerId } from '../store/mapLayers';
import { restoreStoredSites, sitesKeeper } from '../store/persistUserSites';
import { persistInputs, useSitingStore } from '../store/sitingStore';
import { dateStamp, downloadFile } from './exports/downloadFile';
import { ExportsPanel } from './exports/ExportsPanel';
import { distanceLinks } from './hearing/distanceLinks';
import { hearingCamera } from './hearing/hearingCamera';
import { clampStep, hearingSteps } from './hearing/hearingSteps';
import { DemonstrationNotice } from './layers/DemonstrationNotice';
import { DetailProgress } from './layers/DetailProgress';
import { LayerList } from './layers/LayerList';
import { LayerStatus } from './layers/LayerStatus';
import { MapLegend } from './layers/MapLegend';
import {
  impactOverlay,
  linkOverlay,
  selectedSiteOverlay,
  siteLabelOverlay,
  siteStates,
  stepSitesOverlay,
  userSitesOverlay,
} from './layers/mapOverlays';
import { ImpactAreaPanel } from './location/ImpactAreaPanel';
import { ImpactDetailsForm } from './location/ImpactDetailsForm';
import { LocationCard } from './location/LocationCard';
import { locateOnce } from './location/locateOnce';
import { openingFrame, openingView } from './location/openingFrame';
import { placeUnitsFromLocation } from './location/placeUnitsFromLocation';
import { SequencingRecord } from './location/SequencingRecord';
import { useLocatedPoints } from './location/useRangeLookups';
import { Notices } from './Notices';
import { useOfficialFileDrop } from './officialImport/useOfficialFileDrop';
import { OfflineStatus } from './offline/OfflineStatus';
import { RankingTable } from './ranking/RankingTable';
import { ResultsAnnouncer } from './ranking/ResultsAnnouncer';
import { useSitingResults } from './ranking/useSitingResults';
import type { ReportImage } from './report/ReportView';
import { reportHtml } from './report/reportHtml';
import { SavedScenarios } from './SavedScenarios';
import { PlaceSearch } from './search/PlaceSearch';
import { plssSearch } from './search/plssSearch';
import { buildSearchIndex } from './search/searchIndex';
import { addSiteAt } from './sites/addSiteAt';
import { SitesPanel } from './sites/SitesPanel';
import { useMediaQuery } from './useMediaQuery';

// Hearing mode and the explainer are not on the first screen: load them when asked for.
const HearingView = lazy(() =>
  import('./hearing/HearingView').then((module) => ({ default: module.HearingView })),
);
const Explainer = lazy(() => import('./Explainer').then((module) => ({ default: module.Explainer })));
// The printed report: rendered (hidden) from the first render, so its code arrives just after the
// first script, long before anyone prints; not part of what the first paint waits for.
const ReportView = lazy(() =>
  import('./report/ReportView').then((module) => ({ default: module.ReportView })),
);

/** The public view shows the classification and the counties it follows, named (the user's layer settings are kept). */
const PUBLIC_LAYERS: readonly MapLayerId[] = ['areaClass', 'counties'];

/** The layout switches to a full map with a bottom sheet below this width (app.css agrees). */
const PHONE_QUERY = '(max-width: 720px)';

/** Where Enter on the map acts before the map has reported a view of its own. */
const MINNESOTA_CENTER: [number, number] = [-94.3, 46.3];

/** Skip links move focus, not just the scroll position. */
function focusById(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

function focusMap() {
  document.querySelector<HTMLElement>('#map canvas')?.focus();
}

/** Full screen helps a presenter; browsers may refuse it (headless, iframes), and the layout does not need it. */
function enterFullscreen() {
  if (document.fullscreenElement || !document.documentElement.requestFullscreen) return;
  document.documentElement.requestFullscreen().catch((error: unknown) => {
    console.info('Full screen was refused; the hearing view works without it.', error);
  });
}

function leaveFullscreen() {
  if (document.fullscreenElement) void document.exitFullscreen();
}

export function App() {
  const loadAll = useLayerStore((state) => state.loadAll);
  const loads = useLayerStore((state) => state.loads);
  const manifest = useLayerStore((state) => state.manifest);
  const impact = useSitingStore((state) => state.impact);
  const userSites = useSitingStore((state) => state.userSites);
  const selectedId = useSitingStore((state) => state.selectedCandidateId);
  const clickMode = useSitingStore((state) => state.clickMode);
  const mode = useSitingStore((state) => state.mode);
  const initialView = useSitingStore.getState().view;
  // The map's first camera: the saved view, else a link's impact, else the whole state.
  const [firstView] = useState(
    () => initialView ?? openingView(useSitingStore.getState().impact.location, MINNESOTA_BOUNDS),
  );
  const [camera, setCamera] = useState<CameraRequest | null>(null);
  const [draft, setDraft] = useState<[number, number][]>([]);
  const [clickRefusal, setClickRefusal] = useState<string | null>(null);

  useEffect(() => {
    void loadAll();
    return persistInputs(restoreStoredSites(), sitesKeeper());
  }, [loadAll]);

  const results = useSitingResults();
  const fileDrop = useOfficialFileDrop();
  const { result, info, location, scenario, indexes, place } = results;

  const locations = useMemo(
    () => new Map((scenario?.candidates ?? []).map((candidate) => [candidate.id, candidate.location])),
    [scenario],
  );
  // Only hearing mode reads the steps (over every candidate: seconds at 100,000 sites).
  const steps = useMemo(
    () => (mode.kind === 'hearing' ? hearingSteps(result, selectedId) : []),
    [mode.kind, result, selectedId],
  );
  const step = mode.kind === 'hearing' ? clampStep(mode.step, steps.length) : 0;
  const hearingStep = mode.kind === 'hearing' ? steps[step] : undefined;
  const setMode = useSitingStore((state) => state.setMode);
  const phone = useMediaQuery(PHONE_QUERY);
  const [sheet, setSheet] = useState<'peek' | 'full'>('peek');
  const [resultsSize, setResultsSize] = useState<'normal' | 'large'>('normal');

  // Entering or leaving hearing mode replaces the panel that held focus: put focus somewhere
  // meaningful (the step title, then back on the button that started it), never on <body>.
  const hearingButton = useRef<HTMLButtonElement>(null);
  const previousMode = useRef(mode.kind);
  useEffect(() => {
    const before = previousMode.current;
    previousMode.current = mode.kind;
    if (before === mode.kind) return;
    // HearingView focuses its own title when it mounts (it loads on demand).
    if (before === 'hearing' && mode.kind === 'explore') hearingButton.current?.focus();
  });

  // Each hearing step frames what it talks about — once per step: results are re-derived
  // when the map moves, and re-framing then would chase the camera forever.
  const framed = useRef<string | null>(null);
  useEffect(() => {
    if (!hearingStep || !result) {
      framed.current = null;
      return;
    }
    const key = `${hearingStep.key}|${impact.location?.join(',')}|${(hearingStep.linkIds.length ? hearingStep.linkIds : (hearingStep.siteIds ?? [])).join(',')}`;
    if (framed.current === key) return;
    framed.current = key;
    const request = hearingCamera(hearingStep, impact.location, result.candidates, locations);
    if (request) setCamera(request);
  }, [hearingStep, result, impact.location, locations]);

  // A link with an impact and no saved view opens framed on the impact and its nearest
  // options (once, when the first ranking is there), not on the whole state.
  const framedOpening = useRef(initialView !== null || !useSitingStore.getState().impact.location);
  useEffect(() => {
    if (framedOpening.current || !impact.location || !result) return;
    framedOpening.current = true;
    // A jump, not a flight: every in-between frame would load tiles no one looks at.
    setCamera({ kind: 'bounds', bounds: openingFrame(impact.location, result, locations), animate: false });
  }, [impact.location, result, locations]);

  // The public view's looked-up place: separate from the impact, so the explainer cannot change the work.
  const [publicPoint, setPublicPoint] = useState<[number, number] | null>(null);
  const publicPoints = useMemo(
    () => (mode.kind === 'public' && publicPoint ? [publicPoint] : []),
    [mode.kind, publicPoint],
  );
  const baseUrl = useLayerStore((state) => state.baseUrl);
  const localUrls = useLayerStore((state) => state.localFiles.urls);
  const publicLocated = useLocatedPoints(publicPoints, manifest, baseUrl, '', localUrls);
  const locate = useMemo(() => locateOnce(manifest, baseUrl, localUrls), [manifest, baseUrl, localUrls]);
  const publicLocation = publicPoint ? publicLocated.locations?.[0] : undefined;
  const publicPlace = useMemo(
    () => (publicLocation ? placeUnitsFromLocation(publicLocation) : null),
    [publicLocation],
  );

  const mapApi = useRef<MapApi | null>(null);
  const reportRef = useRef<HTMLElement>(null);
  const [reportImage, setReportImage] = useState<ReportImage | null>(null);
  /** Takes the map image for the report and renders it before returning (print reads the DOM next). */
  const captureReport = useCallback(() => {
    const api = mapApi.current;
    if (!api) return;
    const image = {
      url: api.toDataURL(),
      metersPerPixel: api.metersPerPixel(),
      width: api.size().width,
      capturedAt: new Date(),
    };
    flushSync(() => setReportImage(image));
  }, []);
  // Ctrl+P and the browser's menu print too: take the image just before.
  useEffect(() => {
    window.addEventListener('beforeprint', captureReport);
    return () => window.removeEventListener('beforeprint', captureReport);
  }, [captureReport]);

  const moveToView = (inputs: Inputs) => {
    if (inputs.view) setCamera({ kind: 'center', center: inputs.view.center, zoom: inputs.view.zoom });
  };

  const searchEntries = useMemo(() => {
    const data = (name: 'places' | 'counties' | 'majorWatersheds' | 'bankServiceAreas') => {
      const load = loads[name];
      return load.status === 'ready' ? load.data : undefined;
    };
    return buildSearchIndex({
      towns: data('places'),
      counties: data('counties'),
      majorWatersheds: data('majorWatersheds'),
      bankServiceAreas: data('bankServiceAreas'),
    });
  }, [loads]);

  const plssLayer = loads.plss.status === 'ready' ? loads.plss.data : undefined;
  const searchExtra = useCallback((query: string) => plssSearch(query, plssLayer), [plssLayer]);

  const counties = loads.counties.status === 'ready' ? loads.counties.data : undefined;
  // County name points (polylabel): loaded with the counties, not in the first script.
  const [countyLabels, setCountyLabels] = useState<FeatureCollection | undefined>(undefined);
  useEffect(() => {
    if (!counties) return;
    let current = true;
    void import('./layers/countyLabelPoints').then(({ countyLabelPoints }) => {
      if (current) setCountyLabels(countyLabelPoints(counties));
    });
    return () => {
      current = false;
    };
  }, [counties]);

  // Built once per change of the sites or the ranking, not on every selection (100,000 features);
  // while new sites are being ranked the map keeps what it has, and gets them once, with levels.
  const rankingPending = result === null && location.status === 'ready' && location.units.inMinnesota;
  const lastSitesData = useRef<ReturnType<typeof userSitesOverlay> | null>(null);
  const userSitesData = useMemo(
    () =>
      rankingPending && lastSitesData.current ? lastSitesData.current : userSitesOverlay(userSites, result),
    [userSites, result, rankingPending],
  );
  lastSitesData.current = userSitesData;
  // In hearing mode the map is handed the step's sites only (clustered among themselves).
  const stepSiteIds = hearingStep?.siteIds ?? null;
  const stepSiteKey = stepSiteIds === null ? null : stepSiteIds.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: stepSiteKey is the content of stepSiteIds; a new array with the same ids changes nothing.
  const shownSitesData = useMemo(
    () => stepSitesOverlay(userSitesData, stepSiteIds),
    [userSitesData, stepSiteKey],
  );
  const overlays = useMemo(() => {
    const selected = result?.candidates.find((candidate) => candidate.id === selectedId);
    const selectedLocation = selectedId
      ? (userSites.find((site) => site.id === selectedId)?.location ?? bankLocation(loads.sites, selectedId))
      : null;
    const linked = new Set(hearingStep?.linkIds ?? []);
    if (mode.kind === 'public') {
      return {
        impact: impactOverlay({ ...impact, location: publicPoint, polygon: null }),
        links: linkOverlay(null, null),
        countyLabels,
      };
    }
    return {
      impact: impactOverlay(impact, draft),
      userSites: shownSitesData,
      selectedSite: selectedSiteOverlay(userSites, result, selectedId),
      links: hearingStep
        ? distanceLinks(
            impact.location,
            (result?.candidates ?? []).filter((candidate) => linked.has(candidate.id)),
            locations,
          )
        : linkOverlay(impact.location, selected ? selectedLocation : null),
      siteLabels: siteLabelOverlay(result, scenario),
      countyLabels,
    };
  }, [
    countyLabels,
    impact,
    draft,
    userSites,
    shownSitesData,
    selectedId,
    result,
    scenario,
    loads.sites,
    hearingStep,
    locations,
    mode.kind,
    publicPoint,
  ]);

  const featureStates = useMemo(() => siteStates(result, selectedId), [result, selectedId]);

  const onMapClick = (lngLat: [number, number]) => {
    const store = useSitingStore.getState();
    if (clickMode === 'draw-impact') {
      setDraft((vertices) => [...vertices, lngLat]);
    } else if (clickMode === 'add-site') {
      void addSiteAt(lngLat, locate).then(setClickRefusal);
    } else {
      store.setImpactLocation(lngLat);
    }
  };

  // Keyboard users pan with the arrow keys; Enter then does what a click at the centre does.
  const onMapKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLCanvasElement)) return;
    if (mode.kind === 'hearing') return;
    const center = useSitingStore.getState().view?.center ?? MINNESOTA_CENTER;
    event.preventDefault();
    if (mode.kind === 'public') setPublicPoint([center[0], center[1]]);
    else onMapClick([center[0], center[1]]);
  };

  const searchWith = (extra?: ReactNode) => (
    <PlaceSearch
      title={mode.kind === 'public' ? 'Look up a place' : 'Choose the impact'}
      entries={searchEntries}
      searchExtra={searchExtra}
      onChoose={(point, bounds) => {
        // In the public view a search only looks a place up; it never moves the user's impact.
        if (mode.kind === 'public') setPublicPoint(point);
        else useSitingStore.getState().setImpactLocation(point);
        setCamera(bounds ? { kind: 'bounds', bounds } : { kind: 'center', center: point });
      }}
    >
      {extra}
    </PlaceSearch>
  );

  const ranking = result && (
    <RankingTable
      result={result}
      info={info}
      selectedId={selectedId}
      onSelect={(id) => useSitingStore.getState().selectCandidate(id)}
    />
  );

  return (
    <>
      <div className={`app mode-${mode.kind} sheet-${sheet}`}>
        <nav className="skip-links" aria-label="Skip links">
          <button type="button" onClick={focusMap}>
            Skip to the map
          </button>
          {mode.kind === 'explore' && result && (
            <button type="button" onClick={() => focusById('ranking-heading')}>
              Skip to the ranked options
            </button>
          )}
        </nav>
        {mode.kind !== 'hearing' && (
          <header className="app-header">
            <div className="app-title">
              <h1>Wetland replacement siting explorer</h1>
              <p className="subtitle">
                Minnesota · Minn. Stat. 103G.222 · a screening aid, not a determination
              </p>
            </div>
            <OfflineStatus />
            {mode.kind === 'explore' && (
              <div className="header-buttons">
                <button type="button" onClick={() => setMode({ kind: 'public' })}>
                  Plain-language view
                </button>
                <button
                  type="button"
                  ref={hearingButton}
                  onClick={() => {
                    setMode({ kind: 'hearing', step: 0 });
                    enterFullscreen();
                  }}
                >
                  Present at a hearing
                </button>
              </div>
            )}
            <DemonstrationNotice />
          </header>
        )}
        <main className="app-main">
          {mode.kind === 'explore' && (
            <aside className="panel" aria-label="Controls and results">
              {phone && (
                <button
                  type="button"
                  className="sheet-toggle"
                  aria-expanded={sheet === 'full'}
                  onClick={() => setSheet((value) => (value === 'full' ? 'peek' : 'full'))}
                >
                  {sheet === 'full' ? 'Show more map' : 'Show more of the panel'}
                </button>
              )}
              <Notices />
              <LayerStatus />
              {searchWith(<ImpactAreaPanel draft={draft} setDraft={setDraft} index={indexes} />)}
              <LocationCard
                location={impact.location}
                state={location}
                demonstration={manifest?.demonstration ?? false}
                areaClass={result?.impact.units ?? null}
                plss={results.plss}
                footer={
                  <p className="card-footer">
                    <button type="button" className="link-button" onClick={() => setMode({ kind: 'public' })}>
                      What do these mean?
                    </button>
                  </p>
                }
              />
              <ImpactDetailsForm requirement={result?.requirement ?? null} />
              <SequencingRecord />
              <SitesPanel locate={locate} clickRefusal={clickRefusal} />
              {phone && ranking}
              <ExportsPanel
                results={results}
                onOpened={moveToView}
                onPrintReport={() => {
                  captureReport();
                  window.print();
                }}
                onDownloadReport={() => {
                  captureReport();
                  const markup = reportRef.current?.outerHTML;
                  if (!markup) return;
                  downloadFile(
                    `screening-report-${dateStamp()}.html`,
                    'text/html;charset=utf-8',
                    reportHtml(markup, 'Wetland replacement screening report'),
                  );
                }}
              />
              <SavedScenarios onOpened={moveToView} />
              <LayerList />
              <ResultsAnnouncer results={results} />
            </aside>
          )}
          {mode.kind === 'public' && (
            <Explainer
              search={searchWith()}
              place={publicPlace}
              onLeave={() => setMode({ kind: 'explore' })}
            />
          )}
          {mode.kind === 'hearing' && (
            <Suspense fallback={<p role="status">Loading hearing mode…</p>}>
              <HearingView
                steps={steps}
                step={step}
                onStep={(next) => setMode({ kind: 'hearing', step: next })}
                onExit={() => {
                  setMode({ kind: 'explore' });
                  leaveFullscreen();
                }}
                results={results}
                impact={impact}
                selectedId={selectedId}
                demonstration={manifest?.demonstration ?? false}
              />
            </Suspense>
          )}
          <div className="work-area">
            <section
              id="map"
              className="map-region"
              aria-label="Map"
              onKeyDown={onMapKeyDown}
              {...(mode.kind === 'explore' ? fileDrop.handlers : {})}
            >
              <MapView
                onMapClick={
                  mode.kind === 'hearing' ? undefined : mode.kind === 'public' ? setPublicPoint : onMapClick
                }
                onViewChange={(view) => useSitingStore.getState().setView(view)}
                initialView={firstView}
                camera={camera}
                overlays={overlays}
                featureStates={featureStates}
                visibleSiteIds={hearingStep?.siteIds ?? null}
                layerMask={mode.kind === 'public' ? PUBLIC_LAYERS : null}
                markScale={mode.kind === 'hearing' ? HEARING_SCALE : 1}
                onMapReady={(api) => {
                  mapApi.current = api;
                }}
              />
              <span className="map-crosshair" aria-hidden="true" />
              {manifest?.demonstration && (
                <p className="map-watermark">Demonstration geography — not official</p>
              )}
              {fileDrop.dragging && (
                <p className="map-drop-target">Drop the official layer files to load them in this browser</p>
              )}
              {clickMode === 'add-site' && mode.kind === 'explore' && (
                <p className="map-mode">Adding sites: click the map. Press “Stop adding sites” when done.</p>
              )}
              {clickMode === 'draw-impact' && mode.kind === 'explore' && (
                <p className="map-mode">Drawing the impact area: click its corners, then “Finish area”.</p>
              )}
              <DetailProgress />
              {mode.kind === 'explore' && !phone && <MapLegend />}
            </section>
            {/* Always there on a desktop, so the map does not change size (and centre) when results arrive. */}
            {mode.kind === 'explore' && !phone && (
              <div className={`results-panel results-${resultsSize}`}>
                <button
                  type="button"
                  className="results-size"
                  aria-pressed={resultsSize === 'large'}
                  onClick={() => setResultsSize((value) => (value === 'large' ? 'normal' : 'large'))}
                >
                  {resultsSize === 'large' ? 'Give the map more room' : 'Give the results more room'}
                </button>
                {ranking ?? (
                  <section className="card" aria-labelledby="ranking-heading">
                    <h2 id="ranking-heading">Ranked replacement options</h2>
                    {impact.location && location.status !== 'error' && place?.inMinnesota !== false ? (
                      <p className="hint" role="status">
                        Ranking the candidate sites and bank credits: reading the units each one lies in…
                      </p>
                    ) : (
                      <p className="hint">
                        Choose the impact — click the map, search a place or type coordinates — and the
                        candidate sites and bank credits appear here, ranked by Minn. Stat. 103G.222.
                      </p>
                    )}
                  </section>
                )}
              </div>
            )}
          </div>
        </main>
      </div>
      <div className="report-host">
        <Suspense fallback={null}>
          <ReportView
            ref={reportRef}
            results={results}
            impact={impact}
            manifest={manifest}
            image={reportImage}
            selectedId={selectedId}
          />
        </Suspense>
      </div>
    </>
  );
}

function bankLocation(
  load: ReturnType<typeof useLayerStore.getState>['loads']['sites'],
  id: string,
): [number, number] | null {
  if (load.status !== 'ready') return null;
  const feature = load.data.features.find((item) => item.properties?.id === id);
  if (feature?.geometry?.type !== 'Point') return null;
  const [lon = 0, lat = 0] = feature.geometry.coordinates;
  return [lon, lat];
}
