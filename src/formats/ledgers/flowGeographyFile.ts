/**
 * `flow-geography.json` (data/SCHEMA.md): what the page needs to account ledger withdrawals by
 * watershed (issue 34, item 4) without reading every major watershed's outline: each major's id,
 * name, HUC8, the BSA it lies in and a point inside it (where its flow lines start), each BSA's
 * id, name and point, and each bank's major, BSA and location. Written by the build with the
 * lookup the page and the CLI use; small (one entry per unit and bank).
 */

/** A point as [longitude, latitude]. */
export type FlowPoint = [number, number];

export interface FlowGeographyFile {
  schema: 1;
  generatedAt: string;
  /** The majors or BSAs are demonstration geography (invented outlines). */
  demonstration: boolean;
  majors: { id: number; name: string; huc8: string; bankServiceArea: number | null; at: FlowPoint | null }[];
  bankServiceAreas: { id: number; name: string; at: FlowPoint | null }[];
  /** `sites` id → the bank's units and location. */
  banks: Record<string, { majorWatershed: number | null; bankServiceArea: number | null; at: FlowPoint }>;
}

/** A flow-geography.json not in the documented shape; names the field. */
export class FlowGeographyFileError extends Error {
  override name = 'FlowGeographyFileError';
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isPoint = (v: unknown): v is FlowPoint =>
  Array.isArray(v) &&
  v.length === 2 &&
  v.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
  Math.abs(v[0] as number) <= 180 &&
  Math.abs(v[1] as number) <= 90;
const isId = (v: unknown) => typeof v === 'number' && Number.isInteger(v);
const isOptionalId = (v: unknown) => v === null || isId(v);

/**
 * Checks a parsed flow-geography.json and returns it typed.
 * @throws FlowGeographyFileError naming the first entry that is wrong
 */
export function parseFlowGeographyFile(value: unknown): FlowGeographyFile {
  const fail = (what: string): never => {
    throw new FlowGeographyFileError(`flow-geography.json: ${what}`);
  };
  if (!isRecord(value) || value.schema !== 1) fail('expected schema 1');
  const file = value as Record<string, unknown>;
  if (!Array.isArray(file.majors) || !Array.isArray(file.bankServiceAreas) || !isRecord(file.banks))
    fail('"majors" and "bankServiceAreas" must be lists and "banks" an object');
  for (const [i, m] of (file.majors as unknown[]).entries()) {
    if (!isRecord(m) || !isId(m.id) || typeof m.name !== 'string' || typeof m.huc8 !== 'string')
      fail(`major ${i + 1} needs a whole-number "id", a "name" and a "huc8"`);
    const major = m as Record<string, unknown>;
    if (!isOptionalId(major.bankServiceArea) || !(major.at === null || isPoint(major.at)))
      fail(
        `major ${i + 1}: "bankServiceArea" must be an id or null and "at" a [longitude, latitude] or null`,
      );
  }
  for (const [i, a] of (file.bankServiceAreas as unknown[]).entries())
    if (!isRecord(a) || !isId(a.id) || typeof a.name !== 'string' || !(a.at === null || isPoint(a.at)))
      fail(`bank service area ${i + 1} needs a whole-number "id", a "name" and "at"`);
  for (const [id, b] of Object.entries(file.banks as Record<string, unknown>))
    if (!isRecord(b) || !isOptionalId(b.majorWatershed) || !isOptionalId(b.bankServiceArea) || !isPoint(b.at))
      fail(`bank ${JSON.stringify(id)} needs "majorWatershed", "bankServiceArea" (ids or null) and "at"`);
  if (typeof file.demonstration !== 'boolean') fail('"demonstration" must be true or false');
  return value as FlowGeographyFile;
}
