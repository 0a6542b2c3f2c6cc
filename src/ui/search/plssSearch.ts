/**
 * Township-range-section search ("T104N R14W S12", or "T104N R14W" for the township) over the
 * imported PLSS layer. Sections repeat across the 4th and 5th principal meridians, so a query
 * without a meridian may answer twice. Without the layer it says how to load it.
 */
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { parsePlssQuery, plssFromProperties, plssLabel, plssMatches, plssShortLabel } from '../../geo/plss';
import { PLSS_HOW_TO_LOAD } from '../location/plssAt';
import type { SearchEntry } from './searchIndex';

export interface ExtraSearch {
  entries: SearchEntry[];
  /** Said when the query was understood but cannot be answered (e.g. the layer is missing). */
  hint: string | null;
}

type Box = [number, number, number, number];

function boxOf(features: Feature[]): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const feature of features) {
    const geometry = feature.geometry as Polygon | MultiPolygon;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    for (const polygon of polygons)
      for (const [x = 0, y = 0] of polygon[0] ?? []) {
        box[0] = Math.min(box[0], x);
        box[1] = Math.min(box[1], y);
        box[2] = Math.max(box[2], x);
        box[3] = Math.max(box[3], y);
      }
  }
  return box;
}

/** The centre of the section's extent: inside it for the square sections of the survey. */
const centreOf = (box: Box): [number, number] => [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];

export function plssSearch(query: string, layer: FeatureCollection | undefined): ExtraSearch {
  const parsed = parsePlssQuery(query);
  if (!parsed) return { entries: [], hint: null };
  if (!layer)
    return { entries: [], hint: `Township and range search needs the PLSS layer. ${PLSS_HOW_TO_LOAD}` };
  const byMeridian = new Map<number, Feature[]>();
  const entries: SearchEntry[] = [];
  for (const feature of layer.features) {
    if (feature.geometry?.type !== 'Polygon' && feature.geometry?.type !== 'MultiPolygon') continue;
    const section = plssFromProperties(feature.properties);
    if (!section || !plssMatches(section, parsed)) continue;
    if (parsed.section !== undefined) {
      const bounds = boxOf([feature]);
      entries.push({
        label: plssLabel(section),
        kind: 'PLSS section',
        point: centreOf(bounds),
        bounds,
        keys: [plssShortLabel(section).toLowerCase()],
      });
    } else {
      const list = byMeridian.get(section.meridian) ?? [];
      list.push(feature);
      byMeridian.set(section.meridian, list);
    }
  }
  for (const [meridian, features] of byMeridian) {
    const first = plssFromProperties(features[0]?.properties);
    if (!first) continue;
    const bounds = boxOf(features);
    entries.push({
      label: `T${first.township}${first.townshipDirection} R${first.range}${first.rangeDirection} (${meridian}th principal meridian, ${features.length} sections)`,
      kind: 'PLSS township',
      point: centreOf(bounds),
      bounds,
      keys: [],
    });
  }
  entries.sort((a, b) => a.label.localeCompare(b.label));
  return {
    entries,
    hint: entries.length === 0 ? `No section of the PLSS layer is ${query.trim().toUpperCase()}.` : null,
  };
}
