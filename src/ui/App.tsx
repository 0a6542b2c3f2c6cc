/**
 * The page's composition: inputs from the store, results derived by useSitingResults, one hook
 * per concern (hearing, the public view's place, overlays, the report's map image, search, file
 * drops) and the panels laid out around the one map. Holds no siting logic of its own.
 */

import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { type CameraRequest, MINNESOTA_BOUNDS } from '../map/mapTypes';
import type { Inputs } from '../store/inputs';
import { useLayerStore } from '../store/layerStore';
import { restoreStoredSites, sitesKeeper } from '../store/persistUserSites';
import { persistInputs, useSitingStore } from '../store/sitingStore';
import { AppHeader } from './app/AppHeader';
import { ControlsPanel } from './app/ControlsPanel';
import { MapRegion } from './app/MapRegion';
import { areaClassUnknownAt } from './app/mapLayerMask';
import { PHONE_QUERY } from './app/phoneQuery';
import { SkipLinks } from './app/SkipLinks';
import { LazyApplicationView } from './application/LazyApplicationView';
import { SelectedBankCard } from './application/SelectedBankCard';
import { leaveFullscreen } from './hearing/fullscreen';
import { useHearing } from './hearing/useHearing';
import { useMapOverlays } from './layers/useMapOverlays';
import { ImpactAreaPanel } from './location/ImpactAreaPanel';
import { locateOnce } from './location/locateOnce';
import { openingView } from './location/openingFrame';
import { useImpactClick } from './location/useImpactClick';
import { useOpeningFrame } from './location/useOpeningFrame';
import { usePublicPlace } from './location/usePublicPlace';
import { useOfficialFileDrop } from './officialImport/useOfficialFileDrop';
import { OfflineStatus } from './offline/OfflineStatus';
import { useRememberLookedUpPlace } from './offline/useLookedUpPlaces';
import { LazyRankingTable, usePreloadRankingTable } from './ranking/LazyRankingTable';
import { NotRanked } from './ranking/NotRanked';
import { ResultsPanel } from './ranking/ResultsPanel';
import { useSitingResults } from './ranking/useSitingResults';
import { useReportCapture } from './report/useReportCapture';
import { PlaceSearch } from './search/PlaceSearch';
import { useSearchEntries } from './search/useSearchEntries';
import { addSiteAt } from './sites/addSiteAt';
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

