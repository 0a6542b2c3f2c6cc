/**
 * The bytes of imported official layers as the page reads them: a blob URL per file for the
 * layer worker (which fetches and decodes it like a served file), and the bytes themselves for
 * the point lookup (geo/localFirstFeatureSource.ts). Replacing the set revokes the old URLs.
 */
import { officialFileName, type StoredOfficialLayer } from '../geo/officialLayerEntry';

export interface LocalLayerFiles {
  /** File name (as in the manifest) → blob URL of its bytes. */
  urls: Readonly<Record<string, string>>;
  /** File name → its bytes. */
  bytes: ReadonlyMap<string, Uint8Array>;
}

export const NO_LOCAL_FILES: LocalLayerFiles = { urls: {}, bytes: new Map() };

/** Blob URLs and bytes for `stored`; `previous` URLs are revoked. */
export function localLayerFiles(
  stored: readonly StoredOfficialLayer[],
  previous: LocalLayerFiles = NO_LOCAL_FILES,
): LocalLayerFiles {
  for (const url of Object.values(previous.urls)) URL.revokeObjectURL(url);
  const urls: Record<string, string> = {};
  const bytes = new Map<string, Uint8Array>();
  for (const layer of stored) {
    const file = officialFileName(layer.name);
    urls[file] = URL.createObjectURL(
      new Blob([layer.bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }),
    );
    bytes.set(file, layer.bytes);
  }
  return { urls, bytes };
}
