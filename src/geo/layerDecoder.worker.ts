/**
 * The layer worker: fetches and decodes FlatGeobuf layers off the page's main thread and posts
 * back progress, the decoded features, or a named error.
 */
import { countyLabelPoints } from './countyLabelPoints';
import { type DecodeRequest, decodeLayer, LayerLoadError } from './decodeLayer';
import { decodeOverview } from './decodeOverview';
import { type DetailReply, type DetailRequest, handleDetailRequest, setRangeNotice } from './detailRequests';
import {
  type PrefetchReply,
  type PrefetchRequest,
  prefetchFirstView,
  takePrefetched,
} from './firstViewPrefetch';
import { holdStores, openStores } from './offlineCopy';

/**
 * A whole layer to decode (`overview`: its TopoJSON overview instead of the FlatGeobuf file;
 * `labelPoints`: also a label point per feature, as the counties' names need; `drawOnly`: the page
 * reads none of its features, so only the map's GeoJSON goes back, not the features as well).
 */
export type WorkerRequest =
  | ({ id: number; overview?: boolean; labelPoints?: boolean; drawOnly?: boolean } & DecodeRequest)
  | DetailRequest
  /** The page keeps the manifest's copy first; until it says `open`, this worker's stores wait. */
  | { op: 'stores'; open: boolean }
  | PrefetchRequest;
export type WorkerReply =
  | DetailReply
  | PrefetchReply
  | { id: number; kind: 'progress'; fraction: number }
  | {
      id: number;
      kind: 'done';
      /** Null for a `drawOnly` layer. */
      data: import('geojson').FeatureCollection | null;
      geojson: ArrayBuffer;
      labels?: import('geojson').FeatureCollection<import('geojson').Point>;
    }
  | { id: number; kind: 'error'; title: string; reason: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage: (reply: WorkerReply, transfer?: Transferable[]) => void;
};

setRangeNotice((message) => scope.postMessage({ id: -1, kind: 'notice', message }));
holdStores();

scope.onmessage = (event) => {
  if ('op' in event.data && event.data.op === 'stores') {
    if (event.data.open) openStores();
    else holdStores();
    return;
  }
  if ('op' in event.data && event.data.op === 'prefetch') {
    void prefetchFirstView(event.data, (reply) => scope.postMessage(reply));
    return;
  }
  if ('op' in event.data) {
    void handleDetailRequest(event.data, (reply) => scope.postMessage(reply));
    return;
  }
  const { id, overview, labelPoints, drawOnly, ...request } = event.data;
  const progress = (fraction: number) => scope.postMessage({ id, kind: 'progress', fraction });
  const decode = () => (overview ? decodeOverview(request, progress) : decodeLayer(request, progress));
  // Begun at start-up for the first view: taken as is (read again only if that read failed).
  const prefetched = takePrefetched(request.url);
  (prefetched ? prefetched.catch(decode) : decode()).then(
    (data) => {
      // The map draws from GeoJSON text handed over as a transferred buffer: MapLibre's own worker
      // then parses it, instead of the page cloning the features a second time into setData.
      const geojson = new TextEncoder().encode(JSON.stringify(data)).buffer as ArrayBuffer;
      // Label points here, not on the page: polylabel over every county took ~230 ms of the
      // main thread while a first visit was trying to take its first keystroke (issue 24).
      const labels = labelPoints ? countyLabelPoints(data) : undefined;
      // A drawn-only layer's features are not cloned into the page: reading a clone of the minor
      // watersheds' overview (50,000 positions) held the page's main thread on a first visit.
      scope.postMessage(
        { id, kind: 'done', data: drawOnly ? null : data, geojson, ...(labels ? { labels } : {}) },
        [geojson],
      );
    },
    (error: unknown) =>
      scope.postMessage({
        id,
        kind: 'error',
        title: error instanceof LayerLoadError ? error.layerTitle : request.title,
        reason:
          error instanceof LayerLoadError
            ? error.reason
            : error instanceof Error
              ? error.message
              : String(error),
      }),
  );
};
