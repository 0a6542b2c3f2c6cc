import { fetchRibitsBanks } from '../data/lib/fetchRibitsBanks.ts';
import {
  type FixtureBank,
  generatedMinnesotaBanks,
  OTHER_FIXTURE_BANKS,
} from '../test/fixtures/ribits/ribitsFixtures.ts';
import { startRibitsStandIn } from '../test/fixtures/ribits/startRibitsStandIn.ts';

/** One refresh of the 500 banks from the stand-in. */
export interface RibitsRefreshRun {
  /** Milliseconds the stand-in waits before each answer (0: loopback only; 50: a distant server). */
  serverDelayMs: number;
  concurrency: number;
  banks: number;
  listed: number;
  requests: number;
  retries: number;
  maxInFlight: number;
  ms: number;
  banksPerSecond: number;
}

/** `npm run bench -- ribits`: refreshing 500 Minnesota banks from the loopback RIBITS stand-in. */
export interface RibitsBenchResult {
  /** Vertices of the service area each bank's detail carries (a BSA outline as GeoJSON text). */
  serviceAreaVertices: number;
  detailBytes: number;
  runs: RibitsRefreshRun[];
}

/**
 * Refreshes 500 generated Minnesota banks (each detail with a 2,000-vertex service area as a
 * GeoJSON string, ~75 kB) from the stand-in behind a national list of ~4,900 names: once with
 * answers as fast as loopback allows, and with a 50 ms server delay at concurrency 1, 4 (the
 * default) and 8, to show what bounded concurrency buys against a distant server.
 */
export async function ribitsBench(log: (line: string) => void): Promise<RibitsBenchResult> {
  const minnesota = generatedMinnesotaBanks(500, 2000);
  const others: FixtureBank[] = Array.from({ length: 4400 }, (_, i) => ({
    ...OTHER_FIXTURE_BANKS[i % OTHER_FIXTURE_BANKS.length]!,
    id: 100_000 + i,
    name: `${OTHER_FIXTURE_BANKS[i % OTHER_FIXTURE_BANKS.length]!.name} ${i}`,
  }));
  const runs: RibitsRefreshRun[] = [];
  let detailBytes = 0;
  for (const [serverDelayMs, concurrency] of [
    [0, 4],
    [50, 1],
    [50, 4],
    [50, 8],
  ] as const) {
    const standIn = await startRibitsStandIn([...others, ...minnesota], { delayMs: serverDelayMs });
    try {
      if (detailBytes === 0) {
        const response = await fetch(
          `${standIn.baseUrl}bank_site_data/?q=${encodeURIComponent(JSON.stringify({ bank_id: minnesota[0]!.id, show_service_area: 'Yes' }))}`,
        );
        detailBytes = (await response.arrayBuffer()).byteLength;
      }
      const started = performance.now();
      const refresh = await fetchRibitsBanks({ baseUrl: standIn.baseUrl, concurrency });
      const ms = performance.now() - started;
      const run = {
        serverDelayMs,
        concurrency,
        banks: refresh.records.length,
        listed: refresh.listed,
        requests: refresh.requests,
        retries: refresh.retries,
        maxInFlight: standIn.maxInFlight,
        ms,
        banksPerSecond: refresh.records.length / (ms / 1000),
      };
      runs.push(run);
      log(
        `ribits: ${run.banks} banks (list of ${run.listed}) in ${ms.toFixed(0)} ms, ${run.requests} requests, concurrency ${concurrency} (max in flight ${run.maxInFlight}), server delay ${serverDelayMs} ms`,
      );
    } finally {
      await standIn.close();
    }
  }
  return { serviceAreaVertices: 2001, detailBytes, runs };
}
