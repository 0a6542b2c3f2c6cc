import type { BanksFile } from '../../../src/formats/ribits/banksFile.ts';
import { type AcquiredRibitsBanks, acquireRibitsSites } from '../acquireRibitsSites.ts';
import { normalizeRibitsBanks, normalizeSnapshotBanks, snapshotBankEntries } from '../normalizeSites.ts';
import type { BuildContext } from './buildContext.ts';
import type { BuiltLayer } from './pipelineTypes.ts';

export interface AcquiredSites {
  layer: BuiltLayer | null;
  banks: BanksFile | null;
  /** The live RIBITS refresh, when the banks came from one. */
  live: AcquiredRibitsBanks | null;
}

/**
 * The bank sites and banks.json: the mirror's RIBITS snapshot, else a live RIBITS refresh when
 * online (its last good copy when it fails), else none, said in one line.
 */
export async function acquireSites(ctx: BuildContext): Promise<AcquiredSites> {
  const { sources, offline, log } = ctx;
  if (ctx.mirrorHas('sites')) {
    const records = ctx.readMirror('sites');
    return {
      layer: {
        features: normalizeSnapshotBanks(records, 'sites'),
        provenance: ctx.mirrorProvenance('sites'),
      },
      banks: {
        schema: 1,
        source: 'ribits-2020-snapshot',
        retrieved: null,
        asOf: sources.layers.sites.mirror!.asOf,
        refreshFailure: null,
        banks: snapshotBankEntries(records),
      },
      live: null,
    };
  }
  const official = sources.layers.sites.official;
  if (offline || !official) {
    if (ctx.mirrorDir || !offline)
      log('sites: not in the mirror and no official source reached; the sites layer is left out.');
    return { layer: null, banks: null, live: null };
  }
  const { ribits } = ctx.options;
  const live = await acquireRibitsSites({
    ...ribits,
    baseUrl: ribits?.url ?? official.url,
    cachePath: ribits?.cachePath ?? null,
    timeoutMs: ribits?.timeoutMs ?? ctx.options.timeoutMs,
    log,
    now: ctx.now,
  });
  if (!live) return { layer: null, banks: null, live: null };
  const { features, entries } = normalizeRibitsBanks(live.records);
  const off = entries.filter((e) => !e.onMap);
  if (off.length > 0)
    log(
      `sites: ${off.length} of ${entries.length} RIBITS banks are not on the map (kept in banks.json): ${off
        .slice(0, 5)
        .map((e) => `bank ${e.ribitsBankId} "${e.name}" — ${e.notOnMap}`)
        .join('; ')}${off.length > 5 ? `; and ${off.length - 5} more` : ''}`,
    );
  const date = live.retrieved.slice(0, 10);
  const kept = live.refreshFailure
    ? ` (the last good refresh, kept because the refresh of ${live.refreshFailure.at.slice(0, 10)} failed: ${live.refreshFailure.error})`
    : '';
  return {
    layer: {
      features,
      provenance: {
        source: `${official.publisher}: ${entries.length} Minnesota banks read ${date}${kept}`,
        sourceUrl: live.baseUrl,
        asOf: date,
        licence: official.licence,
        official: true,
        demonstration: false,
      },
    },
    banks: {
      schema: 1,
      source: 'ribits-refresh',
      retrieved: live.retrieved,
      asOf: date,
      refreshFailure: live.refreshFailure,
      banks: entries,
    },
    live,
  };
}
