import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseManifest } from '../src/formats/manifest.ts';
import { httpRangeFetch } from '../src/geo/rangeLayerReader.ts';
import { RangeLocator } from '../src/geo/rangeLocator.ts';
import { readFeatureCollection } from '../src/geo/readFeatureCollection.ts';
import { startCountingServer } from './countingServer.ts';

/** What locating every bank of a ranking costs the page's range reader (cold, then warm). */
export interface RankingLookup {
  banks: number;
  requests: number;
  bytes: number;
  /** The five lookup files whole (what the page downloaded before). */
  wholeLayerBytes: number;
  coldMs: number;
  warmMs: number;
}

/**
 * The page's lookup for a ranking: the layer worker's RangeLocator (here on node's fetch)
 * locates the impact and all banks of the sites layer in one batch over a loopback server.
 */
export async function rankingLookupBench(dataDir: string): Promise<RankingLookup> {
  const manifest = parseManifest(JSON.parse(await readFile(path.join(dataDir, 'manifest.json'), 'utf8')));
  const sites = manifest.layers.sites;
  if (!sites) throw new Error('no sites layer');
  const banks = (
    await readFeatureCollection(new Uint8Array(await readFile(path.join(dataDir, sites.file))))
  ).features
    .filter((f) => f.properties?.kind === 'bank' && f.geometry?.type === 'Point')
    .map((f) => (f.geometry as import('geojson').Point).coordinates as [number, number]);
  const points: [number, number][] = [[-92.47, 44.02], ...banks];
  const server = await startCountingServer([dataDir]);
  try {
    const locator = new RangeLocator(manifest, (entry) => httpRangeFetch(`${server.url}${entry.file}`));
    let start = performance.now();
    await locator.locateMany(points);
    const coldMs = performance.now() - start;
    const bytes = [...server.bytesByPath.values()].reduce((a, b) => a + b, 0);
    const requests = [...server.requestsByPath.values()].reduce((a, b) => a + b, 0);
    start = performance.now();
    await locator.locateMany(points);
    const warmMs = performance.now() - start;
    const lookup = ['state', 'counties', 'majorWatersheds', 'minorWatersheds', 'bankServiceAreas'] as const;
    const wholeLayerBytes = lookup.reduce((sum, name) => sum + (manifest.layers[name]?.bytes ?? 0), 0);
    return { banks: banks.length, requests, bytes, wholeLayerBytes, coldMs, warmMs };
  } finally {
    await server.close();
  }
}
