import * as flatbuffers from 'flatbuffers';
import { Column } from 'flatgeobuf/lib/mjs/flat-geobuf/column.js';
import { ColumnType } from 'flatgeobuf/lib/mjs/flat-geobuf/column-type.js';
import { Crs } from 'flatgeobuf/lib/mjs/flat-geobuf/crs.js';
import { GeometryType } from 'flatgeobuf/lib/mjs/flat-geobuf/geometry-type.js';
import { Header } from 'flatgeobuf/lib/mjs/flat-geobuf/header.js';
import { buildFeature } from 'flatgeobuf/lib/mjs/generic/feature.js';
import { parseGeometry } from 'flatgeobuf/lib/mjs/geojson/geometry.js';
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import { generateLevelBounds, NODE_ITEM_BYTE_LEN } from 'flatgeobuf/lib/mjs/packedrtree.js';
import type { Geometry } from 'geojson';
import { bboxOf } from '../geometry/bboxOf.ts';
import type { ColumnKind, ColumnSpec } from '../layers/layerSchemas.ts';
import type { LayerFeature } from '../layers/layerTypes.ts';

/** Node size of the packed R-tree (the FlatGeobuf default). */
export const INDEX_NODE_SIZE = 16;

const MAGIC = new Uint8Array([0x66, 0x67, 0x62, 0x03, 0x66, 0x67, 0x62, 0x00]);

const COLUMN_TYPES: Record<ColumnKind, ColumnType> = {
  int: ColumnType.Int,
  double: ColumnType.Double,
  string: ColumnType.String,
  bool: ColumnType.Bool,
};

type Box = [number, number, number, number];

/** Hilbert curve index of (x, y) in a 2^16 grid (the algorithm flatbush and FlatGeobuf use). */
function hilbert(x: number, y: number): number {
  let a = x ^ y;
  let b = 0xffff ^ a;
  let c = 0xffff ^ (x | y);
  let d = x & (y ^ 0xffff);
  let A = a | (b >> 1);
  let B = (a >> 1) ^ a;
  let C = (c >> 1) ^ (b & (d >> 1)) ^ c;
  let D = (a & (c >> 1)) ^ (d >> 1) ^ d;
  a = A;
  b = B;
  c = C;
  d = D;
  A = (a & (a >> 2)) ^ (b & (b >> 2));
  B = (a & (b >> 2)) ^ (b & ((a ^ b) >> 2));
  C ^= (a & (c >> 2)) ^ (b & (d >> 2));
  D ^= (b & (c >> 2)) ^ ((a ^ b) & (d >> 2));
  a = A;
  b = B;
  c = C;
  d = D;
  A = (a & (a >> 4)) ^ (b & (b >> 4));
  B = (a & (b >> 4)) ^ (b & ((a ^ b) >> 4));
  C ^= (a & (c >> 4)) ^ (b & (d >> 4));
  D ^= (b & (c >> 4)) ^ ((a ^ b) & (d >> 4));
  a = A;
  b = B;
  c = C;
  d = D;
  C ^= (a & (c >> 8)) ^ (b & (d >> 8));
  D ^= (b & (c >> 8)) ^ ((a ^ b) & (d >> 8));
  a = C ^ (C >> 1);
  b = D ^ (D >> 1);
  let i0 = x ^ y;
  let i1 = b | (0xffff ^ (i0 | a));
  i0 = (i0 | (i0 << 8)) & 0x00ff00ff;
  i0 = (i0 | (i0 << 4)) & 0x0f0f0f0f;
  i0 = (i0 | (i0 << 2)) & 0x33333333;
  i0 = (i0 | (i0 << 1)) & 0x55555555;
  i1 = (i1 | (i1 << 8)) & 0x00ff00ff;
  i1 = (i1 | (i1 << 4)) & 0x0f0f0f0f;
  i1 = (i1 | (i1 << 2)) & 0x33333333;
  i1 = (i1 | (i1 << 1)) & 0x55555555;
  return ((i1 << 1) | i0) >>> 0;
}

