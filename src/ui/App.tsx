/**
 * Page layout and wiring: inputs from the store, results derived by useSitingResults, and the
 * map fed with overlays and feature-state. Holds no siting logic of its own.
 */
import { useEffect, useMemo, useState } from 'react';
import { type CameraRequest, MapView } from '../map/MapView';
import { useLayerStore } from '../store/layerStore';
import { persistInputs, useSitingStore } from '../store/sitingStore';
import { DemonstrationNotice } from './DemonstrationNotice';
import { ImpactAreaPanel } from './ImpactAreaPanel';
import { ImpactDetailsForm } from './ImpactDetailsForm';
import { LayerList } from './LayerList';
import { LayerStatus } from './LayerStatus';
import { LocationCard } from './LocationCard';
import { impactOverlay, linkOverlay, siteLabelOverlay, siteStates, userSitesOverlay } from './mapOverlays';
import { Notices } from './Notices';
import { PlaceSearch } from './PlaceSearch';
import { RankingTable } from './RankingTable';
import { ResultsAnnouncer } from './ResultsAnnouncer';
import { DEFAULT_CLICK_ACTION, SitesPanel } from './SitesPanel';
import { buildSearchIndex } from './searchIndex';
import { useSitingResults } from './useSitingResults';

export function App() {
  const loadAll = useLayerStore((state) => state.loadAll);
  const loads = useLayerStore((state) => state.loads);
  const manifest = useLayerStore((state) => state.manifest);
  const impact = useSitingStore((state) => state.impact);
  const userSites = useSitingStore((state) => state.userSites);
  const selectedId = useSitingStore((state) => state.selectedCandidateId);
  const clickMode = useSitingStore((state) => state.clickMode);
  const initialView = useSitingStore.getState().view;
  const [camera, setCamera] = useState<CameraRequest | null>(null);
  const [draft, setDraft] = useState<[number, number][]>([]);

  useEffect(() => {
    void loadAll();
    return persistInputs();
  }, [loadAll]);

  const results = useSitingResults();
  const { result, info, location, scenario, indexes } = results;

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

  const overlays = useMemo(() => {
    const selected = result?.candidates.find((candidate) => candidate.id === selectedId);
    const selectedLocation = selectedId
      ? (userSites.find((site) => site.id === selectedId)?.location ?? bankLocation(loads.sites, selectedId))
      : null;
    return {
      impact: impactOverlay(impact, draft),
      userSites: userSitesOverlay(userSites),
      links: linkOverlay(impact.location, selected ? selectedLocation : null),
      siteLabels: siteLabelOverlay(result, scenario),
    };
  }, [impact, draft, userSites, selectedId, result, scenario, loads.sites]);

  const featureStates = useMemo(
    () => siteStates(result, new Set(userSites.map((site) => site.id)), selectedId),
    [result, userSites, selectedId],
  );

  const onMapClick = (lngLat: [number, number]) => {
    const store = useSitingStore.getState();
    if (clickMode === 'draw-impact') {
      setDraft((vertices) => [...vertices, lngLat]);
    } else if (clickMode === 'add-site') {
      const number = store.userSites.length + 1;
      let id = `site-${number}`;
      while (store.userSites.some((site) => site.id === id)) id = `${id}b`;
      store.addUserSites([
        { id, name: `Proposed site ${number}`, location: lngLat, action: DEFAULT_CLICK_ACTION },
      ]);
    } else {
      store.setImpactLocation(lngLat);
    }
  };

  return (
    <div className="app">
      <header className="app-header">
        <h1>Wetland replacement siting explorer</h1>
        <p className="subtitle">Minnesota · Minn. Stat. 103G.222 · a screening aid, not a determination</p>
      </header>
      <DemonstrationNotice />
      <main className="app-main">
        <aside className="panel" aria-label="Controls and results">
          <Notices />
          <LayerStatus />
          <PlaceSearch
            entries={searchEntries}
            onChoose={(point, bounds) => {
              useSitingStore.getState().setImpactLocation(point);
              setCamera(bounds ? { kind: 'bounds', bounds } : { kind: 'center', center: point });
            }}
          />
          <ImpactAreaPanel draft={draft} setDraft={setDraft} indexes={indexes} />
          <LocationCard
            location={impact.location}
            state={location}
            demonstration={manifest?.demonstration ?? false}
            areaClass={result?.impact.units ?? null}
          />
          <ImpactDetailsForm requirement={result?.requirement ?? null} />
          <SitesPanel />
          {result && (
            <RankingTable
              result={result}
              info={info}
              selectedId={selectedId}
              onSelect={(id) => useSitingStore.getState().selectCandidate(id)}
            />
          )}
          <LayerList />
          <ResultsAnnouncer results={results} />
        </aside>
        <section className="map-region" aria-label="Map">
          <MapView
            onMapClick={onMapClick}
            onViewChange={(view) => useSitingStore.getState().setView(view)}
            initialView={initialView}
            camera={camera}
            overlays={overlays}
            featureStates={featureStates}
          />
          {clickMode === 'add-site' && (
            <p className="map-mode">Adding sites: click the map. Press “Stop adding sites” when done.</p>
          )}
        </section>
      </main>
    </div>
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
