import type { Geometry, Position } from 'geojson';

/**
 * Reads OGC Well-Known Binary (ISO and EWKB flavours of Z/M; each geometry's own byte order)
 * into GeoJSON, dropping Z and M. Point, LineString, Polygon, their Multi forms and
 * GeometryCollection; curves are refused.
 * @param offset where the WKB starts in `bytes`
 * @param convert applied to each position as it is read (a reprojection), so no second copy of
 *   the geometry is made
 * @throws Error naming the problem (truncated, unsupported type)
 */
export function readWkb(bytes: Uint8Array, offset = 0, convert?: (p: Position) => Position): Geometry {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = offset;
  const need = (n: number) => {
    if (at + n > bytes.byteLength) throw new Error('the geometry is truncated');
  };
  const read = (): Geometry => {
    need(5);
    const little = view.getUint8(at) === 1;
    const rawType = view.getUint32(at + 1, little);
    at += 5;
    let type = rawType & 0x0fffffff;
    let dims = 2;
    if (rawType & 0x80000000) dims++;
    if (rawType & 0x40000000) dims++;
    if (rawType & 0x20000000) {
      need(4);
      at += 4; // EWKB SRID
    }
    if (type > 1000) {
      const flavour = Math.floor(type / 1000);
      dims = flavour === 3 ? 4 : 3;
      type %= 1000;
    }
    const u32 = () => {
      need(4);
      const v = view.getUint32(at, little);
      at += 4;
      return v;
    };
    const point = (): Position => {
      need(8 * dims);
      const p = [view.getFloat64(at, little), view.getFloat64(at + 8, little)];
      at += 8 * dims;
      return convert ? convert(p) : p;
    };
    // A count is checked against the bytes left before anything is allocated for it.
    const count = (bytesEach: number): number => {
      const n = u32();
      need(n * bytesEach);
      return n;
    };
    const points = (): Position[] => {
      const n = count(8 * dims);
      const out: Position[] = new Array(n);
      for (let i = 0; i < n; i++) out[i] = point();
      return out;
    };
    const rings = (): Position[][] => {
      const n = count(4);
      const out: Position[][] = [];
      for (let i = 0; i < n; i++) out.push(points());
      return out;
    };
    const children = <T>(expected: number, pick: (g: Geometry) => T): T[] => {
      const n = count(5);
      const out: T[] = [];
      for (let i = 0; i < n; i++) {
        const child = read();
        if (expected && child.type !== ['', 'Point', 'LineString', 'Polygon'][expected])
          throw new Error(`a multi-geometry holds a ${child.type}`);
        out.push(pick(child));
      }
      return out;
    };
    switch (type) {
      case 1:
        return { type: 'Point', coordinates: point() };
      case 2:
        return { type: 'LineString', coordinates: points() };
      case 3:
        return { type: 'Polygon', coordinates: rings() };
      case 4:
        return {
          type: 'MultiPoint',
          coordinates: children(1, (g) => (g as { coordinates: Position }).coordinates),
        };
      case 5:
        return {
          type: 'MultiLineString',
          coordinates: children(2, (g) => (g as { coordinates: Position[] }).coordinates),
        };
      case 6:
        return {
          type: 'MultiPolygon',
          coordinates: children(3, (g) => (g as { coordinates: Position[][] }).coordinates),
        };
      case 7:
        return { type: 'GeometryCollection', geometries: children(0, (g) => g) };
      default:
        throw new Error(`WKB geometry type ${rawType} (curves and surfaces) is not supported`);
    }
  };
  return read();
}
