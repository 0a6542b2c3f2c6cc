/**
 * The imported official layers as the page reads them: a blob URL per file, which the layer
 * worker fetches, decodes and reads by range exactly like a served file (geo/detailRequests.ts).
 * Replacing the set revokes the old URLs.
 */
import { officialFileName, type StoredOfficialLayer } from '../geo/officialLayerEntry';

export interface LocalLayerFiles {
  /** File name (as in the manifest) → blob URL of its bytes. */
  urls: Readonly<Record<string, string>>;
}

export const NO_LOCAL_FILES: LocalLayerFiles = { urls: {} };

/** Blob URLs for `stored`; `previous` URLs are revoked. */
export function localLayerFiles(
  stored: readonly StoredOfficialLayer[],
  previous: LocalLayerFiles = NO_LOCAL_FILES,
): LocalLayerFiles {
  for (const url of Object.values(previous.urls)) URL.revokeObjectURL(url);
  const urls: Record<string, string> = {};
  for (const layer of stored) {
    urls[officialFileName(layer.name)] = URL.createObjectURL(
      new Blob([layer.bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }),
    );
  }
  return { urls };
}
