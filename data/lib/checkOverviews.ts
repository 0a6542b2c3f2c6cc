import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../../src/formats/manifest.ts';
import { buildHashOf } from './addOverviews.ts';

/**
 * What is wrong with a built folder's overviews, one line each (empty when all is well): an area
 * layer without an overview, an overview file missing or of another size than recorded, or one
 * simplified from another build of its layer (its `of` is not the hash of the layer file on disk).
 * `data:ensure` rebuilds when this is not empty.
 */
export function checkOverviews(manifest: Manifest, outDir: string, areaLayers: readonly string[]): string[] {
  const problems: string[] = [];
  for (const [name, entry] of Object.entries(manifest.layers)) {
    if (!entry) continue;
    const layerFile = join(outDir, entry.file);
    if (!existsSync(layerFile)) continue; // ensure reports missing layer files itself
    const overview = entry.overview;
    if (!overview) {
      if (areaLayers.includes(name)) problems.push(`${name}: no overview in the manifest`);
      continue;
    }
    const file = join(outDir, overview.file);
    if (!existsSync(file)) {
      problems.push(`${name}: overview ${overview.file} missing`);
      continue;
    }
    if (statSync(file).size !== overview.bytes)
      problems.push(
        `${name}: overview ${overview.file} is ${statSync(file).size} bytes, the manifest says ${overview.bytes}`,
      );
    const hash = buildHashOf(readFileSync(layerFile));
    if (overview.of !== hash || entry.buildHash !== hash)
      problems.push(
        `${name}: overview ${overview.file} was built from another ${entry.file} (${overview.of}, file is ${hash})`,
      );
  }
  return problems;
}
