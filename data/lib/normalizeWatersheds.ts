import type { Feature, Geometry } from 'geojson';
import type { LayerFeature } from '../../src/formats/layers/layerTypes.ts';
import { pickAttribute, pickOptional } from './pickAttribute.ts';

type SourceFeature = Feature<Geometry, Record<string, unknown>>;

/** Attribute names to try for each schema property (sources.json "attributes"). */
export type AttributeMap = Record<string, string[]>;

const names = (map: AttributeMap, key: string): string[] => (map[key] ?? []).filter((n) => !n.includes(' '));

/** DNR major watersheds → data/SCHEMA.md `majorWatersheds` (official, not demonstration). */
export function normalizeMajors(features: SourceFeature[], map: AttributeMap, label: string): LayerFeature[] {
  return features.map((f, i) => {
    const where = `feature #${i + 1}`;
    const id = Number(pickAttribute(f.properties, names(map, 'id'), label, where));
    return {
      type: 'Feature',
      geometry: f.geometry,
      properties: {
        id,
        name: String(pickAttribute(f.properties, names(map, 'name'), label, `major ${id}`)),
        huc8: String(pickOptional(f.properties, names(map, 'huc8')) ?? ''),
        basin: String(pickOptional(f.properties, names(map, 'basin')) ?? ''),
        demonstration: false,
      },
    };
  });
}

/**
 * DNR Level 07 minor watersheds → `minorWatersheds`. Ids are zero-padded to five digits;
 * the major comes from the source's major field, else from the id's first two digits
 * (the DNR numbering convention).
 */
export function normalizeMinors(features: SourceFeature[], map: AttributeMap, label: string): LayerFeature[] {
  return features.map((f, i) => {
    const raw = pickAttribute(f.properties, names(map, 'id'), label, `feature #${i + 1}`);
    const id = String(raw).trim().padStart(5, '0');
    const major = pickOptional(f.properties, names(map, 'majorWatershed'));
    return {
      type: 'Feature',
      geometry: f.geometry,
      properties: {
        id,
        name: String(pickOptional(f.properties, names(map, 'name')) ?? `Minor watershed ${id}`),
        majorWatershed: major === null ? Number(id.slice(0, 2)) : Number(major),
        demonstration: false,
      },
    };
  });
}

/** BWSR bank service areas → `bankServiceAreas`. */
export function normalizeBankServiceAreas(
  features: SourceFeature[],
  map: AttributeMap,
  label: string,
): LayerFeature[] {
  return features.map((f, i) => {
    const id = Number(pickAttribute(f.properties, names(map, 'id'), label, `feature #${i + 1}`));
    return {
      type: 'Feature',
      geometry: f.geometry,
      properties: {
        id,
        name: String(pickOptional(f.properties, names(map, 'name')) ?? `Bank Service Area ${id}`),
        demonstration: false,
      },
    };
  });
}
