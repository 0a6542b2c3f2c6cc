// The module paths the page's loader uses, so the page bundle gains no more of flatgeobuf.
import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import { calcTreeSize } from 'flatgeobuf/lib/mjs/packedrtree.js';
import { ReadLayerError } from './readLayerError.ts';

const MAGIC = [0x66, 0x67, 0x62]; // "fgb"
/** flatgeobuf's own bound on a header (array-reader.js). */
const MAX_HEADER_BYTES = 10 * 1024 * 1024;

/** Thrown from the header callback to stop flatgeobuf before it goes on to the index. */
class HeaderRead extends Error {
  constructor(readonly header: HeaderMeta) {
    super('header read');
  }
}

/**
 * Checks that a FlatGeobuf file's header and index fit in its bytes before flatgeobuf reads it.
 * flatgeobuf reads past the end of a short buffer as zeros, and its `calcTreeSize` never returns
 * for a header declaring an index over 0 features: a truncated or corrupted file would freeze
 * the tab or the CLI instead of failing. Returns the header. @throws ReadLayerError naming `file`
 */
export function checkLayerBytes(file: string, bytes: Uint8Array): Promise<HeaderMeta> {
  return checkLayerRanges(file, bytes.length, async (start, end) => bytes.subarray(start, end));
}

/**
 * checkLayerBytes for a file of `size` bytes read by ranges (`read(start, end)`, end exclusive):
 * only its first bytes and header are read, so a caller reading features by range never holds
 * the whole file. The same checks, in the same order, with the same messages.
 */
export async function checkLayerRanges(
  file: string,
  size: number,
  read: (start: number, end: number) => Promise<Uint8Array>,
): Promise<HeaderMeta> {
  const fail = (problem: string) => new ReadLayerError(file, problem);
  const prefix = size < 12 ? null : await read(0, 12);
  if (prefix === null || !MAGIC.every((byte, i) => prefix[i] === byte)) throw fail('Not a FlatGeobuf file');
  const headerLength = new DataView(prefix.buffer, prefix.byteOffset, prefix.byteLength).getUint32(8, true);
  if (headerLength < 8 || headerLength > MAX_HEADER_BYTES)
    throw fail(`header size ${headerLength} is invalid`);
  if (12 + headerLength > size) throw fail('the file is truncated in its header');
  let header: HeaderMeta | undefined;
  try {
    // Only the header bytes (a copy): the callback runs before any index or feature is touched.
    const headerOnly = (await read(0, 12 + headerLength)).slice();
    await deserialize(headerOnly, {
      headerMetaFn: (meta) => {
        throw new HeaderRead(meta);
      },
    }).next();
  } catch (error) {
    if (!(error instanceof HeaderRead)) throw new ReadLayerError(file, error);
    header = error.header;
  }
  if (!header) throw fail('the header could not be read');
  const { featuresCount, indexNodeSize } = header;
  if (indexNodeSize > 0) {
    if (featuresCount === 0) throw fail('the header declares a spatial index over no features');
    if (featuresCount > size) throw fail(`the header claims ${featuresCount} features`);
    if (12 + headerLength + calcTreeSize(featuresCount, indexNodeSize) > size)
      throw fail('the file is truncated in its spatial index');
  }
  return header;
}