/**
 * The header's geometry type: the one type all features share, MultiPolygon for a mix of
 * Polygon and MultiPolygon (each Polygon is then written as a one-part MultiPolygon, as GDAL's
 * PROMOTE_TO_MULTI does), likewise for lines and points; Unknown only for other mixes.
 */
function geometryType(features: LayerFeature[]): { type: GeometryType; promote: boolean } {
  const types = new Set<string>(features.map((f) => f.geometry.type));
  if (types.size === 1) return { type: parseGeometry(features[0]!.geometry as never).type, promote: false };
  const pairs: [string, string, GeometryType][] = [
    ['Polygon', 'MultiPolygon', GeometryType.MultiPolygon],
    ['LineString', 'MultiLineString', GeometryType.MultiLineString],
    ['Point', 'MultiPoint', GeometryType.MultiPoint],
  ];
  for (const [single, multi, type] of pairs)
    if (types.size === 2 && types.has(single) && types.has(multi)) return { type, promote: true };
  return { type: GeometryType.Unknown, promote: false };
}

/** A single geometry as its one-part Multi form. */
function promoted(geometry: Geometry): Geometry {
  switch (geometry.type) {
    case 'Polygon':
      return { type: 'MultiPolygon', coordinates: [geometry.coordinates] };
    case 'LineString':
      return { type: 'MultiLineString', coordinates: [geometry.coordinates] };
    case 'Point':
      return { type: 'MultiPoint', coordinates: [geometry.coordinates] };
    default:
      return geometry;
  }
}

/** What a FlatGeobuf header says about its layer to other readers (GDAL's `ogrinfo -so` shows it). */
export interface FlatGeobufLayerInfo {
  /** Layer name, e.g. `minor_watersheds`. */
  name: string;
  description: string;
}

function buildHeader(meta: HeaderMeta, columns: ColumnSpec[], title: string, layerName: string): Uint8Array {
  const builder = new flatbuffers.Builder(1024);
  const columnOffsets = columns.map((column) => {
    const name = builder.createString(column.name);
    Column.startColumn(builder);
    Column.addName(builder, name);
    Column.addType(builder, COLUMN_TYPES[column.kind]);
    Column.addNullable(builder, column.nullable);
    return Column.endColumn(builder);
  });
  const columnsVector = Header.createColumnsVector(builder, columnOffsets);
  const envelope = Header.createEnvelopeVector(builder, meta.envelope ?? []);
  const name = builder.createString(layerName);
  const titleOffset = builder.createString(title);
  const description = meta.description ? builder.createString(meta.description) : 0;
  Crs.startCrs(builder);
  Crs.addCode(builder, 4326);
  const crs = Crs.endCrs(builder);
  Header.startHeader(builder);
  Header.addName(builder, name);
  Header.addTitle(builder, titleOffset);
  if (description) Header.addDescription(builder, description);
  Header.addEnvelope(builder, envelope);
  Header.addGeometryType(builder, meta.geometryType);
  Header.addColumns(builder, columnsVector);
  Header.addFeaturesCount(builder, BigInt(meta.featuresCount));
  Header.addIndexNodeSize(builder, meta.indexNodeSize);
  Header.addCrs(builder, crs);
  builder.finishSizePrefixed(Header.endHeader(builder));
  return builder.asUint8Array();
}

/**
 * Serializes features to FlatGeobuf WITH its packed Hilbert R-tree, so a browser can fetch
 * only the features around a point through HTTP range requests. flatgeobuf 4.5's own
 * `serialize` writes `indexNodeSize: 0` (no index) and types columns from the first feature's
 * values (a null becomes a string column), so this writer builds the header from the layer
 * schema and packs the tree itself, reusing the library's feature encoder.
 * Features are stored in Hilbert order of their bounding-box centres, as the format requires.
 * @param features validated features; every column value is present (null allowed)
 * @param columns the layer's columns, in order
 * @param title stored in the header
 * @param info the header's layer name and description (default name "layer")
 */
