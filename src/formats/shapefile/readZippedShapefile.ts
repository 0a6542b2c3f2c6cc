import type { Feature, Geometry } from 'geojson';
import { parseDbf, parseShp } from 'shpjs';
import { reprojectGeometry, toWgs84 } from '../crs/reprojectGeometry.ts';
import { PipelineError } from '../PipelineError.ts';
import { readZipEntries } from '../zip/readZipEntries.ts';

/** A shapefile read from a ZIP archive, reprojected to WGS84. */
export interface ShapefileLayer {
  features: Feature<Geometry, Record<string, unknown>>[];
  /** The .prj text, kept for the record. */
  prj: string;
}

/**
 * Refuses a .dbf whose header promises more records than its bytes hold: shpjs would otherwise
 * loop over every promised record (a flipped byte can promise 4 billion) and hang the build.
 */
export function checkDbfSize(dbf: Uint8Array, label: string, base: string): void {
  if (dbf.byteLength < 32) throw new PipelineError(`${label}: ${base}.dbf is truncated in its header`);
  const view = new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength);
  const records = view.getUint32(4, true);
  const headerLength = view.getUint16(8, true);
  const recordLength = view.getUint16(10, true);
  if (headerLength < 33 || recordLength < 1 || headerLength + records * recordLength > dbf.byteLength + 1)
    throw new PipelineError(
      `${label}: ${base}.dbf promises ${records} records of ${recordLength} bytes after a ${headerLength}-byte header but holds ${dbf.byteLength} bytes`,
    );
}

/**
 * Walks the .shp records and refuses any whose lengths or part/point counts do not fit in its
 * bytes: shpjs trusts them, and a negative record length sends it round forever (out of memory).
 */
export function checkShpRecords(shp: Uint8Array, label: string, base: string): void {
  const view = new DataView(shp.buffer, shp.byteOffset, shp.byteLength);
  const fail = (problem: string) => new PipelineError(`${label}: ${base}.shp ${problem}`);
  if (shp.byteLength < 100) throw fail('is truncated in its header');
  for (let offset = 100, n = 1; offset + 8 <= shp.byteLength; n++) {
    const length = view.getInt32(offset + 4, false) * 2;
    const start = offset + 8;
    if (length < 4 || start + length > shp.byteLength) throw fail(`record ${n} has a bad length (${length})`);
    const type = view.getInt32(start, true);
    if ([3, 5, 13, 15, 23, 25].includes(type)) {
      const parts = length >= 44 ? view.getInt32(start + 36, true) : -1;
      const points = length >= 44 ? view.getInt32(start + 40, true) : -1;
      if (parts < 0 || points < 0 || 44 + 4 * parts + 16 * points > length)
        throw fail(`record ${n} claims more parts or points than it holds`);
    } else if ([8, 18, 28].includes(type)) {
      const points = length >= 40 ? view.getInt32(start + 36, true) : -1;
      if (points < 0 || 40 + 16 * points > length) throw fail(`record ${n} claims more points than it holds`);
    }
    offset = start + length;
  }
}

/**
 * Reads one shapefile (.shp + .dbf + .prj) from a ZIP archive and reprojects it from the CRS
 * its .prj declares to WGS84 with proj4. A shapefile without a .prj is refused: guessing the
 * CRS of state data (UTM 15N or lon/lat) is how features end up in the wrong place.
 * @param member base name of the shapefile to read when the archive holds several
 * @param label names the source in error messages
 */
export function readZippedShapefile(bytes: Uint8Array, label: string, member?: string): ShapefileLayer {
  const entries = readZipEntries(bytes, label);
  const byLower = new Map([...entries].map(([name, data]) => [name.toLowerCase(), { name, data }]));
  const shps = [...byLower.keys()].filter((n) => n.endsWith('.shp') && !n.includes('__macosx'));
  const wanted = member?.toLowerCase();
  const chosen = wanted ? shps.filter((n) => n.replace(/^.*\//, '').startsWith(wanted)) : shps;
  if (chosen.length !== 1)
    throw new PipelineError(
      `${label}: expected one shapefile${member ? ` named ${member}` : ''} in the archive, found ${chosen.length} (${shps.join(', ') || 'none'})`,
    );
  const base = chosen[0]!.slice(0, -4);
  const shp = byLower.get(`${base}.shp`)!.data;
  const dbf = byLower.get(`${base}.dbf`)?.data;
  const prjBytes = byLower.get(`${base}.prj`)?.data;
  if (!prjBytes) throw new PipelineError(`${label}: ${base}.shp has no .prj, so its CRS is unknown`);
  const prj = new TextDecoder().decode(prjBytes).trim();
  let convert: ReturnType<typeof toWgs84>;
  try {
    convert = toWgs84(prj);
  } catch (error) {
    throw new PipelineError(`${label}: unreadable .prj (${(error as Error).message}): ${prj.slice(0, 80)}`);
  }
  checkShpRecords(shp, label, base);
  if (dbf) checkDbfSize(dbf, label, base);
  let geometries: (Geometry | null)[];
  let records: Record<string, unknown>[] = [];
  try {
    geometries = parseShp(
      new DataView(shp.buffer, shp.byteOffset, shp.byteLength),
      false,
    ) as (Geometry | null)[];
    if (dbf)
      records = parseDbf(new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength)) as Record<
        string,
        unknown
      >[];
  } catch (error) {
    throw new PipelineError(`${label}: unreadable shapefile ${base} (${(error as Error).message})`);
  }
  const features = geometries.map((geometry, i) => {
    if (!geometry) throw new PipelineError(`${label}: feature #${i + 1} has no geometry`);
    return {
      type: 'Feature' as const,
      properties: records[i] ?? {},
      geometry: reprojectGeometry(geometry, convert),
    };
  });
  return { features, prj };
}
