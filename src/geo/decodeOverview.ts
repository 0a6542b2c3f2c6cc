/**
 * Fetches and decodes an area layer's overview (TopoJSON written by data/lib/buildOverviews.ts)
 * into GeoJSON for the map: the arcs are shared, so neighbouring polygons keep identical edges.
 */
import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { LayerLoadError } from './layerLoadError';
import { fromOfflineCopy, keepOfflineCopy } from './offlineCopy';

export interface OverviewRequest {
  url: string;
  title: string;
  bytes: number;
}

/** @throws LayerLoadError naming the layer when the file is missing or not its overview */
export async function decodeOverview(
  request: OverviewRequest,
  onProgress: (fraction: number) => void,
): Promise<FeatureCollection> {
  let response: Response;
  try {
    response = await fetch(request.url);
  } catch {
    throw new LayerLoadError(request.title, 'its overview could not be reached');
  }
  if (!response.ok) throw new LayerLoadError(request.title, `overview: HTTP ${response.status}`);
  let topology: Topology;
  let text: string;
  try {
    text = await response.text();
    topology = JSON.parse(text) as Topology;
  } catch {
    throw new LayerLoadError(request.title, 'its overview is not valid JSON');
  }
  const object = topology?.objects?.layer as GeometryCollection | undefined;
  if (topology?.type !== 'Topology' || object?.type !== 'GeometryCollection' || !Array.isArray(topology.arcs))
    throw new LayerLoadError(request.title, 'its overview is not a TopoJSON layer');
  onProgress(1);
  // Checked: keep it for an offline reload (src/geo/offlineCopy.ts), unless it came from there.
  if (!fromOfflineCopy(response))
    await keepOfflineCopy(request.url, new TextEncoder().encode(text), 'application/json');
  return feature(topology, object) as FeatureCollection;
}
