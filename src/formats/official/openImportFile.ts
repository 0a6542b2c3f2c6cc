import { openFlatGeobuf } from '../flatgeobuf/openFlatGeobuf.ts';
import { openGeoJson } from '../geojson/openGeoJson.ts';
import { openGeoPackage } from '../geopackage/openGeoPackage.ts';
import { openShapefileZip } from '../shapefile/openShapefileZip.ts';
import { unzipEntries } from '../zip/readZipEntries.ts';
import { describeFileKind } from './describeFileKind.ts';
import { ImportError } from './ImportError.ts';
import type { ImportFile, OpenedFile, SqlJsStatic } from './types.ts';

/** The base name of a path (either slash). */
export const baseName = (name: string): string => name.replace(/^.*[\\/]/, '');

/** ISO date (YYYY-MM-DD) of a file's lastModified, or null. */
export function fileDateOf(file: ImportFile): string | null {
  if (!file.lastModified) return null;
  const date = new Date(file.lastModified);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

/**
 * Opens one file the way it was published: a ZIP (GeoPackage or shapefiles inside), a bare
 * .gpkg, .fgb or .geojson. The kind comes from the name and is checked against the bytes.
 * @param sqlJs loads sql.js, only when a GeoPackage is met
 * @throws ImportError naming the file and the problem
 */
export async function openImportFile(
  file: ImportFile,
  sqlJs: () => Promise<SqlJsStatic>,
): Promise<OpenedFile[]> {
  const name = baseName(file.name);
  const date = fileDateOf(file);
  const lower = name.toLowerCase();
  const bytes = file.bytes;
  const isZip = bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (lower.endsWith('.zip') || (isZip && !lower.endsWith('.gpkg'))) {
    let entries: Map<string, Uint8Array>;
    try {
      entries = await unzipEntries(bytes, name);
    } catch (error) {
      throw new ImportError((error as Error).message);
    }
    const opened: OpenedFile[] = [];
    const inner = [...entries.keys()].filter((n) => !/__macosx/i.test(n));
    for (const entry of inner.filter((n) => /\.gpkg$/i.test(n)))
      opened.push(openGeoPackage(await sqlJs(), entries.get(entry)!, name, date));
    for (const entry of inner.filter((n) => /\.fgb$/i.test(n)))
      opened.push(openFlatGeobuf(entries.get(entry)!, name, date));
    for (const entry of inner.filter((n) => /\.(geo)?json$/i.test(n)))
      opened.push(openGeoJson(entries.get(entry)!, name, date));
    if (inner.some((n) => /\.shp$/i.test(n))) opened.push(openShapefileZip(entries, name, date));
    if (opened.length === 0)
      throw new ImportError(
        `${name}: the ZIP archive holds no GeoPackage, shapefile, FlatGeobuf or GeoJSON (found: ${inner.join(', ') || 'nothing'})`,
      );
    return opened;
  }
  if (lower.endsWith('.gpkg')) return [openGeoPackage(await sqlJs(), bytes, name, date)];
  if (lower.endsWith('.fgb')) {
    if (new TextDecoder().decode(bytes.subarray(0, 3)) !== 'fgb')
      throw new ImportError(`${name}: not a FlatGeobuf file — it is ${describeFileKind(bytes)}`);
    return [openFlatGeobuf(bytes, name, date)];
  }
  if (lower.endsWith('.geojson') || lower.endsWith('.json')) return [openGeoJson(bytes, name, date)];
  throw new ImportError(
    `${name}: cannot import this kind of file (${describeFileKind(bytes)}); give a GeoPackage (.gpkg or a .zip holding one), a zipped shapefile, a .fgb or a .geojson`,
  );
}
