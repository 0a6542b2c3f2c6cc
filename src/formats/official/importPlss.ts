import type { Geometry, Position } from 'geojson';
import type { LayerFeature } from '../layers/layerTypes.ts';
import type { PlssName } from '../layers/plssName.ts';
import { ImportError } from './ImportError.ts';
import { importConfig } from './importConfig.ts';
import { asInteger, asText, pickField, unidentifiedField, whereOf } from './pickField.ts';
import type { SourceLayer } from './types.ts';

/** The PLSS section id: `M5-T104N-R14W-S12` (meridian, township, range, section). */
export function plssId(p: PlssName): string {
  return `M${p.meridian}-T${p.township}${p.townshipDirection}-R${p.range}${p.rangeDirection}-S${p.section}`;
}

/**
 * One feature per section: a section cut into several polygons (by a county line or a lake)
 * becomes one MultiPolygon, so its id stays unique.
 */
function mergeSplitSections(features: LayerFeature[]): LayerFeature[] {
  const byId = new Map<string, LayerFeature>();
  for (const f of features) {
    const id = String(f.properties.id);
    const earlier = byId.get(id);
    if (!earlier || !f.geometry || !earlier.geometry) {
      if (!earlier) byId.set(id, f);
      continue;
    }
    const parts = (g: Geometry): Position[][][] =>
      g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
    earlier.geometry = {
      type: 'MultiPolygon',
      coordinates: [...parts(earlier.geometry), ...parts(f.geometry)],
    };
  }
  return [...byId.values()];
}

/**
 * MnGeo PLSS sections (plan_mngeo_trs) → `plss`. Field names are not verified: the candidates
 * in officialLayouts.json are tried, `--map plss.<column>=FIELD` settles the rest. Townships repeat
 * across the 4th and 5th principal meridians, so the meridian is required: a field, or
 * `--map plss.meridian=4` (or 5) for a file that lies wholly within one.
 */
export function importPlss(
  source: SourceLayer,
  map: Record<string, string>,
): { features: LayerFeature[]; fieldsUsed: Record<string, string> } {
  const { fields } = importConfig('plss');
  const constantMeridian =
    /^[45]$/.test(map['plss.meridian'] ?? '') && !source.fields.includes(map['plss.meridian']!);
  const pick = (column: string) =>
    pickField(
      source,
      'plss',
      column,
      fields[column]?.names ?? [],
      column === 'meridian' && constantMeridian ? {} : map,
    );
  const required = (column: string, what: string) => {
    const field = pick(column);
    if (!field) throw unidentifiedField(source, 'plss', column, what);
    return field;
  };
  const meridianField = constantMeridian ? null : required('meridian', 'principal meridian (4 or 5)');
  const townshipField = required('township', 'township number');
  const rangeField = required('range', 'range number');
  const rangeDirField = required('rangeDirection', 'range direction (E or W)');
  const sectionField = required('section', 'section number');
  const townshipDirField = pick('townshipDirection');
  const features = source.features.map((f, i): LayerFeature => {
    const bad = (field: string, what: string) =>
      new ImportError(
        `${whereOf(source)}: feature #${i + 1} has ${field} ${JSON.stringify(f.properties[field])}, not ${what}`,
      );
    const meridianRaw = meridianField ? f.properties[meridianField] : map['plss.meridian'];
    const meridian = asInteger(String(meridianRaw ?? '').replace(/\D/g, '') || null);
    if (meridian !== 4 && meridian !== 5)
      throw bad(meridianField ?? 'plss.meridian', 'the 4th or 5th principal meridian');
    const township = asInteger(f.properties[townshipField]);
    if (township === null || township < 1) throw bad(townshipField, 'a township number');
    const range = asInteger(f.properties[rangeField]);
    if (range === null || range < 1) throw bad(rangeField, 'a range number');
    const section = asInteger(f.properties[sectionField]);
    if (section === null || section < 1 || section > 36) throw bad(sectionField, 'a section number 1-36');
    const rangeDirRaw = asText(f.properties[rangeDirField])?.toUpperCase();
    const rangeDirection = rangeDirRaw?.[0];
    if (rangeDirection !== 'E' && rangeDirection !== 'W')
      throw bad(rangeDirField, 'a range direction E or W');
    const townshipDirection = (asText(f.properties[townshipDirField ?? '']) ?? 'N').toUpperCase()[0]!;
    const properties = { meridian, township, townshipDirection, range, rangeDirection, section };
    return {
      type: 'Feature',
      geometry: f.geometry,
      properties: { id: plssId(properties), ...properties, demonstration: false },
    };
  });
  return {
    features: mergeSplitSections(features),
    fieldsUsed: {
      meridian: meridianField ?? `constant ${map['plss.meridian']} (--map)`,
      township: townshipField,
      townshipDirection: townshipDirField ?? 'constant N',
      range: rangeField,
      rangeDirection: rangeDirField,
      section: sectionField,
    },
  };
}
