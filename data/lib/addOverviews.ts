import { createHash } from 'node:crypto';
import type { AreaFeature, LayerFeature } from '../../src/formats/layers/layerTypes.ts';
import type { LayerManifestEntry, LayerName } from '../../src/formats/manifest.ts';
import { buildOverviews, isAreaLayer } from './buildOverviews.ts';

/** The build hash of a layer file: SHA-256 of its bytes, first 16 hex digits. */
export function buildHashOf(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

/** `minor-watersheds.fgb` → `minor-watersheds.overview.json`. */
export function overviewFileOf(file: string): string {
  return file.replace(/\.fgb$/, '.overview.json');
}

/**
 * The write stage's overview step: gives every written layer its build hash and every area
 * layer (state, counties, watersheds, BSAs, lakes, and any area layer an import adds) a
 * topology-simplified overview file, recorded in its manifest entry with the hash of the full
 * layer it was simplified from, so a stale or missing overview is caught (checkOverviews.ts).
 * @param files the build's files so far (name → bytes); overview files are added to it
 */
export function addOverviews(
  layers: ReadonlyMap<LayerName, readonly LayerFeature[]>,
  files: Map<string, Uint8Array | string>,
  entries: Partial<Record<LayerName, LayerManifestEntry>>,
): void {
  const areas = new Map<string, readonly AreaFeature[]>();
  for (const [name, features] of layers) {
    const entry = entries[name];
    const bytes = entry ? files.get(entry.file) : undefined;
    if (!entry || bytes === undefined) continue;
    entry.buildHash = buildHashOf(bytes);
    if (isAreaLayer([...features])) areas.set(name, features as readonly AreaFeature[]);
  }
  for (const [name, overview] of buildOverviews(areas)) {
    const entry = entries[name as LayerName];
    if (!entry?.buildHash) continue;
    const file = overviewFileOf(entry.file);
    files.set(file, overview.text);
    entry.overview = {
      file,
      bytes: Buffer.byteLength(overview.text),
      of: entry.buildHash,
      vertices: overview.vertices,
    };
  }
}
