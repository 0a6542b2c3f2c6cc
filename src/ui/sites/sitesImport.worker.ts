/**
 * Reads and parses a proposed-sites file off the page's main thread, so importing a county's
 * hundred thousand sites never freezes the map. Streams progress while it reads (bytes) and
 * while the reader works (sites), then answers once with the reader's result. The page cancels
 * by terminating the worker.
 */
import { readSitesFile } from '../../geo/siteImport/readSitesFile';
import { loadSqlJs } from '../officialImport/loadSqlJs';
import { locateSiteOutlines, type SiteLookupLayers } from './locateSiteOutlines';
import type { SiteColumnMapping, SitesReadResult } from './siteColumnMapping';

export interface SitesImportRequest {
  file: File;
  idPrefix: string;
  mapping?: SiteColumnMapping;
  /** Where to read the lookup layers when the file holds outlines (located by area here). */
  lookup?: SiteLookupLayers;
}

/** `stage` says what `done` and `total` count: bytes read, or sites read. */
export type SitesImportReply =
  | { kind: 'progress'; stage: 'reading' | 'sites' | 'layers' | 'locating'; done: number; total: number }
  | { kind: 'result'; result: SitesReadResult };

interface ReadOptions {
  idPrefix: string;
  mapping?: SiteColumnMapping;
  onProgress?: (done: number, total: number) => void;
}

/**
 * The one call to the sites reader: the file's bytes in, its sites out: point CSV and GeoJSON,
 * and polygons from GeoJSON, zipped shapefile, GeoPackage (sql.js, loaded only then) and FlatGeobuf.
 */
async function readSites(name: string, bytes: Uint8Array, options: ReadOptions): Promise<SitesReadResult> {
  return readSitesFile(name, bytes, {
    ...options,
    sqlJs: loadSqlJs,
  });
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SitesImportRequest>) => void) | null;
  postMessage: (reply: SitesImportReply) => void;
};

/** The whole file, reporting bytes as they arrive. */
async function readBytes(file: File): Promise<Uint8Array> {
  const total = file.size;
  const bytes = new Uint8Array(total);
  const reader = file.stream().getReader();
  let done = 0;
  scope.postMessage({ kind: 'progress', stage: 'reading', done, total });
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    bytes.set(chunk.value, done);
    done += chunk.value.length;
    scope.postMessage({ kind: 'progress', stage: 'reading', done, total });
  }
  return done === total ? bytes : bytes.subarray(0, done);
}

scope.onmessage = (event) => {
  const { file, idPrefix, mapping, lookup } = event.data;
  readBytes(file)
    .then((bytes) =>
      readSites(file.name, bytes, {
        idPrefix,
        ...(mapping ? { mapping } : {}),
        onProgress: (done, total) => scope.postMessage({ kind: 'progress', stage: 'sites', done, total }),
      }),
    )
    .then(async (result) => {
      if (!result.ok || !lookup) return result;
      const sites = await locateSiteOutlines(result.sites, lookup, (stage, done, total) =>
        scope.postMessage({
          kind: 'progress',
          stage: stage === 'layers' ? 'layers' : 'locating',
          done,
          total,
        }),
      );
      return { ...result, sites };
    })
    .then(
      (result) => scope.postMessage({ kind: 'result', result }),
      (error: unknown) =>
        scope.postMessage({
          kind: 'result',
          result: {
            ok: false,
            message: `${file.name}: could not be read (${error instanceof Error ? error.message : String(error)})`,
          },
        }),
    );
};