export function App() {
  usePreloadRankingTable();
  const startLoading = useLayerStore((state) => state.start);
  const manifest = useLayerStore((state) => state.manifest);
  const baseUrl = useLayerStore((state) => state.baseUrl);
  const localUrls = useLayerStore((state) => state.localFiles.urls);
  const impact = useSitingStore((state) => state.impact);
  const selectedId = useSitingStore((state) => state.selectedCandidateId);
  const clickMode = useSitingStore((state) => state.clickMode);
  const mode = useSitingStore((state) => state.mode);
  const setMode = useSitingStore((state) => state.setMode);
  const initialView = useSitingStore.getState().view;
  // The map's first camera: the saved view, else a link's impact, else the whole state.
  const [firstView] = useState(
    () => initialView ?? openingView(useSitingStore.getState().impact.location, MINNESOTA_BOUNDS),
  );
  const [camera, setCamera] = useState<CameraRequest | null>(null);
  const [draft, setDraft] = useState<[number, number][]>([]);
  const [clickRefusal, setClickRefusal] = useState<string | null>(null);
  const phone = useMediaQuery(PHONE_QUERY);
  const [sheet, setSheet] = useState<'peek' | 'full'>('peek');

  useEffect(() => {
    // Already started by main.tsx; a no-op then.
    void startLoading();
    return persistInputs(restoreStoredSites(), sitesKeeper());
  }, [startLoading]);

  const results = useSitingResults();
  const fileDrop = useOfficialFileDrop();
  const { result, info, location, scenario, indexes, place } = results;
  useRememberLookedUpPlace(manifest?.generatedAt ?? null, impact.location, place);
  const locations = useMemo(
    () => new Map((scenario?.candidates ?? []).map((candidate) => [candidate.id, candidate.location])),
    [scenario],
  );
  const hearing = useHearing(mode, result, selectedId, impact.location, locations, setCamera);
  useOpeningFrame(initialView !== null, impact.location, result, locations, setCamera);
  const { publicPoint, setPublicPoint, publicPlace } = usePublicPlace(mode, impact.location);
  const { overlays, featureStates } = useMapOverlays(
    results,
    locations,
    mode,
    draft,
    hearing.hearingStep,
    publicPoint,
  );
  const report = useReportCapture();
  const search = useSearchEntries();
  const locate = useMemo(() => locateOnce(manifest, baseUrl, localUrls), [manifest, baseUrl, localUrls]);
  const impactClick = useImpactClick(locate, result, scenario?.impact.location ?? null, locations, setCamera);

  const moveToView = (inputs: Inputs) => {
    if (inputs.view) setCamera({ kind: 'center', center: inputs.view.center, zoom: inputs.view.zoom });
  };

  const onMapClick = (lngLat: [number, number]) => {
    if (clickMode === 'draw-impact') setDraft((vertices) => [...vertices, lngLat]);
    else if (clickMode === 'add-site') void addSiteAt(lngLat, locate).then(setClickRefusal);
    else impactClick.chooseByClick(lngLat);
  };

  const searchWith = (extra?: ReactNode) => (
    <PlaceSearch
      title={mode.kind === 'public' ? 'Look up a place' : 'Choose the impact'}
      search={search.search}
      searchExtra={search.searchExtra}
      onFirstUse={search.onFirstUse}
      namesLoading={search.namesLoading}
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

  const ranking = result ? (
    <LazyRankingTable
      result={result}
      info={info}
      selectedId={selectedId}
      onSelect={(id) => useSitingStore.getState().selectCandidate(id)}
    />
  ) : results.unread ? (
    <NotRanked unread={results.unread} />
  ) : null;

  return (
    <>
      <div className={`app mode-${mode.kind} sheet-${sheet}`}>
        <SkipLinks toRanking={mode.kind === 'explore' && result !== null} />
        {mode.kind !== 'hearing' && (
          <AppHeader mode={mode} setMode={setMode} hearingButton={hearing.button} offlineStatus={!phone} />
        )}
        <main className="app-main">
          {mode.kind === 'explore' && (
            <ControlsPanel
              results={results}
              search={searchWith(<ImpactAreaPanel draft={draft} setDraft={setDraft} index={indexes} />)}
              phoneRanking={phone ? ranking : null}
              locate={locate}
              clickRefusal={clickRefusal}
              sheet={phone ? sheet : null}
              setSheet={setSheet}
              onOpened={moveToView}
              report={report}
            />
          )}
          {mode.kind === 'public' && (
            <Explainer
              search={searchWith()}
              place={publicPlace}
              manifest={manifest}
              baseUrl={baseUrl}
              offlineStatus={phone ? <OfflineStatus /> : null}
              answerKey={phone && publicPoint ? publicPoint.join(',') : null}
              onLeave={() => {
                // A place looked up with no impact yet becomes the impact: the explorer opens on it.
                if (!impact.location && publicPoint) {
                  useSitingStore.getState().setImpactLocation(publicPoint);
                  setCamera({ kind: 'center', center: publicPoint });
                }
                setMode({ kind: 'explore' });
              }}
            />
          )}
          {mode.kind === 'hearing' && (
            <Suspense fallback={<p role="status">Loading hearing mode…</p>}>
              <HearingView
                steps={hearing.steps}
                step={hearing.step}
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
            <MapRegion
              mode={mode}
              clickMode={clickMode}
              onMapClick={
                mode.kind === 'hearing' ? undefined : mode.kind === 'public' ? setPublicPoint : onMapClick
              }
              initialView={firstView}
              camera={camera}
              overlays={overlays}
              featureStates={featureStates}
              visibleSiteIds={hearing.hearingStep?.siteIds ?? null}
              demonstration={manifest?.demonstration ?? false}
              phone={phone}
              onMapReady={(api) => {
                report.mapApi.current = api;
              }}
              fileDrop={fileDrop}
              prompt={mode.kind === 'explore' ? impactClick.prompt : null}
              areaClassUnknown={areaClassUnknownAt(mode.kind === 'public' ? publicPlace : place)}
              bankCard={<SelectedBankCard result={result} info={info} selectedId={selectedId} />}
            />
            {mode.kind === 'explore' && !phone && (
              <ResultsPanel
                ranking={ranking}
                rankingPending={
                  impact.location !== null && location.status !== 'error' && place?.inMinnesota !== false
                }
              />
            )}
          </div>
        </main>
      </div>
      <LazyApplicationView results={results} />
      <div className="report-host">
        <Suspense fallback={null}>
          <ReportView
            ref={report.reportRef}
            results={results}
            impact={impact}
            manifest={manifest}
            image={report.reportImage}
            selectedId={selectedId}
          />
        </Suspense>
      </div>
    </>
  );
}
