/**
 * Reads a typed position: decimal degrees ("44.02, -92.47" or "-92.47 44.02") or degrees,
 * minutes and seconds ("44°1'12\"N 92°28'12\"W"). Pure; used by the coordinate box.
 */

export type ParsedCoordinates =
  | {
      ok: true;
      lngLat: [number, number];
      /** How an ambiguous pair was read, e.g. "read as longitude, latitude". */
      note?: string;
      /** A Minnesota point the text probably meant, when the point as typed is not in Minnesota. */
      suggestion?: [number, number];
    }
  | { ok: false; message: string };

/** Minnesota's extent with a margin (as src/formats/layers/validateLayer.ts): enough to tell a slip. */
const MINNESOTA: [number, number, number, number] = [-97.3, 43.45, -89.45, 49.42];

function inMinnesota([lon, lat]: readonly [number, number]): boolean {
  return lon >= MINNESOTA[0] && lon <= MINNESOTA[2] && lat >= MINNESOTA[1] && lat <= MINNESOTA[3];
}

/** The common slips: a longitude typed without its minus sign, or the two numbers swapped. */
function likelyMeant([lon, lat]: [number, number]): [number, number] | undefined {
  if (inMinnesota([lon, lat])) return undefined;
  const candidates: [number, number][] = [
    [-Math.abs(lon), lat],
    [lat, lon],
    [-Math.abs(lat), lon],
  ];
  return candidates.find((candidate) => inMinnesota(candidate));
}

const DMS_PART =
  /(-?\d+(?:\.\d+)?)\s*(?:°|d|deg|\s)?\s*(?:(\d+(?:\.\d+)?)\s*(?:'|′|m|min|\s)\s*)?(?:(\d+(?:\.\d+)?)\s*(?:"|″|''|s|sec)?\s*)?([NSEW])?/gi;

function dmsToDecimal(degrees: string, minutes?: string, seconds?: string): number | null {
  const d = Number(degrees);
  const m = minutes ? Number(minutes) : 0;
  const s = seconds ? Number(seconds) : 0;
  if (m >= 60 || s >= 60) return null;
  const magnitude = Math.abs(d) + m / 60 + s / 3600;
  return d < 0 || Object.is(d, -0) ? -magnitude : magnitude;
}

function assign(values: { value: number; hemisphere: string | null }[]): [number, number] | string {
  const [first, second] = values;
  if (!first || !second || values.length !== 2) return 'enter two numbers: latitude and longitude';
  const hemispheres = [first.hemisphere, second.hemisphere];
  let lat: number;
  let lon: number;
  const signed = (part: { value: number; hemisphere: string | null }) =>
    part.hemisphere === 'S' || part.hemisphere === 'W' ? -Math.abs(part.value) : part.value;
  if (hemispheres[0] === 'E' || hemispheres[0] === 'W' || hemispheres[1] === 'N' || hemispheres[1] === 'S') {
    lon = signed(first);
    lat = signed(second);
  } else if (
    hemispheres[0] === 'N' ||
    hemispheres[0] === 'S' ||
    hemispheres[1] === 'E' ||
    hemispheres[1] === 'W'
  ) {
    lat = signed(first);
    lon = signed(second);
  } else if (Math.abs(first.value) > 90 && Math.abs(second.value) <= 90) {
    // Without hemisphere letters, a first value beyond ±90 can only be a longitude.
    lon = first.value;
    lat = second.value;
  } else {
    // Otherwise read "lat, lon", the order people copy from most sources.
    lat = first.value;
    lon = second.value;
  }
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return 'coordinates must be numbers';
  if (Math.abs(lat) > 90) return `latitude ${lat} is outside -90 to 90`;
  if (Math.abs(lon) > 180) return `longitude ${lon} is outside -180 to 180`;
  return [lon, lat];
}

/** Parses decimal or DMS coordinates; the result is [longitude, latitude]. */
export function parseCoordinates(text: string): ParsedCoordinates {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'Enter coordinates, for example 44.02, -92.47' };
  const number = String.raw`(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)`;
  const decimal = trimmed.match(new RegExp(String.raw`^${number}\s*[,;\s]\s*${number}$`, 'i'));
  let result: [number, number] | string;
  if (decimal) {
    result = assign([
      { value: Number(decimal[1]), hemisphere: null },
      { value: Number(decimal[2]), hemisphere: null },
    ]);
  } else {
    const parts: { value: number; hemisphere: string | null }[] = [];
    for (const match of trimmed.matchAll(DMS_PART)) {
      if (!match[0].trim()) continue;
      const value = dmsToDecimal(match[1] ?? '', match[2], match[3]);
      if (value === null) return { ok: false, message: 'minutes and seconds must be below 60' };
      parts.push({ value, hemisphere: match[4]?.toUpperCase() ?? null });
    }
    const consumed = trimmed.replace(DMS_PART, '').replace(/[\s,;]/g, '');
    if (consumed !== '' || parts.length === 0) {
      return {
        ok: false,
        message: `"${trimmed}" is not a coordinate pair, for example 44.02, -92.47 or 44°1'12"N 92°28'12"W`,
      };
    }
    result = assign(parts);
  }
  if (typeof result === 'string') return { ok: false, message: result };
  const parsed: ParsedCoordinates = { ok: true, lngLat: result };
  const suggestion = likelyMeant(result);
  if (suggestion) parsed.suggestion = suggestion;
  if (decimal && Math.abs(Number(decimal[1])) > 90)
    parsed.note = `Read as longitude ${result[0]}, latitude ${result[1]}: a latitude cannot be beyond ±90.`;
  return parsed;
}
