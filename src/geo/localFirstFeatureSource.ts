import { createBytesFeatureSource } from './bytesFeatureSource.ts';
import type { FeatureSource } from './featureSource.ts';

/**
 * A FeatureSource that reads the files held in memory (official layers imported in this
 * browser) from their bytes and every other file from `fallback` (the server).
 */
export function createLocalFirstFeatureSource(
  local: ReadonlyMap<string, Uint8Array>,
  fallback: FeatureSource,
): FeatureSource {
  if (local.size === 0) return fallback;
  const inMemory = createBytesFeatureSource(async (file) => {
    const bytes = local.get(file);
    if (!bytes) throw new Error(`${file}: not held in this browser`);
    return bytes;
  });
  return {
    features: (file, rect, signal) =>
      local.has(file) ? inMemory.features(file, rect, signal) : fallback.features(file, rect, signal),
  };
}
