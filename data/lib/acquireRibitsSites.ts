import { SITE_STATUSES } from '../../src/formats/layers/layerSchemas.ts';
import { PipelineError } from '../../src/formats/PipelineError.ts';
import type { RibitsBankRecord } from '../../src/formats/ribits/readBankSiteData.ts';
import {
  fetchRibitsBanks,
  type RibitsRefresh,
  RibitsRefreshError,
  type RibitsRefreshOptions,
} from './fetchRibitsBanks.ts';
import { listNames } from './listNames.ts';
import { type BankDrop, bankDrop, KEPT_SHARE } from './ribitsDrop.ts';
import { type RibitsSnapshot, readRibitsSnapshot, writeRibitsSnapshot } from './ribitsSnapshotStore.ts';

/** The banks a build uses for `sites`, and how fresh they are. */
export interface AcquiredRibitsBanks {
  records: RibitsBankRecord[];
  /** When the records were read from RIBITS (ISO). */
  retrieved: string;
  baseUrl: string;
  /** Set when today's refresh failed and the last good snapshot was kept instead. */
  refreshFailure: { at: string; error: string } | null;
  /** Today's refresh, when it succeeded. */
  refresh: RibitsRefresh | null;
}

/** What acquireRibitsSites needs besides the refresh options. */
export interface AcquireRibitsOptions extends RibitsRefreshOptions {
  /** Where the last good refresh is kept (null: nowhere, e.g. a test that wants none). */
  cachePath: string | null;
  log: (line: string) => void;
  now?: Date;
  /** `--accept-bank-drop`: apply a refresh that lost banks against the last good one (bankDrop). */
  acceptDrop?: boolean;
}

/** The option that applies a refresh the drop rule holds back. */
export const ACCEPT_DROP_FLAG = '--accept-bank-drop';

/** What went missing, in one sentence: the banks, and the count rule when it was broken. */
function describeDrop(drop: BankDrop, snapshot: RibitsSnapshot): string {
  const date = snapshot.retrieved.slice(0, 10);
  const count = `the refresh lists ${drop.after} Minnesota banks against ${drop.before} in the last good refresh of ${date}`;
  const sharp = drop.sharp
    ? ` (fewer than ${Math.round(KEPT_SHARE * 100)} percent of them: RIBITS keeps closed banks listed, so a fall this size is a renaming or a change in the service, not a month's banking)`
    : '';
  const missing =
    drop.missing.length > 0
      ? `; ${drop.missing.length} of them left without a closing status (Sold-Out, Terminated, Withdrawn): ${listNames(drop.missing)}`
      : '';
  return `${count}${sharp}${missing}`;
}

/**
 * Refreshes the Minnesota banks from RIBITS; on any failure — unreachable, a timeout, an HTML
 * error page, a 5xx, a changed schema, a status the sites schema does not know — keeps the last
 * good refresh, labelled with its date and today's error, and says so in one line. With no
 * earlier refresh: an unreachable or failing service leaves the layer out (one line, as every
 * other official source does); an answer in a changed shape fails the build (the previous build
 * stays), because building from it could only be wrong. Never an empty layer. A refresh that
 * lost banks against the last good one (bankDrop: a bank gone without a closing status, or a
 * fall below KEPT_SHARE) fails the build with the banks named, the snapshot and the previous
 * build kept, unless `acceptDrop`.
 * @throws PipelineError for a changed schema with no snapshot to keep, or a drop not accepted
 */
export async function acquireRibitsSites(options: AcquireRibitsOptions): Promise<AcquiredRibitsBanks | null> {
  const { cachePath, log } = options;
  try {
    const refresh = await fetchRibitsBanks(options);
    for (const record of refresh.records)
      if (record.status !== null && !(SITE_STATUSES as readonly string[]).includes(record.status))
        throw new RibitsRefreshError(
          'schema',
          options.baseUrl,
          `RIBITS bank ${record.bankId} "${record.name}": BANK_STATUS ${JSON.stringify(record.status)} is not one of ${SITE_STATUSES.join(', ')}`,
          record.bankId,
        );
    const last = cachePath ? readRibitsSnapshot(cachePath).snapshot : null;
    const drop = last ? bankDrop(last.records, refresh.records) : null;
    if (drop && last) {
      if (!options.acceptDrop)
        throw new PipelineError(
          `sites: RIBITS refresh not applied — ${describeDrop(drop, last)}. The last good refresh and the previous build are kept; if RIBITS really dropped these banks, run the build again with ${ACCEPT_DROP_FLAG}.`,
        );
      log(`sites: RIBITS refresh applied with ${ACCEPT_DROP_FLAG} — ${describeDrop(drop, last)}`);
    }
    if (cachePath)
      writeRibitsSnapshot(cachePath, {
        schema: 1,
        kind: 'ribits-bank-snapshot',
        retrieved: refresh.retrieved,
        baseUrl: refresh.baseUrl,
        listed: refresh.listed,
        records: refresh.records,
      });
    log(
      `sites: RIBITS refreshed — ${refresh.records.length} Minnesota banks in ${refresh.seconds.toFixed(1)} s (${refresh.requests} requests, ${refresh.retries} retried)`,
    );
    return {
      records: refresh.records,
      retrieved: refresh.retrieved,
      baseUrl: refresh.baseUrl,
      refreshFailure: null,
      refresh,
    };
  } catch (error) {
    if (!(error instanceof RibitsRefreshError)) throw error;
    const { snapshot, problem } = cachePath
      ? readRibitsSnapshot(cachePath)
      : { snapshot: null, problem: null };
    if (problem) log(`sites: the last good RIBITS snapshot is unusable: ${problem}`);
    if (snapshot) {
      log(
        `sites: RIBITS refresh failed — ${error.message}; keeping the last good refresh of ${snapshot.retrieved.slice(0, 10)} (${snapshot.records.length} Minnesota banks)`,
      );
      return {
        records: snapshot.records,
        retrieved: snapshot.retrieved,
        baseUrl: snapshot.baseUrl,
        refreshFailure: { at: (options.now ?? new Date()).toISOString(), error: error.message },
        refresh: null,
      };
    }
    if (error.kind === 'schema' || error.kind === 'size')
      throw new PipelineError(
        `sites: ${error.message}. No earlier RIBITS refresh is kept to fall back on, so nothing was built (the previous build is unchanged).`,
      );
    log(
      `sites: official source unavailable — ${error.message}; no earlier RIBITS refresh is kept, so the sites layer is left out`,
    );
    return null;
  }
}
