/**
 * Page layout: header, side panel of controls and results, and the map.
 */
import { useEffect } from 'react';
import { MapView } from '../map/MapView';
import { useLayerStore } from '../store/layerStore';
import { DemonstrationNotice } from './DemonstrationNotice';
import { LayerStatus } from './LayerStatus';

export function App() {
  const loadAll = useLayerStore((state) => state.loadAll);
  useEffect(() => {
    void loadAll();
  }, [loadAll]);

  return (
    <div className="app">
      <header className="app-header">
        <h1>Wetland replacement siting explorer</h1>
        <p className="subtitle">Minnesota · Minn. Stat. 103G.222 · a screening aid, not a determination</p>
      </header>
      <DemonstrationNotice />
      <main className="app-main">
        <aside className="panel" aria-label="Controls and results">
          <LayerStatus />
        </aside>
        <section className="map-region" aria-label="Map">
          <MapView />
        </section>
      </main>
    </div>
  );
}
