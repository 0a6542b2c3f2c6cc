import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import type { Geometry } from 'geojson';
import { crsToWgs84 } from '../crs/crsToWgs84.ts';
import { reprojectGeometry } from '../crs/reprojectGeometry.ts';
import { ImportError } from '../official/ImportError.ts';
import type { OpenedFile, SourceFeature } from '../official/types.ts';

/**
 * A FlatGeobuf file of one layer, reprojected from its header's CRS (none means WGS84, as
 * GDAL writes for EPSG:4326 data without a code).
 */
export function openFlatGeobuf(bytes: Uint8Array, file: string, fileDate: string | null): OpenedFile {
  const layer = file.replace(/^.*[\\/›]\s*/, '').replace(/\.fgb$/i, '');
  return {
    file,
    close: () => {},
    candidates: [
      {
        file,
        layer,
        read: async () => {
          const where = `${file}, layer ${layer}`;
          let header: HeaderMeta | undefined;
          const features: SourceFeature[] = [];
          // flatgeobuf reads through bytes.buffer without the view's offset: give it its own buffer.
          const own =
            bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
          try {
            for await (const f of deserialize(own, { headerMetaFn: (h) => (header = h) }))
              features.push(f as unknown as SourceFeature);
          } catch (error) {
            throw new ImportError(`${where}: unreadable FlatGeobuf file (${(error as Error).message})`);
          }
          const crsMeta = header?.crs;
          const crs =
            !crsMeta || (crsMeta.code === 0 && !crsMeta.wkt)
              ? { name: 'EPSG:4326', convert: null }
              : crsToWgs84(
                  { organization: crsMeta.org ?? 'EPSG', code: crsMeta.code, wkt: crsMeta.wkt },
                  where,
                );
          if (crs.convert)
            for (const f of features)
              if (f.geometry) f.geometry = reprojectGeometry(f.geometry as Geometry, crs.convert);
          const fields = header?.columns?.map((c) => c.name) ?? [];
          for (const f of features) f.properties ??= {};
          return { file, fileDate, layer: header?.title || layer, crs: crs.name, fields, features };
        },
      },
    ],
  };
}
