/**
 * The layer worker: fetches and decodes FlatGeobuf layers off the page's main thread and posts
 * back progress, the decoded features, or a named error.
 */
import { type DecodeRequest, decodeLayer, LayerLoadError } from './decodeLayer';
import { decodeOverview } from './decodeOverview';
import { type DetailReply, type DetailRequest, handleDetailRequest, setRangeNotice } from './detailRequests';

/** A whole layer to decode (`overview`: its TopoJSON overview instead of the FlatGeobuf file). */
export type WorkerRequest = ({ id: number; overview?: boolean } & DecodeRequest) | DetailRequest;
export type WorkerReply =
  | DetailReply
  | { id: number; kind: 'progress'; fraction: number }
  | { id: number; kind: 'done'; data: import('geojson').FeatureCollection; geojson: ArrayBuffer }
  | { id: number; kind: 'error'; title: string; reason: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage: (reply: WorkerReply, transfer?: Transferable[]) => void;
};

setRangeNotice((message) => scope.postMessage({ id: -1, kind: 'notice', message }));

scope.onmessage = (event) => {
  if ('op' in event.data) {
    void handleDetailRequest(event.data, (reply) => scope.postMessage(reply));
    return;
  }
  const { id, overview, ...request } = event.data;
  const progress = (fraction: number) => scope.postMessage({ id, kind: 'progress', fraction });
  (overview ? decodeOverview(request, progress) : decodeLayer(request, progress)).then(
    (data) => {
      // The map draws from GeoJSON text handed over as a transferred buffer: MapLibre's own worker
      // then parses it, instead of the page cloning the features a second time into setData.
      const geojson = new TextEncoder().encode(JSON.stringify(data)).buffer as ArrayBuffer;
      scope.postMessage({ id, kind: 'done', data, geojson }, [geojson]);
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