export function writeFlatGeobuf(
  features: LayerFeature[],
  columns: ColumnSpec[],
  title: string,
  info?: FlatGeobufLayerInfo,
): Uint8Array {
  if (features.length === 0) throw new Error('cannot write an empty FlatGeobuf layer');
  const boxes = features.map((f) => bboxOf(f.geometry));
  const extent: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const b of boxes) {
    extent[0] = Math.min(extent[0], b[0]);
    extent[1] = Math.min(extent[1], b[1]);
    extent[2] = Math.max(extent[2], b[2]);
    extent[3] = Math.max(extent[3], b[3]);
  }
  const width = extent[2] - extent[0] || 1;
  const height = extent[3] - extent[1] || 1;
  const order = features.map((_, i) => {
    const b = boxes[i]!;
    const x = Math.floor((0xffff * ((b[0] + b[2]) / 2 - extent[0])) / width);
    const y = Math.floor((0xffff * ((b[1] + b[3]) / 2 - extent[1])) / height);
    return { index: i, value: hilbert(x, y) };
  });
  order.sort((a, b) => a.value - b.value || a.index - b.index);

  const kind = geometryType(features);
  const meta: HeaderMeta = {
    geometryType: kind.type,
    columns: columns.map((column) => ({
      name: column.name,
      type: COLUMN_TYPES[column.kind],
      title: null,
      description: null,
      width: -1,
      precision: -1,
      scale: -1,
      nullable: column.nullable,
      unique: false,
      primary_key: false,
    })),
    envelope: new Float64Array(extent),
    featuresCount: features.length,
    indexNodeSize: INDEX_NODE_SIZE,
    crs: null,
    title,
    description: info?.description ?? null,
    metadata: null,
  };
  const header = buildHeader(meta, columns, title, info?.name ?? 'layer');
  const encoded = order.map(({ index }) => {
    const feature = features[index]!;
    const geometry = kind.promote ? promoted(feature.geometry) : feature.geometry;
    return buildFeature(parseGeometry(geometry as never), feature.properties, meta);
  });

  // Packed R-tree: leaves (one per feature, in Hilbert order) at the end, the root at index 0;
  // a leaf's offset is its feature's byte offset, a parent's the index of its first child.
  const levels = generateLevelBounds(features.length, INDEX_NODE_SIZE);
  const nodeCount = levels[0]![1];
  const tree = new ArrayBuffer(nodeCount * NODE_ITEM_BYTE_LEN);
  const view = new DataView(tree);
  const nodeBoxes: Box[] = new Array(nodeCount);
  const writeNode = (i: number, box: Box, offset: bigint): void => {
    nodeBoxes[i] = box;
    const at = i * NODE_ITEM_BYTE_LEN;
    view.setFloat64(at, box[0], true);
    view.setFloat64(at + 8, box[1], true);
    view.setFloat64(at + 16, box[2], true);
    view.setFloat64(at + 24, box[3], true);
    view.setBigUint64(at + 32, offset, true);
  };
  let featureOffset = 0;
  order.forEach(({ index }, i) => {
    writeNode(levels[0]![0] + i, boxes[index]!, BigInt(featureOffset));
    featureOffset += encoded[i]!.length;
  });
  for (let level = 0; level < levels.length - 1; level++) {
    const [childStart, childEnd] = levels[level]!;
    const [parentStart, parentEnd] = levels[level + 1]!;
    let child = childStart;
    for (let parent = parentStart; parent < parentEnd; parent++) {
      const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
      const first = child;
      for (let k = 0; k < INDEX_NODE_SIZE && child < childEnd; k++, child++) {
        const b = nodeBoxes[child]!;
        box[0] = Math.min(box[0], b[0]);
        box[1] = Math.min(box[1], b[1]);
        box[2] = Math.max(box[2], b[2]);
        box[3] = Math.max(box[3], b[3]);
      }
      writeNode(parent, box, BigInt(first));
    }
  }

  const total = MAGIC.length + header.length + tree.byteLength + featureOffset;
  const out = new Uint8Array(total);
  out.set(MAGIC, 0);
  out.set(header, MAGIC.length);
  out.set(new Uint8Array(tree), MAGIC.length + header.length);
  let at = MAGIC.length + header.length + tree.byteLength;
  for (const bytes of encoded) {
    out.set(bytes, at);
    at += bytes.length;
  }
  return out;
}
