import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// MapLibre's styles before the page's own, which override some of them: the map's script is a
// lazy chunk (src/map/LazyMapView.tsx), and its CSS, loaded with it, would come last and win.
import 'maplibre-gl/dist/maplibre-gl.css';
import { App } from './ui/App';
import './ui/app.css';
import './ui/report/report.css';
import { useLayerStore } from './store/layerStore';
import { newScenarioId, putSavedScenario } from './store/savedScenarios';
import { keepDisplacedWork } from './store/sitingStore';
import { registerServiceWorker } from './ui/offline/registerServiceWorker';

// The data first: its requests and the layer worker's start overlap React's first render.
void useLayerStore.getState().start();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// Before anything can change: keep the work a link would otherwise overwrite.
await keepDisplacedWork(putSavedScenario, newScenarioId);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
