import * as flatbuffers from 'flatbuffers';
import Flatbush from 'flatbush';
import { Feature as FgbFeature } from 'flatgeobuf/lib/mjs/flat-geobuf/feature.js';
import { fromFeature } from 'flatgeobuf/lib/mjs/geojson/feature.js';
import { fromByteBuffer, type HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import { calcTreeSize } from 'flatgeobuf/lib/mjs/packedrtree.js';
import type { Feature } from 'geojson';
import { CheckedRangeClient, type RangeFileState } from './checkedRangeClient';
import type { Rect } from './featureSource';
import { keepOfflineRange } from './offlineCopy';

const MAGIC = [0x66, 0x67, 0x62];
/** Bytes asked for first: the magic, the header length and (almost always) the whole header. */
const HEADER_GUESS = 16 * 1024;
/** Features closer than this are fetched in one request, the gap read and dropped. */
const MERGE_GAP = 16 * 1024;
/** No single request longer than this, so progress moves and an abort lands soon. */
const MAX_REQUEST = 1024 * 1024;

/** Fetches bytes [start, end) of a file; a server without ranges may answer with the whole file. */
export type RangeFetch = (start: number, end: number, signal?: AbortSignal) => Promise<Uint8Array>;

/** HTTP ranges with fetch: each request carries the signal, so an abort cancels it on the wire. */
export function httpRangeFetch(url: string, onNotice?: (message: string) => void): RangeFetch {
  // Every answer is checked against the bytes asked for (a host that gzips or ignores ranges
  // falls back to one whole download, with a notice): see checkedRangeClient.ts.
  const state: RangeFileState = { whole: null };
  const onRange = (begin: number, body: ArrayBuffer, fromCopy: boolean) => {
    if (!fromCopy) void keepOfflineRange(url, begin, body);
  };
  return async (start, end, signal) =>
    new Uint8Array(
      await new CheckedRangeClient(url, state, { signal, onNotice, onRange }).getRange(start, end - start),
    );
}

/** One feature read through the index: its position in the file and its decoded GeoJSON. */
export interface IndexedFeature {
  index: number;
  feature: Feature;
}

/**
 * A FlatGeobuf file read through HTTP ranges: the header and the whole packed R-tree once (a few
 * hundred kilobytes for 5,700 minor watersheds), then only the features a box or a point needs,
 * neighbours in the file merged into one request. Unlike flatgeobuf 4.5's HTTP reader, every
 * request takes an AbortSignal (a pan away cancels the transfer) and the tree is read once, not
 * once per query.
 */
export class RangeLayerReader {
  private constructor(
    private readonly fetchRange: RangeFetch,
    readonly header: HeaderMeta,
    private readonly featuresStart: number,
    private readonly offsets: Float64Array,
    private readonly ends: Float64Array,
    private readonly tree: Flatbush,
  ) {}

  /** Reads the header and the index of a file of `size` bytes. */
  static async open(read: RangeFetch, size: number, signal?: AbortSignal): Promise<RangeLayerReader> {
    const head = await read(0, Math.min(size, HEADER_GUESS), signal);
    if (!MAGIC.every((byte, i) => head[i] === byte)) throw new Error('not a FlatGeobuf file');
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    const headerLength = view.getUint32(8, true);
    const headerEnd = 12 + headerLength;
    const headerBytes =
      headerEnd <= head.length ? head.subarray(8, headerEnd) : (await read(0, headerEnd, signal)).subarray(8);
    const header = fromByteBuffer(new flatbuffers.ByteBuffer(new Uint8Array(headerBytes)));
    const count = header.featuresCount;
    if (header.indexNodeSize === 0 || count === 0) throw new Error('the file has no spatial index');
    const treeSize = calcTreeSize(count, header.indexNodeSize);
    const featuresStart = headerEnd + treeSize;
    // Only the leaves are needed here (one per feature, at the end of the tree): a flat R-tree of
    // a few thousand boxes is searched in microseconds in memory.
    const leavesStart = featuresStart - count * 40;
    const leaves = await read(leavesStart, featuresStart, signal);
    const leafView = new DataView(leaves.buffer, leaves.byteOffset, leaves.byteLength);
    const tree = new Flatbush(count);
    const offsets = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const at = i * 40;
      tree.add(
        leafView.getFloat64(at, true),
        leafView.getFloat64(at + 8, true),
        leafView.getFloat64(at + 16, true),
        leafView.getFloat64(at + 24, true),
      );
      offsets[i] = Number(leafView.getBigUint64(at + 32, true));
    }
    tree.finish();
    // A feature ends where the next one (in file order) starts; the last at the end of the file.
    const order = Array.from(offsets.keys()).sort((a, b) => (offsets[a] ?? 0) - (offsets[b] ?? 0));
    const ends = new Float64Array(count);
    for (let k = 0; k < order.length; k++) {
      const next = order[k + 1];
      ends[order[k] as number] = next === undefined ? size - featuresStart : (offsets[next] as number);
    }
    return new RangeLayerReader(read, header, featuresStart, offsets, ends, tree);
  }

  get featureCount(): number {
    return this.header.featuresCount;
  }

  /** Indexes of the features whose box meets `rect`, in file order. */
  search(rect: Rect): number[] {
    return this.tree
      .search(rect.minX, rect.minY, rect.maxX, rect.maxY)
      .sort((a, b) => (this.offsets[a] ?? 0) - (this.offsets[b] ?? 0));
  }

  /** Where feature `index` lies in the file: [start, end) in bytes. */
  byteRangeOf(index: number): [number, number] {
    return [this.featuresStart + (this.offsets[index] ?? 0), this.featuresStart + (this.ends[index] ?? 0)];
  }

  /** Bytes of the given features in the file (what reading them costs). */
  bytesOf(indexes: readonly number[]): number {
    let total = 0;
    for (const i of indexes) total += (this.ends[i] ?? 0) - (this.offsets[i] ?? 0);
    return total;
  }

  /**
   * Reads and decodes the given features, yielding them request by request.
   * @throws the signal's reason once it aborts (the request in flight is cancelled)
   */
  async *read(indexes: readonly number[], signal?: AbortSignal): AsyncGenerator<IndexedFeature[]> {
    for await (const batch of this.readAs(
      indexes,
      (feature, index) => fromFeature(index, feature, this.header),
      signal,
    ))
      yield batch.map(({ index, value }) => ({ index, feature: value as Feature }));
  }

  /**
   * Reads the given features as `read` does, each handed to `decode` as flatgeobuf's feature
   * (over a copy of its own bytes) instead of decoded to GeoJSON.
   */
  async *readAs<T>(
    indexes: readonly number[],
    decode: (feature: FgbFeature, index: number) => T,
    signal?: AbortSignal,
  ): AsyncGenerator<{ index: number; value: T }[]> {
    const sorted = [...indexes].sort((a, b) => (this.offsets[a] ?? 0) - (this.offsets[b] ?? 0));
    let k = 0;
    while (k < sorted.length) {
      const first = sorted[k] as number;
      const start = this.offsets[first] as number;
      let end = this.ends[first] as number;
      const run = [first];
      k++;
      while (k < sorted.length) {
        const next = sorted[k] as number;
        const nextStart = this.offsets[next] as number;
        const nextEnd = this.ends[next] as number;
        if (nextStart - end > MERGE_GAP || nextEnd - start > MAX_REQUEST) break;
        run.push(next);
        end = Math.max(end, nextEnd);
        k++;
      }
      signal?.throwIfAborted();
      const bytes = await this.fetchRange(this.featuresStart + start, this.featuresStart + end, signal);
      signal?.throwIfAborted();
      yield run.map((index) => ({
        index,
        value: decode(this.featureAt(bytes, (this.offsets[index] as number) - start), index),
      }));
    }
  }

  /** The feature whose size-prefixed bytes start at `at`, over an aligned copy of them. */
  private featureAt(bytes: Uint8Array, at: number): FgbFeature {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const length = view.getUint32(at, true);
    const aligned = new Uint8Array(length + 4);
    aligned.set(bytes.subarray(at + 4, at + 4 + length), 4);
    return FgbFeature.getSizePrefixedRootAsFeature(new flatbuffers.ByteBuffer(aligned));
  }
}
