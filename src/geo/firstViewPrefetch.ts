/**
 * The first visit's data chain, run in the layer worker as soon as it starts (issue 24, item 12):
 * the data source (config.json), the manifest and the layers the first view draws are fetched and
 * decoded here while the page's main thread is still evaluating its script and rendering, instead
 * of one step after another between the page's own tasks. The page takes the source and the
 * manifest from here (one request each, no second download), and its decode requests for those
 * layers find them decoded already (`takePrefetched`).
 */
import type { FeatureCollection } from 'geojson';
import { LAYER_NAMES, type LayerName, parseManifest, usableOverview } from '../formats/manifest';
import { type DataSource, readDataSource } from './dataSource';
import { decodeLayer } from './decodeLayer';
import { decodeOverview } from './decodeOverview';
import { decodeRequestOf } from './decodeRequestOf';
import { fetchManifest, type ManifestAnswer } from './fetchManifest';
import { keepManifestCopy, openStores } from './offlineCopy';

export interface PrefetchRequest {
  op: 'prefetch';
  pageUrl: string;
  /** The page's Content-Security-Policy, which a configured data origin must satisfy. */
  policy: string | null;
  /** The build's data URL (VITE_DATA_URL), as the page would use it. */
  built: string;
  /** Layers the first view does not draw when they have an overview (the page loads them on demand). */
  deferred: readonly LayerName[];
}

export type PrefetchReply =
  | { id: -2; kind: 'source'; source: DataSource }
  /** `keeping`: this worker keeps the manifest's offline copy (the page must not, and its stores wait for 'kept'). */
  | { id: -2; kind: 'manifest'; answer: ManifestAnswer; keeping: boolean }
  | { id: -2; kind: 'kept' };

const early = new Map<string, Promise<FeatureCollection>>();

/** The decode of `url` the start-up began, handed over once (null when there is none). */
export function takePrefetched(url: string): Promise<FeatureCollection> | null {
  const decoding = early.get(url) ?? null;
  early.delete(url);
  return decoding;
}

/** Runs the chain, posting the source and the manifest's answer as soon as each is known. */
export async function prefetchFirstView(
  request: PrefetchRequest,
  post: (reply: PrefetchReply) => void,
): Promise<void> {
  const source = await readDataSource(request.pageUrl, request.policy, request.built);
  post({ id: -2, kind: 'source', source });
  const answer = await fetchManifest(source.baseUrl);
  let manifest: ReturnType<typeof parseManifest> | null = null;
  try {
    if (answer.reached && answer.ok && answer.text !== null)
      manifest = parseManifest(JSON.parse(answer.text));
  } catch {
    manifest = null; // The page reads the same answer and names the problem.
  }
  const keeping = manifest !== null && answer.reached && !answer.offline;
  post({ id: -2, kind: 'manifest', answer, keeping });
  if (!manifest || !answer.reached || answer.text === null) return;
  // The manifest's copy first, here, while the layers below are fetched (only their stores wait).
  if (keeping)
    void keepManifestCopy(answer.url || `${source.baseUrl}manifest.json`, answer.text).then(() => {
      openStores();
      post({ id: -2, kind: 'kept' });
    });
  else openStores();
  for (const name of LAYER_NAMES) {
    const entry = manifest.layers[name];
    if (!entry || (request.deferred.includes(name) && usableOverview(entry) !== null)) continue;
    const { request: decode, overview } = decodeRequestOf(source.baseUrl, entry);
    const decoding = overview ? decodeOverview(decode, () => {}) : decodeLayer(decode, () => {});
    // A failure is not reported here: the page's own request reads the layer again and names it.
    decoding.catch(() => undefined);
    early.set(decode.url, decoding);
  }
}
