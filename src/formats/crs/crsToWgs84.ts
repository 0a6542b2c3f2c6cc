import type { Position } from 'geojson';
import { ImportError } from '../official/ImportError.ts';
import { toWgs84 } from './reprojectGeometry.ts';

/** A declared CRS: an authority code, WKT, or both. */
export interface DeclaredCrs {
  organization?: string | null;
  code?: number | null;
  wkt?: string | null;
}

/** A CRS that could be read: its name for messages, and the converter (null when already WGS84). */
export interface ReadCrs {
  name: string;
  convert: ((p: Position) => Position) | null;
}

/** Codes proj4 knows by name here (reprojectGeometry defines EPSG:26915, the agencies' UTM 15N). */
const KNOWN_EPSG = new Set([4326, 4269, 3857, 26915]);
/** Geographic lon/lat CRSs whose coordinates are WGS84 to within a metre (NAD83 ≈ WGS84 here). */
const LONLAT_EPSG = new Set([4326, 4269, 4979, 6318]);

function wktName(wkt: string): string {
  const match = /^\s*\w+\s*\[\s*"([^"]*)"/.exec(wkt);
  return match ? match[1]! : wkt.slice(0, 60);
}

/** How a read CRS is named: its EPSG code when the WKT states it or is the agencies' UTM 15N. */
function nameOf(wkt: string): string {
  const name = wktName(wkt);
  const authority = /AUTHORITY\s*\[\s*"EPSG"\s*,\s*"?(\d+)"?\s*\]\s*\]\s*$/i.exec(wkt);
  if (authority) return `EPSG:${authority[1]}`;
  if (/^PROJCS/i.test(wkt.trim()) && /NAD.?(19)?83.*UTM.?zone.?15N/i.test(name))
    return `EPSG:26915 (${name})`;
  return name;
}

/**
 * The converter from a declared CRS to WGS84 longitude/latitude (proj4).
 * @param where "file, layer" for messages
 * @throws ImportError naming the CRS when it is missing or proj4 cannot read it
 */
export function crsToWgs84(declared: DeclaredCrs, where: string): ReadCrs {
  const org = declared.organization?.toUpperCase() ?? '';
  const code = declared.code ?? null;
  const wkt = declared.wkt?.trim() ?? '';
  if (org === 'EPSG' && code !== null && LONLAT_EPSG.has(code))
    return { name: `EPSG:${code}`, convert: null };
  if (org === 'EPSG' && code !== null && KNOWN_EPSG.has(code))
    return { name: `EPSG:${code}`, convert: toWgs84(`EPSG:${code}`) };
  const named = code !== null && org ? `${org}:${code}` : '';
  if (wkt && wkt.toLowerCase() !== 'undefined') {
    try {
      const convert = toWgs84(wkt);
      const probe = convert([500000, 5000000]);
      if (!probe.every(Number.isFinite)) throw new Error('it gives no coordinates');
      return { name: named || nameOf(wkt), convert };
    } catch (error) {
      throw new ImportError(
        `${where}: unknown coordinate reference system ${named ? `${named} ` : ''}"${wktName(wkt)}" (${(error as Error).message ?? 'proj4 cannot read it'}); re-export the layer in EPSG:26915 (UTM 15N) or EPSG:4326`,
      );
    }
  }
  throw new ImportError(
    `${where}: unknown coordinate reference system${named ? ` ${named}` : ''} (no definition); re-export the layer in EPSG:26915 (UTM 15N) or EPSG:4326`,
  );
}
