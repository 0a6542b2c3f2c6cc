import type { LayerFeature } from '../layers/layerTypes.ts';
import { ImportError } from './ImportError.ts';
import { importConfig } from './importConfig.ts';
import { asInteger, asText, pickField, unidentifiedField, whereOf } from './pickField.ts';
import type { SourceLayer } from './types.ts';

/** Object ids a GIS adds (1…n): never the BSA number, even when there are ten features. */
const OBJECT_ID = /^(objectid|fid|oid|ogc_fid|gid|id_?\d*|shape_.*)$/i;

/** True when the field holds each of 1-10 exactly once. */
function holdsOneToTen(source: SourceLayer, field: string): boolean {
  const values = source.features.map((f) => asInteger(f.properties[field]));
  if (values.length !== 10) return false;
  return new Set(values).size === 10 && values.every((v) => v !== null && v >= 1 && v <= 10);
}

/**
 * BWSR bank service areas → `bankServiceAreas`. The number field is not verified, so it is
 * detected: the one integer field (object ids aside) holding 1-10 once each; else the named
 * candidates from officialLayouts.json (so a bad file gets a precise message); else `--map`.
 * @throws ImportError for an unidentifiable field or a number outside 1-10
 */
export function importBankServiceAreas(
  source: SourceLayer,
  map: Record<string, string>,
  notes: string[],
): { features: LayerFeature[]; fieldsUsed: Record<string, string> } {
  const { fields } = importConfig('bankServiceAreas');
  let idField = pickField(source, 'bankServiceAreas', 'id', [], map);
  let how = idField ? `${idField} (--map)` : '';
  if (!idField) {
    const fitting = source.fields.filter((f) => !OBJECT_ID.test(f) && holdsOneToTen(source, f));
    const preferred = fitting.filter((f) => /bsa|bank|service/i.test(f));
    const pick = fitting.length === 1 ? fitting[0] : preferred.length === 1 ? preferred[0] : undefined;
    if (pick) {
      idField = pick;
      how = `${pick} (detected: holds 1-10 once each)`;
      notes.push(`${whereOf(source)}: bank service area numbers read from field ${pick} (detected)`);
    } else if (fitting.length > 1)
      throw new ImportError(
        `${whereOf(source)}: more than one field holds 1-10 once each (${fitting.join(', ')}); name the BSA number with --map bankServiceAreas.id=<FIELD>`,
      );
  }
  if (!idField) {
    idField = pickField(source, 'bankServiceAreas', 'id', fields.id?.names ?? [], {});
    how = idField ?? '';
  }
  if (!idField) throw unidentifiedField(source, 'bankServiceAreas', 'id', 'bank service area number (1-10)');
  const nameField = pickField(source, 'bankServiceAreas', 'name', fields.name?.names ?? [], map);
  const features = source.features.map((f, i): LayerFeature => {
    const raw = f.properties[idField!];
    const id = asInteger(raw);
    if (id === null || id < 1 || id > 10)
      throw new ImportError(
        `${whereOf(source)}: feature #${i + 1} has bank service area number ${JSON.stringify(raw)} in ${idField}, outside 1-10 (BWSR numbers its ten bank service areas 1-10)`,
      );
    return {
      type: 'Feature',
      geometry: f.geometry,
      properties: {
        id,
        name: asText(f.properties[nameField ?? '']) ?? `Bank Service Area ${id}`,
        demonstration: false,
      },
    };
  });
  return { features, fieldsUsed: { id: how, name: nameField ?? '(none: "Bank Service Area <id>")' } };
}
