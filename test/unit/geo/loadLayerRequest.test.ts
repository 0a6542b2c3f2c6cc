/**
 * What the page asks the layer worker for: an area layer's overview (built with one), or a whole
 * file, as for a layer imported in this browser (its bytes behind a blob URL, no overview).
 * A stand-in Worker records the requests; the real worker is exercised in the browser tests.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LayerManifestEntry } from '../../../src/formats/manifest';

const posted: Record<string, unknown>[] = [];
let lastWorker: RecordingWorker | null = null;

class RecordingWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  constructor() {
    lastWorker = this;
  }
  postMessage(message: Record<string, unknown>): void {
    posted.push(message);
  }
  terminate(): void {}
}

beforeAll(() => {
  vi.stubGlobal('Worker', RecordingWorker);
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const BUILT: LayerManifestEntry = {
  file: 'minor-watersheds.fgb',
  title: 'Minor watersheds (DNR Level 07)',
  featureCount: 5690,
  bounds: [-97.2, 43.5, -89.5, 49.4],
  bytes: 12_000_000,
  source: 'built',
  sourceUrl: null,
  asOf: '2026-12-01',
  retrieved: '2026-12-01T00:00:00Z',
  licence: 'As published',
  official: true,
  demonstration: false,
  buildHash: 'abc',
  overview: { file: 'minor-watersheds.overview.json', bytes: 400_000, of: 'abc' },
} as LayerManifestEntry;

const IMPORTED: LayerManifestEntry = {
  ...BUILT,
  file: 'imported-plss.fgb',
  title: 'PLSS sections (township, range, section) — plan_mngeo_trs.gpkg › plan_mngeo_trs',
  bytes: 90_000,
  buildHash: undefined,
  overview: undefined,
} as LayerManifestEntry;

async function requestFor(entry: LayerManifestEntry, url?: string): Promise<Record<string, unknown>> {
  const { loadLayer } = await import('../../../src/geo/layerLoader');
  const before = posted.length;
  void loadLayer('http://127.0.0.1:1/data/', entry, () => {}, url);
  const request = posted.slice(before).find((message) => message.file !== undefined);
  if (!request) throw new Error('no request posted');
  return request;
}

describe('loadLayer asks the worker for', () => {
  it('a layer imported in this browser: the whole file at its blob URL, never an overview', async () => {
    // The PLSS layer and a dropped BSA file failed with "its overview is not valid JSON": a
    // boolean compared with null asked the worker to read every layer as an overview.
    const request = await requestFor(IMPORTED, 'blob:http://127.0.0.1/imported-plss');
    expect(request).toMatchObject({ overview: false, url: 'blob:http://127.0.0.1/imported-plss' });
  });

  it('a built area layer with a current overview: the overview', async () => {
    const request = await requestFor(BUILT);
    expect(request).toMatchObject({
      overview: true,
      url: 'http://127.0.0.1:1/data/minor-watersheds.overview.json',
    });
  });

  it('a layer only the map draws: no features back to the page, the map’s GeoJSON by URL', async () => {
    const { loadLayer } = await import('../../../src/geo/layerLoader');
    const before = posted.length;
    const loaded = loadLayer('http://127.0.0.1:1/data/', BUILT, () => {}, undefined, false, true);
    const request = posted.slice(before).find((message) => message.file !== undefined);
    expect(request).toMatchObject({ drawOnly: true });
    const geojson = new TextEncoder().encode('{"type":"FeatureCollection","features":[]}').buffer;
    lastWorker?.onmessage?.({
      data: { id: request?.id, kind: 'done', data: null, geojson },
    } as MessageEvent);
    const layer = await loaded;
    expect(layer.data).toBeNull();
    expect(layer.drawUrl).toMatch(/^blob:/);
  });

  it('a layer the page reads: asks for its features too', async () => {
    const request = await requestFor(BUILT);
    expect(request.drawOnly).toBe(false);
  });
});
