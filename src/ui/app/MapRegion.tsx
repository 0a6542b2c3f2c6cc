/**
 * The map's region of the page: the one MapView, with what is written over it (the keyboard
 * crosshair, the demonstration watermark, the drop target for official files, the click mode,
 * detail loading progress and the legend). Enter on the map acts as a click at its centre.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { HEARING_SCALE } from '../../map/hearingScale';
import { LazyMapView } from '../../map/LazyMapView';
import type { MapViewProps } from '../../map/MapView';
import type { CameraRequest, FeatureStates, MapApi } from '../../map/mapTypes';
import type { Mode } from '../../store/inputs';
import type { ClickMode } from '../../store/sitingStore';
import { useSitingStore } from '../../store/sitingStore';
import { DetailProgress } from '../layers/DetailProgress';
import { MapLegend } from '../layers/MapLegend';
import type { useOfficialFileDrop } from '../officialImport/useOfficialFileDrop';
import { mapLayerMask } from './mapLayerMask';

/** Where Enter on the map acts before the map has reported a view of its own. */
const MINNESOTA_CENTER: [number, number] = [-94.3, 46.3];

export interface MapRegionProps {
  mode: Mode;
  clickMode: ClickMode;
  /** A click (or Enter) on the map, in explore mode and the public view; none while presenting. */
  onMapClick: ((lngLat: [number, number]) => void) | undefined;
  initialView: MapViewProps['initialView'];
  camera: CameraRequest | null;
  overlays: MapViewProps['overlays'];
  featureStates: FeatureStates;
  visibleSiteIds: readonly string[] | null;
  demonstration: boolean;
  phone: boolean;
  onMapReady: (api: MapApi) => void;
  /** Drag-and-drop of official layer files (explore mode only). */
  fileDrop: ReturnType<typeof useOfficialFileDrop>;
  /** A question about the last click, written over the map (e.g. replace the impact?). */
  prompt?: ReactNode;
  /** The card reads the place's area class as not known: its colours are not drawn. */
  areaClassUnknown?: boolean;
  /** The selected bank's card (explore mode). */
  bankCard?: ReactNode;
}

export function MapRegion(props: MapRegionProps) {
  const { mode, clickMode, onMapClick, fileDrop } = props;
  // Keyboard users pan with the arrow keys; Enter then does what a click at the centre does.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLCanvasElement)) return;
    if (!onMapClick) return;
    const center = useSitingStore.getState().view?.center ?? MINNESOTA_CENTER;
    event.preventDefault();
    onMapClick([center[0], center[1]]);
  };
  return (
    <section
      id="map"
      className="map-region"
      aria-label="Map"
      onKeyDown={onKeyDown}
      {...(mode.kind === 'explore' ? fileDrop.handlers : {})}
    >
      <LazyMapView
        onMapClick={onMapClick}
        onViewChange={(view) => useSitingStore.getState().setView(view)}
        initialView={props.initialView}
        camera={props.camera}
        overlays={props.overlays}
        featureStates={props.featureStates}
        visibleSiteIds={props.visibleSiteIds}
        layerMask={mapLayerMask(mode.kind === 'public', props.areaClassUnknown ?? false)}
        markScale={mode.kind === 'hearing' ? HEARING_SCALE : 1}
        onMapReady={props.onMapReady}
      />
      <span className="map-crosshair" aria-hidden="true" />
      {props.demonstration && <p className="map-watermark">Demonstration geography — not official</p>}
      {fileDrop.dragging && (
        <p className="map-drop-target">Drop the official layer files to load them in this browser</p>
      )}
      {clickMode === 'add-site' && mode.kind === 'explore' && (
        <p className="map-mode">Adding sites: click the map. Press “Stop adding sites” when done.</p>
      )}
      {clickMode === 'draw-impact' && mode.kind === 'explore' && (
        <p className="map-mode">Drawing the impact area: click its corners, then “Finish area”.</p>
      )}
      {props.prompt}
      {props.areaClassUnknown && (
        <p className="map-mode" role="status">
          Area-class colours not drawn: this place’s wetland area class is not known (see the card).
        </p>
      )}
      {mode.kind === 'explore' && props.bankCard}
      <DetailProgress compact={mode.kind === 'hearing'} />
      {mode.kind === 'explore' && !props.phone && <MapLegend />}
    </section>
  );
}
