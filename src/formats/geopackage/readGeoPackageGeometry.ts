import type { Geometry, Position } from 'geojson';
import { readWkb } from './readWkb.ts';

/** Bytes of the envelope for each value of the GeoPackage header's envelope indicator. */
const ENVELOPE_BYTES = [0, 32, 48, 48, 64];

/**
 * Decodes a GeoPackage geometry blob (OGC 12-128r18 §2.1.3): "GP", version, flags, srs_id,
 * an optional envelope, then standard WKB.
 * @param convert applied to each position as it is read (readWkb)
 * @returns null for an empty geometry
 * @throws Error naming the problem when the blob is not a GeoPackage geometry
 */
export function readGeoPackageGeometry(
  blob: Uint8Array,
  convert?: (p: Position) => Position,
): Geometry | null {
  if (blob.byteLength < 8 || blob[0] !== 0x47 || blob[1] !== 0x50)
    throw new Error('not a GeoPackage geometry (no "GP" header)');
  const flags = blob[3]!;
  const envelope = (flags >> 1) & 0x07;
  if (envelope >= ENVELOPE_BYTES.length) throw new Error(`bad envelope indicator ${envelope}`);
  if (flags & 0x20) throw new Error('extended GeoPackage geometries are not supported');
  if (flags & 0x10) return null;
  return readWkb(blob, 8 + ENVELOPE_BYTES[envelope]!, convert);
}
