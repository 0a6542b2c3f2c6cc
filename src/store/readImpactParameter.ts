/**
 * The link's parameters that describe the impact (at, poly, acres, land, cf, atf, pda, wtype,
 * sroad, seq, project), each read into the impact or ignored with a notice naming why.
 */
import {
  type ImpactInputs,
  isLandUse,
  isProjectType,
  isWetlandType,
  type LngLatTuple,
  MAX_SEQUENCING_TEXT,
  SEQUENCING_STEPS,
  type SequencingRecord,
} from './inputs';

const MAX_POLYGON_VERTICES = 2_000;

function readSequencing(text: string): SequencingRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (Object.keys(record).some((key) => !(SEQUENCING_STEPS as readonly string[]).includes(key))) return null;
  const out: SequencingRecord = { avoid: '', minimize: '', rectify: '', reduce: '' };
  for (const step of SEQUENCING_STEPS) {
    const item = record[step];
    if (item === undefined) continue;
    if (typeof item !== 'string' || item.length > MAX_SEQUENCING_TEXT) return null;
    out[step] = item;
  }
  return out;
}

/** `lon,lat` in degrees, each in range; null for anything else. */
export function readLngLat(text: string): LngLatTuple | null {
  const parts = text.split(',');
  if (parts.length !== 2) return null;
  const lon = Number(parts[0]);
  const lat = Number(parts[1]);
  if (parts.some((part) => part.trim() === '') || !Number.isFinite(lon) || !Number.isFinite(lat)) return null;
  if (Math.abs(lon) > 180 || Math.abs(lat) > 90) return null;
  return [lon, lat];
}

/** A number of acres from 0 to 1,000,000; null for anything else (blank, negative, not a number). */
function readAcres(value: string): number | null {
  const acres = Number(value);
  return value.trim() !== '' && Number.isFinite(acres) && acres >= 0 && acres <= 1_000_000 ? acres : null;
}

/**
 * Reads parameter `name` into `impact` when it is one of the impact's; false for any other
 * parameter. A malformed value leaves the impact as it was and calls `ignore` with the reason.
 */
export function readImpactParameter(
  name: string,
  value: string,
  impact: ImpactInputs,
  ignore: (name: string, why: string) => void,
): boolean {
  switch (name) {
    case 'at': {
      const lngLat = readLngLat(value);
      if (lngLat) impact.location = lngLat;
      else ignore(name, 'expected longitude,latitude in degrees');
      break;
    }
    case 'poly': {
      const points = value.split(';').map(readLngLat);
      if (
        points.length >= 3 &&
        points.length <= MAX_POLYGON_VERTICES &&
        points.every((point) => point !== null)
      ) {
        impact.polygon = points as LngLatTuple[];
      } else ignore(name, 'expected at least three lon,lat pairs separated by ";"');
      break;
    }
    case 'acres': {
      const acres = readAcres(value);
      if (acres !== null) impact.acres = acres;
      else ignore(name, 'expected a number of acres, 0 or more');
      break;
    }
    case 'land':
      if (isLandUse(value)) impact.land = value;
      else ignore(name, 'expected agricultural or nonagricultural');
      break;
    case 'cf':
    case 'atf': {
      if (value !== '0' && value !== '1') {
        ignore(name, 'expected 0 or 1');
        break;
      }
      if (name === 'cf') impact.cultivatedField = value === '1';
      else impact.afterTheFact = value === '1';
      break;
    }
    case 'pda': {
      const acres = readAcres(value);
      if (acres !== null) impact.partiallyDrainedAcres = acres;
      else ignore(name, 'expected a number of partially drained acres, 0 or more');
      break;
    }
    case 'wtype':
      if (isWetlandType(value)) impact.wetlandType = value;
      else ignore(name, 'expected a Circular 39 wetland type, 1 to 8');
      break;
    case 'sroad':
      if (value === '0' || value === '1') impact.stateRoad = value === '1';
      else ignore(name, 'expected 0 or 1');
      break;
    case 'seq': {
      const record = readSequencing(value);
      if (record) impact.sequencing = record;
      else
        ignore(
          name,
          `expected {avoid, minimize, rectify, reduce} as text of at most ${MAX_SEQUENCING_TEXT} characters each`,
        );
      break;
    }
    case 'project':
      if (isProjectType(value)) impact.project = value;
      else ignore(name, 'expected general, public-transportation, mining or road-repair');
      break;
    default:
      return false;
  }
  return true;
}
