import { bboxOf } from '../geometry/bboxOf.ts';
import { pointOnSurface } from '../geometry/pointOnSurface.ts';
import { polygonParts } from '../geometry/polygonParts.ts';
import { pointInPolygons } from '../geometry/ringGeometry.ts';
import type { AreaFeature, LayerFeature } from '../layers/layerTypes.ts';
import { ImportError } from './ImportError.ts';
import { importConfig } from './importConfig.ts';
import { asInteger, asText, pickField, unidentifiedField, whereOf } from './pickField.ts';
import type { SourceFeature, SourceLayer } from './types.ts';

/** Minors sampled to detect the id field (evenly spread; the nesting check later tests all). */
const SAMPLE = 400;
/** Share of sampled minors whose code must start with its containing major's number. */
const AGREEMENT = 0.9;

/** A minor code as five digits ("03010" from 3010 or "3010"), or null. */
export function minorCode(value: unknown): string | null {
  const n = asInteger(value);
  if (n === null || n < 1000 || n > 99999) return null;
  return String(n).padStart(5, '0');
}

function containingMajors(sample: SourceFeature[], majors: AreaFeature[]): (number | null)[] {
  const indexed = majors.map((m) => ({
    id: Number(m.properties.id),
    box: bboxOf(m.geometry),
    parts: polygonParts(m.geometry),
  }));
  return sample.map((minor) => {
    if (!minor.geometry || (minor.geometry.type !== 'Polygon' && minor.geometry.type !== 'MultiPolygon'))
      return null;
    const p = pointOnSurface(polygonParts(minor.geometry));
    if (!p) return null;
    const [x, y] = [p[0]!, p[1]!];
    const hit = indexed.find(
      (m) =>
        x >= m.box[0] && x <= m.box[2] && y >= m.box[1] && y <= m.box[3] && pointInPolygons(x, y, m.parts),
    );
    return hit ? hit.id : null;
  });
}

/**
 * DNR Level 07 minor watersheds → `minorWatersheds`. The id field is not verified, so it is
 * detected: a field holding a 4-5 digit code whose leading two digits (after zero-padding to
 * five) are the number of the major that contains the minor. `--map minorWatersheds.id=FIELD`
 * overrides; the named candidates in officialLayouts.json are tried first.
 * @param majors the majors the minors must nest in (official, imported or already in use)
 */
export function importMinors(
  source: SourceLayer,
  map: Record<string, string>,
  majors: AreaFeature[],
  notes: string[],
): { features: LayerFeature[]; fieldsUsed: Record<string, string> } {
  const { fields } = importConfig('minorWatersheds');
  const step = Math.max(1, Math.floor(source.features.length / SAMPLE));
  const sample = source.features.filter((_, i) => i % step === 0);
  let containing: (number | null)[] | undefined;
  const agreement = (field: string): number => {
    containing ??= containingMajors(sample, majors);
    let agree = 0;
    sample.forEach((f, i) => {
      const code = minorCode(f.properties[field]);
      if (code && containing![i] !== null && Number(code.slice(0, 2)) === containing![i]) agree++;
    });
    return agree / Math.max(1, sample.length);
  };
  let idField = pickField(source, 'minorWatersheds', 'id', [], map);
  let how = idField ? `${idField} (--map)` : '';
  if (!idField) {
    const named = pickField(source, 'minorWatersheds', 'id', fields.id?.names ?? [], {});
    if (named && agreement(named) >= AGREEMENT) {
      idField = named;
      how = named;
    }
  }
  if (!idField) {
    const scored = source.fields
      .filter((f) => sample.some((s) => minorCode(s.properties[f]) !== null))
      .map((f) => ({ f, score: agreement(f) }))
      .filter((s) => s.score >= AGREEMENT)
      .sort((a, b) => b.score - a.score);
    if (scored.length > 1 && scored[0]!.score === scored[1]!.score)
      throw new ImportError(
        `${whereOf(source)}: more than one field could be the minor watershed id (${scored.map((s) => s.f).join(', ')}); name it with --map minorWatersheds.id=<FIELD>`,
      );
    if (scored[0]) {
      idField = scored[0].f;
      how = `${idField} (detected: a 5-digit code starting with the number of its major)`;
      notes.push(`${whereOf(source)}: minor watershed ids read from field ${idField} (detected)`);
    }
  }
  if (!idField) throw unidentifiedField(source, 'minorWatersheds', 'id', 'minor watershed id (5-digit code)');
  const nameField = pickField(source, 'minorWatersheds', 'name', fields.name?.names ?? [], map);
  const features = source.features.map((f, i): LayerFeature => {
    const id = minorCode(f.properties[idField!]);
    if (!id)
      throw new ImportError(
        `${whereOf(source)}: feature #${i + 1} has ${idField} ${JSON.stringify(f.properties[idField!])}, not a 5-digit minor watershed code`,
      );
    return {
      type: 'Feature',
      geometry: f.geometry,
      properties: {
        id,
        name: asText(f.properties[nameField ?? '']) ?? `Minor watershed ${id}`,
        majorWatershed: Number(id.slice(0, 2)),
        demonstration: false,
      },
    };
  });
  return {
    features,
    fieldsUsed: {
      id: how,
      name: nameField ?? '(none: "Minor watershed <id>")',
      majorWatershed: 'first two digits of the id',
    },
  };
}
