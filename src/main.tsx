import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import './ui/app.css';
import './ui/report/report.css';
import { newScenarioId, putSavedScenario } from './store/savedScenarios';
import { keepDisplacedWork } from './store/sitingStore';
import { registerServiceWorker } from './ui/offline/registerServiceWorker';

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
