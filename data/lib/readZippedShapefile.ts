import type { Feature, Geometry } from 'geojson';
import { parseDbf, parseShp } from 'shpjs';
import { PipelineError } from './PipelineError.ts';
import { readZipEntries } from './readZipEntries.ts';
import { reprojectGeometry, toWgs84 } from './reprojectGeometry.ts';

/** A shapefile read from a ZIP archive, reprojected to WGS84. */
export interface ShapefileLayer {
  features: Feature<Geometry, Record<string, unknown>>[];
  /** The .prj text, kept for the record. */
  prj: string;
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
