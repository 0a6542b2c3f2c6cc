/**
 * The map, loaded as its own chunk: MapLibre is two thirds of the page's script, and the header,
 * the search and the coordinates need none of it. The chunk is asked for as soon as this module
 * runs, beside the first render, so the map arrives while the rest of the page is usable.
 * Until it does, the map's place holds an empty map element that says it is busy; if it cannot
 * be loaded (a dropped connection), the place says so and offers a reload, and the rest of the
 * page keeps working (everything entered is kept: the link and device storage hold it).
 */
import { Component, lazy, type ReactNode, Suspense } from 'react';
import type { MapViewProps } from './MapView';

const mapModule = import('./MapView');
const MapView = lazy(() => mapModule.then((module) => ({ default: module.MapView })));

class MapLoadBoundary extends Component<{ children: ReactNode }, { failed: string | null }> {
  override state = { failed: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }

  override render() {
    if (this.state.failed === null) return this.props.children;
    return (
      <div className="map map-failed" data-testid="map" aria-busy={false}>
        <div role="alert">
          <p>
            The map could not be loaded ({this.state.failed}). The search, the coordinates and the results
            still work.
          </p>
          <button type="button" onClick={() => window.location.reload()}>
            Reload the map
          </button>
        </div>
      </div>
    );
  }
}

export function LazyMapView(props: MapViewProps) {
  return (
    <MapLoadBoundary>
      <Suspense fallback={<div className="map" data-testid="map" aria-busy={true} />}>
        <MapView {...props} />
      </Suspense>
    </MapLoadBoundary>
  );
}
