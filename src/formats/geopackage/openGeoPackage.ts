import type { Position } from 'geojson';
import type { Database, SqlValue } from 'sql.js';
import { crsToWgs84 } from '../crs/crsToWgs84.ts';
import { describeFileKind } from '../official/describeFileKind.ts';
import { ImportError } from '../official/ImportError.ts';
import type { OpenedFile, SourceFeature, SqlJsStatic } from '../official/types.ts';
import { readGeoPackageGeometry } from './readGeoPackageGeometry.ts';

const SQLITE_MAGIC = 'SQLite format 3\0';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

function rows(db: Database, sql: string, params: SqlValue[] = []): Record<string, SqlValue>[] {
  const statement = db.prepare(sql, params);
  const out: Record<string, SqlValue>[] = [];
  try {
    while (statement.step()) out.push(statement.getAsObject());
  } finally {
    statement.free();
  }
  return out;
}

/**
 * Opens a GeoPackage (SQLite with GeoPackage geometry blobs) with sql.js and lists its feature
 * tables; each is read on demand and reprojected to WGS84 from its gpkg_spatial_ref_sys entry.
 * @param file the name shown in messages (inside a ZIP: "archive.zip › inner.gpkg")
 * @throws ImportError when the bytes are not a GeoPackage (naming what they are instead)
 */
export function openGeoPackage(
  SQL: SqlJsStatic,
  bytes: Uint8Array,
  file: string,
  fileDate: string | null,
): OpenedFile {
  if (new TextDecoder().decode(bytes.subarray(0, 16)) !== SQLITE_MAGIC)
    throw new ImportError(
      `${file}: not a GeoPackage — it is ${describeFileKind(bytes)} (a GeoPackage is an SQLite database; was another file renamed .gpkg?)`,
    );
  let db: Database;
  let tables: Record<string, SqlValue>[];
  try {
    db = new SQL.Database(bytes);
  } catch (error) {
    throw new ImportError(`${file}: unreadable SQLite database (${(error as Error).message})`);
  }
  try {
    tables = rows(
      db,
      `SELECT c.table_name AS t, c.column_name AS g, c.srs_id AS s FROM gpkg_geometry_columns c
       JOIN gpkg_contents k ON k.table_name = c.table_name ORDER BY c.table_name`,
    );
  } catch (error) {
    db.close();
    throw new ImportError(
      `${file}: an SQLite database but not a GeoPackage, or damaged (${(error as Error).message})`,
    );
  }
  const candidates = tables.map((table) => {
    const layer = String(table.t);
    const geometryColumn = String(table.g);
    const where = `${file}, layer ${layer}`;
    return {
      file,
      layer,
      read: async () => {
        const srs = rows(
          db,
          'SELECT organization AS o, organization_coordsys_id AS c, definition AS d FROM gpkg_spatial_ref_sys WHERE srs_id = ?',
          [table.s ?? null],
        )[0];
        if (!srs)
          throw new ImportError(
            `${where}: unknown coordinate reference system (srs_id ${String(table.s)} is not in gpkg_spatial_ref_sys)`,
          );
        const crs = crsToWgs84(
          { organization: String(srs.o ?? ''), code: Number(srs.c), wkt: String(srs.d ?? '') },
          where,
        );
        let fields: string[] = [];
        const features: SourceFeature[] = [];
        try {
          const statement = db.prepare(`SELECT * FROM ${quote(layer)}`);
          try {
            fields = statement.getColumnNames().filter((c) => c !== geometryColumn);
            let n = 0;
            while (statement.step()) {
              n++;
              const record = statement.getAsObject();
              const blob = record[geometryColumn];
              // Reprojected as it is read: one array per position, not a read copy and a reprojected one.
              const geometry = blob instanceof Uint8Array ? readGeometry(blob, where, n, crs.convert) : null;
              const properties: Record<string, unknown> = {};
              for (const f of fields) properties[f] = record[f];
              features.push({ type: 'Feature', properties, geometry: geometry as SourceFeature['geometry'] });
            }
          } finally {
            statement.free();
          }
        } catch (error) {
          if (error instanceof ImportError) throw error;
          throw new ImportError(`${where}: unreadable table (${(error as Error).message})`);
        }
        return { file, fileDate, layer, crs: crs.name, fields, features };
      },
    };
  });
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    db.close(); // sql.js drops its in-memory copy of the file with it
  };
  return { file, candidates, close };
}

function readGeometry(
  blob: Uint8Array,
  where: string,
  n: number,
  convert: ((p: Position) => Position) | null,
) {
  try {
    return readGeoPackageGeometry(blob, convert ?? undefined);
  } catch (error) {
    throw new ImportError(`${where}: feature #${n} has an unreadable geometry (${(error as Error).message})`);
  }
}
