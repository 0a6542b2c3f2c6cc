/**
 * The page's exact lookups without the whole layers: the layer worker reads each lookup layer's
 * R-tree once and fetches only the full-resolution polygons a batch of points falls in (or a
 * drawn area overlaps) through HTTP ranges (src/geo/rangeLocator.ts). A new batch cancels the
 * previous one's requests.
 */
import type { Feature, FeatureCollection } from 'geojson';
import { useEffect, useMemo, useState } from 'react';
import type { Manifest } from '../../formats/manifest';
import { sendDetailRequest } from '../../geo/layerLoader';
import type { Location, LookupLayer } from '../../geo/location';
import { UnitIndex } from '../../geo/unitIndex';
import { useLayerStore } from '../../store/layerStore';

type Point = readonly [number, number];
const NO_LOCAL_URLS: Readonly<Record<string, string>> = {};
const NOTHING_TO_LOCATE: Located = { locations: [], error: null, failed: [] };
export const pointKey = (point: Point) => `${point[0]},${point[1]}`;

export interface Located {
  /** The location of each point, in the order of the batch, once it has been answered; null before. */
  locations: readonly Location[] | null;
  error: string | null;
  failed: string[];
}

/**
 * The content of a batch as one string, computed once per array: a county's 100,000 sites
 * would otherwise be joined into a 2 MB key on every render of the page.
 */
const batchKeys = new WeakMap<readonly Point[], string>();
function batchKey(points: readonly Point[]): string {
  let key = batchKeys.get(points);
  if (key === undefined) {
    key = points.map(pointKey).join(';');
    batchKeys.set(points, key);
  }
  return key;
}

/**
 * Locates every point of the batch; answers for exactly this batch or null while it runs. The
 * answer is joined to the points by position (no string key per point).
 * @param retry changes when a failed layer is retried (the batch is asked again)
 */
export function useLocatedPoints(
  points: readonly Point[],
  manifest: Manifest | null,
  baseUrl: string,
  retry = '',
  localUrls: Readonly<Record<string, string>> = NO_LOCAL_URLS,
): Located {
  const key = `${retry}|${batchKey(points)}`;
  const [answer, setAnswer] = useState<{ key: string; located: Located } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the content of points.
  useEffect(() => {
    if (!manifest || points.length === 0) return;
    const absolute = new URL(baseUrl, window.location.href).href;
    return sendDetailRequest(
      { op: 'locate', baseUrl: absolute, manifest, localUrls, points: points.map((p) => [p[0], p[1]]) },
      (reply) => {
        if (reply.kind === 'located') {
          setAnswer({ key, located: { locations: reply.locations, error: null, failed: reply.failed } });
          useLayerStore
            .getState()
            .setHostUnreachable(reply.locations.some((location) => location.hostUnreachable));
          for (const line of reply.failed) console.warn(`Lookup: ${line}`);
        } else if (reply.kind === 'failed' && !reply.aborted)
          setAnswer({ key, located: { locations: null, error: reply.reason, failed: [] } });
      },
    );
  }, [key, manifest, baseUrl, localUrls]);
  if (points.length === 0) return NOTHING_TO_LOCATE;
  return answer?.key === key ? answer.located : { locations: null, error: null, failed: [] };
}

const AREA_LAYERS: LookupLayer[] = ['minorWatersheds', 'majorWatersheds', 'bankServiceAreas', 'counties'];

/** The full-resolution polygons a drawn impact area's box meets, behind one R-tree per layer. */
export function useAreaIndex(
  polygon: readonly Point[] | null,
  manifest: Manifest | null,
  baseUrl: string,
  localUrls: Readonly<Record<string, string>> = NO_LOCAL_URLS,
): UnitIndex | null {
  const rect = useMemo(() => {
    if (!polygon || polygon.length < 4) return null;
    const xs = polygon.map((p) => p[0]);
    const ys = polygon.map((p) => p[1]);
    return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
  }, [polygon]);
  const [index, setIndex] = useState<UnitIndex | null>(null);
  useEffect(() => {
    setIndex(null);
    if (!manifest || !rect) return;
    const absolute = new URL(baseUrl, window.location.href).href;
    return sendDetailRequest(
      { op: 'areas', baseUrl: absolute, manifest, localUrls, rect, layers: AREA_LAYERS },
      (reply) => {
        if (reply.kind !== 'areas') return;
        const collections: Partial<Record<LookupLayer, FeatureCollection>> = {};
        for (const layer of AREA_LAYERS)
          collections[layer] = {
            type: 'FeatureCollection',
            features: reply.layers[layer] ?? ([] as Feature[]),
          };
        setIndex(new UnitIndex(manifest, collections));
      },
    );
  }, [rect, manifest, baseUrl, localUrls]);
  return index;
}
