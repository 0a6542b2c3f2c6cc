import type { Geometry } from 'geojson';
import { parseDbf, parseShp } from 'shpjs';
import { crsToWgs84 } from '../crs/crsToWgs84.ts';
import { reprojectGeometry } from '../crs/reprojectGeometry.ts';
import { ImportError } from '../official/ImportError.ts';
import type { OpenedFile, SourceFeature } from '../official/types.ts';
import { checkDbfSize, checkShpRecords } from './readZippedShapefile.ts';

const dataView = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

/**
 * Lists the shapefiles in an unpacked ZIP archive (the DNR's holds one per level, BWSR's one);
 * each is read on demand, refused without a .prj, reprojected from it to WGS84.
 * @param entries the archive's files (readZipEntries)
 */
export function openShapefileZip(
  entries: Map<string, Uint8Array>,
  file: string,
  fileDate: string | null,
): OpenedFile {
  const byLower = new Map([...entries].map(([name, data]) => [name.toLowerCase(), data]));
  const shps = [...entries.keys()].filter((n) => /\.shp$/i.test(n) && !/__macosx/i.test(n)).sort();
  const candidates = shps.map((path) => {
    const base = path.slice(0, -4);
    const layer = base.replace(/^.*\//, '');
    const where = `${file}, layer ${layer}`;
    return {
      file,
      layer,
      read: async () => {
        const lower = base.toLowerCase();
        const shp = byLower.get(`${lower}.shp`)!;
        const dbf = byLower.get(`${lower}.dbf`);
        const prjBytes = byLower.get(`${lower}.prj`);
        const cpg = byLower.get(`${lower}.cpg`);
        if (!prjBytes)
          throw new ImportError(
            `${where}: unknown coordinate reference system (the shapefile has no .prj); add the .prj the publisher shipped`,
          );
        if (!dbf) throw new ImportError(`${where}: the shapefile has no .dbf, so it has no attributes`);
        const prj = new TextDecoder().decode(prjBytes).trim();
        const crs = crsToWgs84({ wkt: prj }, where);
        checkShpRecords(shp, where, layer);
        checkDbfSize(dbf, where, layer);
        let geometries: (Geometry | null)[];
        let records: Record<string, unknown>[];
        try {
          geometries = parseShp(dataView(shp), false);
          records = parseDbf(dataView(dbf), cpg ? new TextDecoder().decode(cpg).trim() : undefined);
        } catch (error) {
          throw new ImportError(`${where}: unreadable shapefile (${(error as Error).message})`);
        }
        const fields = records[0] ? Object.keys(records[0]) : [];
        const features: SourceFeature[] = geometries.map((geometry, i) => ({
          type: 'Feature',
          properties: records[i] ?? {},
          geometry: (geometry && crs.convert
            ? reprojectGeometry(geometry, crs.convert)
            : geometry) as Geometry,
        }));
        return { file, fileDate, layer, crs: crs.name, fields, features };
      },
    };
  });
  return { file, candidates, close: () => {} };
}
