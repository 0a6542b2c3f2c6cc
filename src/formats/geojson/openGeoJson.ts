import type { Geometry } from 'geojson';
import { crsToWgs84 } from '../crs/crsToWgs84.ts';
import { reprojectGeometry } from '../crs/reprojectGeometry.ts';
import { ImportError } from '../official/ImportError.ts';
import type { OpenedFile, SourceFeature } from '../official/types.ts';

/**
 * A GeoJSON FeatureCollection of one layer: WGS84 by RFC 7946, or the CRS its (pre-2016)
 * `crs` member names, e.g. `urn:ogc:def:crs:EPSG::26915` as GDAL writes it.
 */
export function openGeoJson(bytes: Uint8Array, file: string, fileDate: string | null): OpenedFile {
  const layer = file.replace(/^.*[\\/›]\s*/, '').replace(/\.(geo)?json$/i, '');
  const where = `${file}, layer ${layer}`;
  return {
    file,
    close: () => {},
    candidates: [
      {
        file,
        layer,
        read: async () => {
          let parsed: {
            type?: string;
            name?: string;
            features?: SourceFeature[];
            crs?: { properties?: { name?: string } };
          };
          try {
            parsed = JSON.parse(new TextDecoder().decode(bytes));
          } catch (error) {
            throw new ImportError(`${where}: not valid JSON (${(error as Error).message})`);
          }
          if (parsed?.type !== 'FeatureCollection' || !Array.isArray(parsed.features))
            throw new ImportError(`${where}: not a GeoJSON FeatureCollection`);
          const declared = parsed.crs?.properties?.name;
          let crs: { name: string; convert: ReturnType<typeof crsToWgs84>['convert'] } = {
            name: 'EPSG:4326',
            convert: null,
          };
          if (declared && !/CRS84$/i.test(declared)) {
            const match = /EPSG:{1,2}(\d+)$/i.exec(declared);
            crs = match
              ? crsToWgs84({ organization: 'EPSG', code: Number(match[1]) }, where)
              : crsToWgs84({ wkt: declared }, where);
          }
          const features = parsed.features.map((f) => ({
            type: 'Feature' as const,
            properties: f.properties ?? {},
            geometry:
              f.geometry && crs.convert ? reprojectGeometry(f.geometry as Geometry, crs.convert) : f.geometry,
          }));
          const fields = [...new Set(features.flatMap((f) => Object.keys(f.properties)))];
          return { file, fileDate, layer: parsed.name || layer, crs: crs.name, fields, features };
        },
      },
    ],
  };
}
