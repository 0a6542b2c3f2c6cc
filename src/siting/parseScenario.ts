import { FieldError } from './fieldError.ts';
import {
  readBoolean,
  readEnum,
  readNonNegative,
  readObject,
  readOptionalBoolean,
  readOptionalDate,
  readOptionalEnum,
  readOptionalLocation,
  readOptionalString,
  readUnits,
} from './readFields.ts';
import {
  CANDIDATE_KINDS,
  type Candidate,
  type Impact,
  LAND_USES,
  PROJECT_TYPES,
  REPLACEMENT_ACTIONS,
  type Scenario,
  WETLAND_TYPES,
  type WetlandType,
} from './types.ts';

/** A value, or the field at fault and what is wrong with it. */
export type ParseResult<T> =
  | { ok: true; value: T }
  | { ok: false; error: { field: string; message: string } };

const IMPACT_FIELDS = [
  'location',
  'units',
  'acres',
  'land',
  'cultivatedField',
  'project',
  'afterTheFact',
  'applicationDate',
  'name',
  'partiallyDrainedAcres',
  'wetlandType',
  'stateRoad',
];
const CANDIDATE_FIELDS = [
  'id',
  'kind',
  'name',
  'location',
  'units',
  'action',
  'pretreatment',
  'functioningAsWetland',
  'bankApplicationDate',
  'availableCredits',
  'eisIdentified',
  'eisAdequacyDate',
  'wetlandType',
  'bankStatus',
];

/** Reads a Circular 39 type given as "3", 3 or "Type 3". */
function readWetlandType(value: unknown, field: string): WetlandType | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  const bare = text?.replace(/^type\s*/i, '') ?? null;
  if (bare === null || !(WETLAND_TYPES as readonly string[]).includes(bare)) {
    throw new FieldError(
      field,
      `unknown wetland type ${JSON.stringify(value)}; expected a Circular 39 type 1 to 8`,
    );
  }
  return bare as WetlandType;
}

/** Reads one impact object (also used per CSV row by the CLI). Throws FieldError. */
export function readImpact(value: unknown, field: string): Impact {
  const raw = readObject(value, field, IMPACT_FIELDS);
  const location = readOptionalLocation(raw.location, `${field}.location`);
  if (location === null && (raw.units === undefined || raw.units === null)) {
    throw new FieldError(`${field}.location`, 'give a location or units (or both)');
  }
  const land = readEnum(raw.land, `${field}.land`, LAND_USES);
  const cultivatedField = readBoolean(raw.cultivatedField, `${field}.cultivatedField`, false);
  // Subd. 1(c)/(g): a cultivated field is agricultural land, so the pair contradicts itself.
  if (cultivatedField && land === 'nonagricultural') {
    // A CSV row (field "row") names its columns bare.
    const landField = field === 'row' ? 'land' : `${field}.land`;
    throw new FieldError(
      `${field}.cultivatedField`,
      `true contradicts ${landField} "nonagricultural": a cultivated field is agricultural land (103G.222 subd. 1(c), 1(g)); set land to "agricultural" or cultivatedField to false`,
    );
  }
  const partial = raw.partiallyDrainedAcres;
  return {
    location,
    units: readUnits(raw.units, `${field}.units`),
    acres: readNonNegative(raw.acres, `${field}.acres`),
    land,
    cultivatedField,
    project: readEnum(raw.project, `${field}.project`, PROJECT_TYPES, 'general'),
    afterTheFact: readBoolean(raw.afterTheFact, `${field}.afterTheFact`, false),
    applicationDate: readOptionalDate(raw.applicationDate, `${field}.applicationDate`),
    partiallyDrainedAcres:
      partial === undefined || partial === null
        ? null
        : readNonNegative(partial, `${field}.partiallyDrainedAcres`),
    wetlandType: readWetlandType(raw.wetlandType, `${field}.wetlandType`),
    stateRoad: readOptionalBoolean(raw.stateRoad, `${field}.stateRoad`),
  };
}

/** Reads one candidate object. Throws FieldError. */
export function readCandidate(value: unknown, field: string): Candidate {
  const raw = readObject(value, field, CANDIDATE_FIELDS);
  const id = raw.id;
  if (id === undefined || id === null) throw new FieldError(`${field}.id`, 'is missing');
  if (typeof id !== 'string' || id === '') throw new FieldError(`${field}.id`, 'must be a non-empty string');
  const credits = raw.availableCredits;
  return {
    id,
    kind: readEnum(raw.kind, `${field}.kind`, CANDIDATE_KINDS),
    name: readOptionalString(raw.name, `${field}.name`),
    location: readOptionalLocation(raw.location, `${field}.location`),
    units: readUnits(raw.units, `${field}.units`),
    action: readOptionalEnum(raw.action, `${field}.action`, REPLACEMENT_ACTIONS),
    pretreatment: readOptionalBoolean(raw.pretreatment, `${field}.pretreatment`),
    functioningAsWetland: readOptionalBoolean(raw.functioningAsWetland, `${field}.functioningAsWetland`),
    bankApplicationDate: readOptionalDate(raw.bankApplicationDate, `${field}.bankApplicationDate`),
    availableCredits:
      credits === undefined || credits === null
        ? null
        : readNonNegative(credits, `${field}.availableCredits`),
    eisIdentified: readOptionalBoolean(raw.eisIdentified, `${field}.eisIdentified`),
    eisAdequacyDate: readOptionalDate(raw.eisAdequacyDate, `${field}.eisAdequacyDate`),
    wetlandType: readWetlandType(raw.wetlandType, `${field}.wetlandType`),
    bankStatus: readOptionalString(raw.bankStatus, `${field}.bankStatus`),
  };
}

/**
 * Checks a parsed scenario (from a file, a form or the CLI) and returns it typed, with defaults
 * filled in (`project` general, `cultivatedField` and `afterTheFact` false), or the first field at
 * fault. Unknown fields are errors, so a misspelt flag never silently changes the answer.
 */
export function parseScenario(value: unknown): ParseResult<Scenario> {
  try {
    const raw = readObject(value, 'scenario', ['impact', 'candidates']);
    if (raw.impact === undefined) throw new FieldError('impact', 'is missing');
    const impact = readImpact(raw.impact, 'impact');
    if (raw.candidates === undefined) throw new FieldError('candidates', 'is missing');
    if (!Array.isArray(raw.candidates)) throw new FieldError('candidates', 'must be an array');
    const seen = new Set<string>();
    const candidates = raw.candidates.map((entry: unknown, index: number) => {
      const candidate = readCandidate(entry, `candidates[${index}]`);
      if (seen.has(candidate.id))
        throw new FieldError(`candidates[${index}].id`, `duplicate id "${candidate.id}"`);
      seen.add(candidate.id);
      return candidate;
    });
    return { ok: true, value: { impact, candidates } };
  } catch (error) {
    if (error instanceof FieldError)
      return { ok: false, error: { field: error.field, message: error.problem } };
    throw error;
  }
}
