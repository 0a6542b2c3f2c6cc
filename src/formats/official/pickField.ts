import { ImportError } from './ImportError.ts';
import type { ImportLayerName, SourceLayer } from './types.ts';

/** "file, layer name" for messages. */
export const whereOf = (source: SourceLayer): string => `${source.file}, layer ${source.layer}`;

/** The error for a field that cannot be identified: lists the fields and the --map to use. */
export function unidentifiedField(
  source: SourceLayer,
  name: ImportLayerName,
  column: string,
  what: string,
): ImportError {
  return new ImportError(
    `${whereOf(source)}: cannot identify the ${what} field (fields: ${source.fields.join(', ') || 'none'}); name it with --map ${name}.${column}=<FIELD>`,
  );
}

/**
 * The source field for a schema column: the --map choice (which must exist), else the first
 * candidate name present (exact case first, then any case), else null.
 * @throws ImportError when --map names a field the layer does not have
 */
export function pickField(
  source: SourceLayer,
  name: ImportLayerName,
  column: string,
  candidates: readonly string[],
  map: Record<string, string>,
): string | null {
  const chosen = map[`${name}.${column}`];
  if (chosen !== undefined) {
    const hit =
      source.fields.find((f) => f === chosen) ??
      source.fields.find((f) => f.toLowerCase() === chosen.toLowerCase());
    if (!hit)
      throw new ImportError(
        `${whereOf(source)}: --map ${name}.${column}=${chosen} names a field the layer does not have (fields: ${source.fields.join(', ')})`,
      );
    return hit;
  }
  for (const c of candidates) if (source.fields.includes(c)) return c;
  for (const c of candidates) {
    const hit = source.fields.find((f) => f.toLowerCase() === c.toLowerCase());
    if (hit) return hit;
  }
  return null;
}

/** An integer from a number or a digit string (shapefile text fields), else null. */
export function asInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value.trim());
  return null;
}

/** A trimmed string, or null for null/empty. */
export function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}
