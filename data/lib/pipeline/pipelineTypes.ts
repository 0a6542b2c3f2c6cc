/** What a build is given and what it writes (data/SCHEMA.md), shared by the pipeline's stages. */
import type { Feature, Geometry } from 'geojson';
import type { LayerFeature } from '../../../src/formats/layers/layerTypes.ts';
import type { LayerManifestEntry, Manifest } from '../../../src/formats/manifest.ts';
import type { BanksFile } from '../../../src/formats/ribits/banksFile.ts';
import type { DemoOptions } from '../../demo/generateDemoGeography.ts';
import type { LedgerSpec } from '../buildLedgerExports.ts';
import type { SourcesFile } from '../loadSources.ts';
import type { ImportSpec } from '../readImportedLayers.ts';
import type { CreditSpec } from '../storedCredits.ts';

/** Everything a build needs to know; build.ts fills it from the environment. */
export interface PipelineOptions {
  sources: SourcesFile;
  overridesPath: string;
  outDir: string;
  /** Folder holding local copies (see ../shared/data/PROVENANCE.md), or null. */
  mirrorDir: string | null;
  /** Never touch the network (SITING_DATA_OFFLINE=1). */
  offline: boolean;
  /** Stored in the manifest so `data:ensure` can tell a stale build. */
  inputsHash: string;
  log: (line: string) => void;
  timeoutMs?: number;
  now?: Date;
  demo?: DemoOptions;
  /** Official files to import (`--import`); each layer found replaces its usual source. */
  imports?: ImportSpec;
  /** Credit listings to join to the banks (`--credits`, `--as-of`, `--skip-bad-rows`). */
  credits?: CreditSpec;
  /** RIBITS ledger exports to join to the banks (`--ledger`, `--skip-bad-rows`). */
  ledgers?: LedgerSpec;
  /**
   * The online RIBITS refresh of `sites` (used when the mirror has no snapshot and the build is
   * online): base URL (SITING_RIBITS_URL, else sources.json), where the last good refresh is kept
   * (null: nowhere), and the refresh's timing knobs.
   */
  ribits?: {
    url?: string;
    cachePath?: string | null;
    timeoutMs?: number;
    concurrency?: number;
    retries?: number;
    retryDelayMs?: number;
    /** `--accept-bank-drop`: apply a refresh that lost banks (acquireRibitsSites). */
    acceptDrop?: boolean;
  };
}

/** banks.json beside the layers, as the manifest names it (data/SCHEMA.md). */
export interface BanksManifestEntry {
  file: string;
  bytes: number;
  count: number;
  onMap: number;
  source: BanksFile['source'];
  retrieved: string | null;
  asOf: string;
  refreshFailure: BanksFile['refreshFailure'];
  serviceAreas: { file: string; bytes: number; count: number } | null;
  ledgers: { file: string; bytes: number; banks: number; entries: number } | null;
}

/** credits.json beside the layers, as the manifest names it, with the listings it was built from. */
export interface CreditsManifestEntry {
  file: string;
  bytes: number;
  banks: number;
  pools: number;
  unmatchedRows: number;
  skippedBadRows: number;
  listings: { file: string; kind: string; asOf: (string | null)[] }[];
  /** What `data:ensure` rebuilds from (storedCredits). */
  inputs: CreditSpec;
}

/** ledger-exports.json beside the layers, as the manifest names it, with the exports it was built from. */
export interface LedgerExportsManifestEntry {
  file: string;
  bytes: number;
  transactions: number;
  unmatchedRows: number;
  skippedBadRows: number;
  exports: {
    file: string;
    asOf: string | null;
    firstTransaction: string | null;
    lastTransaction: string | null;
  }[];
  /** What `data:ensure` rebuilds from (storedCredits reads it). */
  inputs: LedgerSpec;
}

/** What runPipeline writes as manifest.json. */
export type BuiltManifest = Manifest & {
  inputsHash: string;
  banks?: BanksManifestEntry;
  credits?: CreditsManifestEntry;
  ledgerExports?: LedgerExportsManifestEntry;
};

export type SourceFeature = Feature<Geometry, Record<string, unknown>>;

/** Where a layer came from, as its manifest entry says. */
export interface Provenance {
  source: string;
  sourceUrl: string | null;
  asOf: string;
  licence: string;
  official: boolean;
  demonstration: boolean;
  importedFrom?: LayerManifestEntry['importedFrom'];
}

export interface BuiltLayer {
  features: LayerFeature[];
  provenance: Provenance;
}

/** The build's output files by name, written together at the end (writeBuildAtomically). */
export type BuildFiles = Map<string, Uint8Array | string>;
