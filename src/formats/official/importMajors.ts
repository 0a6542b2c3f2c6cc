import type { LayerFeature } from '../layers/layerTypes.ts';
import { ImportError } from './ImportError.ts';
import { importConfig } from './importConfig.ts';
import { asInteger, asText, pickField, unidentifiedField, whereOf } from './pickField.ts';
import type { SourceLayer } from './types.ts';

/**
 * DNR major watersheds (Level 04, HUC 8) → data/SCHEMA.md `majorWatersheds`: `major` integer,
 * `major_name`, `HUC_8` text with its leading zeros (an integer HUC is zero-padded to 8).
 */
export function importMajors(
  source: SourceLayer,
  map: Record<string, string>,
): { features: LayerFeature[]; fieldsUsed: Record<string, string> } {
  const { fields } = importConfig('majorWatersheds');
  const pick = (column: string) =>
    pickField(source, 'majorWatersheds', column, fields[column]?.names ?? [], map);
  const idField = pick('id');
  if (!idField) throw unidentifiedField(source, 'majorWatersheds', 'id', 'major watershed number');
  const nameField = pick('name');
  if (!nameField) throw unidentifiedField(source, 'majorWatersheds', 'name', 'major watershed name');
  const hucField = pick('huc8');
  const basinField = pick('basin');
  const features = source.features.map((f, i): LayerFeature => {
    const id = asInteger(f.properties[idField]);
    if (id === null)
      throw new ImportError(
        `${whereOf(source)}: feature #${i + 1} has ${idField} ${JSON.stringify(f.properties[idField])}, not a major watershed number; if another field holds it, use --map majorWatersheds.id=<FIELD>`,
      );
    const huc = f.properties[hucField ?? ''];
    return {
      type: 'Feature',
      geometry: f.geometry,
      properties: {
        id,
        name: asText(f.properties[nameField]) ?? `Major watershed ${id}`,
        huc8: typeof huc === 'number' ? String(huc).padStart(8, '0') : (asText(huc) ?? ''),
        basin: asText(f.properties[basinField ?? '']) ?? '',
        demonstration: false,
      },
    };
  });
  return {
    features,
    fieldsUsed: {
      id: idField,
      name: nameField,
      huc8: hucField ?? '(none: empty)',
      basin: basinField ?? '(none: empty)',
    },
  };
}
