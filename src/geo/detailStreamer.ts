/**
 * Full resolution where the user looks: below `detailZoom` the map draws the overviews; from it
 * on, each area layer streams the full-resolution features in view (plus a margin) through the
 * layer worker's range reads, batch by batch, and the map merges each batch into its source.
 * A move cancels the previous view's requests (AbortSignal in the worker). What the map already
 * holds is not fetched again; past `maxVertices` per layer the detail is dropped and the view
 * refetched, so a long pan does not grow the map's memory without bound. Knows nothing of MapLibre.
 */
import type { Feature } from 'geojson';
import type { LayerManifestEntry, LayerName } from '../formats/manifest';
import type { Rect } from './featureSource';
import { sendDetailRequest } from './layerLoader';

/** From this zoom on, area layers draw at full resolution. */
export const DETAIL_ZOOM = 9;

export interface DetailTarget {
  /** Merges full-resolution features (same `id` as the overview's) into the layer's source. */
  add: (name: LayerName, features: Feature[]) => void;
  /** Puts the overview back (detail dropped). */
  reset: (name: LayerName) => void;
  progress: (name: LayerName, progress: { title: string; loaded: number; total: number } | null) => void;
}

interface LayerState {
  held: Set<number>;
  vertices: number;
  cancel: (() => void) | null;
  /** The stream now running; replies of an older one only add features. */
  current: object | null;
  /** The box the running stream reads. */
  rectKey: string;
}

function countVertices(feature: Feature): number {
  const g = feature.geometry;
  if (g?.type === 'Polygon') return g.coordinates.reduce((n, ring) => n + ring.length, 0);
  if (g?.type === 'MultiPolygon')
    return g.coordinates.reduce((n, polygon) => n + polygon.reduce((m, ring) => m + ring.length, 0), 0);
  return 0;
}

export class DetailStreamer {
  private readonly layers = new Map<LayerName, LayerState>();

  constructor(
    private readonly target: DetailTarget,
    private readonly maxVertices = 3_000_000,
  ) {}

  /**
   * Called after each move: streams what the view lacks, or drops detail below `detailZoom`.
   * @param entries the area layers to detail (drawn and with an overview), by name
   */
  update(
    zoom: number,
    view: Rect,
    baseUrl: string,
    entries: ReadonlyMap<LayerName, LayerManifestEntry>,
  ): void {
    for (const [name, state] of this.layers) {
      if (zoom >= DETAIL_ZOOM && entries.has(name)) continue;
      this.drop(name, state);
    }
    if (zoom < DETAIL_ZOOM) return;
    const width = view.maxX - view.minX;
    const height = view.maxY - view.minY;
    const rect = {
      minX: view.minX - width * 0.25,
      minY: view.minY - height * 0.25,
      maxX: view.maxX + width * 0.25,
      maxY: view.maxY + height * 0.25,
    };
    for (const [name, entry] of entries) {
      let state = this.layers.get(name);
      if (!state) {
        state = { held: new Set(), vertices: 0, cancel: null, current: null, rectKey: '' };
        this.layers.set(name, state);
      }
      const rectKey = `${rect.minX},${rect.minY},${rect.maxX},${rect.maxY}`;
      // Already reading this very view (a re-render, not a move): let it go on.
      if (state.current && state.rectKey === rectKey) continue;
      state.rectKey = rectKey;
      state.cancel?.();
      if (state.vertices > this.maxVertices) {
        this.target.reset(name);
        state.held.clear();
        state.vertices = 0;
      }
      const layerState = state;
      const token = {};
      layerState.current = token;
      this.target.progress(name, { title: entry.title, loaded: 0, total: 0 });
      const cancel = sendDetailRequest(
        {
          op: 'stream',
          url: new URL(entry.file, baseUrl).href,
          bytes: entry.bytes,
          rect,
          have: [...layerState.held],
        },
        (reply) => {
          if (reply.kind === 'batch') {
            for (const index of reply.indexes) layerState.held.add(index);
            for (const feature of reply.features) layerState.vertices += countVertices(feature);
            this.target.add(name, reply.features);
            if (layerState.current === token)
              this.target.progress(name, { title: entry.title, loaded: reply.loaded, total: reply.total });
          } else if (layerState.current === token) {
            layerState.cancel = null;
            layerState.current = null;
            this.target.progress(name, null);
            if (reply.kind === 'failed' && !reply.aborted)
              console.warn(
                `${entry.title}: full detail could not be read (${reply.reason}); the overview stays.`,
              );
          }
        },
      );
      layerState.cancel = () => {
        cancel();
        if (layerState.current === token) layerState.current = null;
        this.target.progress(name, null);
      };
    }
  }

  private drop(name: LayerName, state: LayerState): void {
    state.cancel?.();
    if (state.held.size > 0) this.target.reset(name);
    this.layers.delete(name);
  }

  /** Cancels every stream (the map is going away). */
  stop(): void {
    for (const state of this.layers.values()) state.cancel?.();
    this.layers.clear();
  }
}
