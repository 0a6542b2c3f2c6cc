import type { Feature } from 'geojson';
import { type PlssName, plssLabel } from '../formats/layers/plssName.ts';
import type { Manifest } from '../formats/manifest.ts';
import { type FeatureSource, pointRect } from './featureSource.ts';
import type { UnitSource } from './location.ts';
import { pickContaining } from './pickContaining.ts';

/** The PLSS section a point lies in (Minn. R. 8420.0330 asks for township, range and section). */
export interface PlssSection extends PlssName {
  /** `M5-T104N-R14W-S12` (data/SCHEMA.md `plss`). */
  id: string;
  /** As planners write it: "T104N R14W S12 (5th principal meridian)". */
  label: string;
  onBoundary: boolean;
  source: UnitSource;
}

/**
 * The PLSS section containing a point, or null when the point is in no section; `loaded` is
 * false when the build has no `plss` layer (imported only: `npm run data -- --import …`).
 */
export async function locatePlss(
  point: readonly [number, number],
  manifest: Manifest,
  source: FeatureSource,
): Promise<{ loaded: boolean; section: PlssSection | null }> {
  const entry = manifest.layers.plss;
  if (!entry) return { loaded: false, section: null };
  const features: Feature[] = [];
  for await (const f of source.features(entry.file, pointRect(point[0], point[1]))) features.push(f);
  const hit = pickContaining(point, features);
  const p = hit?.feature.properties;
  if (!hit || !p || typeof p.id !== 'string') return { loaded: true, section: null };
  const props: PlssName = {
    meridian: Number(p.meridian),
    township: Number(p.township),
    townshipDirection: String(p.townshipDirection),
    range: Number(p.range),
    rangeDirection: String(p.rangeDirection),
    section: Number(p.section),
  };
  const { title, official, demonstration, asOf } = entry;
  return {
    loaded: true,
    section: {
      id: p.id,
      ...props,
      label: plssLabel(props),
      onBoundary: hit.onBoundary,
      source: { layer: 'plss', title, official, demonstration, asOf },
    },
  };
}
