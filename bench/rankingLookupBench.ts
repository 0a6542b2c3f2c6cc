import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseManifest } from '../src/formats/manifest.ts';
import { bankUnitsCurrent } from '../src/geo/bankUnits.ts';
import { httpRangeFetch } from '../src/geo/rangeLayerReader.ts';
import { RangeLocator } from '../src/geo/rangeLocator.ts';
import { readFeatureCollection } from '../src/geo/readFeatureCollection.ts';
import { startCountingServer } from './countingServer.ts';

/** What locating a ranking's points costs the page's range reader (cold, then warm). */
export interface RankingLookup {
  banks: number;
  /** Whether the banks' units came from the sites layer (found by the build), so only the impact is located. */
  bankUnitsStored: boolean;
  /** Points the page locates for the ranking: the impact, plus every bank when their units are not stored. */
  points: number;
  /** Bytes to locate the impact and all banks, as the page did before the build stored their units. */
  allBanksBytes: number;
  requests: number;
  bytes: number;
  /** The five lookup files whole (what the page downloaded before). */
  wholeLayerBytes: number;
  coldMs: number;
  warmMs: number;
}

/**
 * The page's lookup for a ranking: the layer worker's RangeLocator (here on node's fetch)
 * locates what useSitingResults asks for over a loopback server — the impact, and the banks only
 * when the sites layer does not carry their units (src/geo/bankUnits.ts) — and, for comparison,
 * the impact with every bank in one batch, as before.
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
  const bankUnitsStored = bankUnitsCurrent(manifest);
  const impact: [number, number] = [-92.47, 44.02];
  const points: [number, number][] = bankUnitsStored ? [impact] : [impact, ...banks];
  const server = await startCountingServer([dataDir]);
  try {
    const before = new RangeLocator(manifest, (entry) => httpRangeFetch(`${server.url}${entry.file}`));
    await before.locateMany([impact, ...banks]);
    const allBanksBytes = [...server.bytesByPath.values()].reduce((a, b) => a + b, 0);
    server.reset();
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
    return {
      banks: banks.length,
      bankUnitsStored,
      points: points.length,
      allBanksBytes,
      requests,
      bytes,
      wholeLayerBytes,
      coldMs,
      warmMs,
    };
  } finally {
    await server.close();
  }
}
