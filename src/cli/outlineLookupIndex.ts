import type { SiteGeometry } from '../formats/geometry/siteGeometry.ts';
import { LOOKUP_LAYERS } from '../geo/location.ts';
import { outlineCells } from '../geo/siteImport/outlineCells.ts';
import { type LookupCollections, UnitIndex } from '../geo/unitIndex.ts';
import { openDataDir } from './dataDir.ts';

/**
 * The lookup layers' polygons that the outlines of `sites` may overlap (see outlineCells), read
 * through the CLI's data directory (R-trees and byte ranges, each polygon decoded once), in file
 * order: what the outlines' area shares need, not the layers whole (on layers of official size,
 * ranking two parcels read 863 MB in 6.3 s that way).
 */
export async function outlineLookupIndex(
  dataDir: string,
  sites: readonly { geometry?: SiteGeometry }[],
): Promise<UnitIndex> {
  const data = await openDataDir(dataDir);
  const rects = outlineCells(sites);
  const collections: LookupCollections = {};
  for (const layer of LOOKUP_LAYERS) {
    const entry = data.manifest.layers[layer];
    if (!entry) continue;
    const features = await data.source.featuresMeeting(entry.file, rects);
    collections[layer] = { type: 'FeatureCollection', features } as LookupCollections[typeof layer];
  }
  return new UnitIndex(data.manifest, collections);
}
