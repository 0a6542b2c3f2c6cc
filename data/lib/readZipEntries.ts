import { inflateRawSync } from 'node:zlib';
import { PipelineError } from './PipelineError.ts';

/** Most bytes the archive may unpack to: far above a statewide shapefile, far below a zip bomb. */
export const MAX_UNZIPPED_BYTES = 2 * 1024 ** 3;

/**
 * Reads every file of a ZIP archive (stored or deflated) through its central directory.
 * Node's zlib does the inflating, so no unzip dependency is needed.
 * @param label names the source in error messages
 * @param maxUnzippedBytes refuses an archive that unpacks to more (a zip bomb) before memory runs out
 * @throws PipelineError when the bytes are not a readable ZIP archive
 */
export function readZipEntries(
  bytes: Uint8Array,
  label: string,
  maxUnzippedBytes = MAX_UNZIPPED_BYTES,
): Map<string, Uint8Array> {
  let unzipped = 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new PipelineError(`${label}: not a ZIP archive (no end-of-central-directory record)`);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries = new Map<string, Uint8Array>();
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50)
      throw new PipelineError(`${label}: corrupt ZIP archive (bad central directory entry ${n + 1})`);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if (localOffset + 30 > bytes.length || view.getUint32(localOffset, true) !== 0x04034b50)
      throw new PipelineError(`${label}: corrupt ZIP archive (bad local header of ${name})`);
    const dataStart =
      localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    const room = maxUnzippedBytes - unzipped;
    let content: Uint8Array;
    try {
      if (method === 0) content = data;
      else if (method === 8)
        content = new Uint8Array(inflateRawSync(data, { maxOutputLength: Math.max(1, room) }));
      else throw new Error(`compression method ${method} is not supported`);
    } catch (error) {
      if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new PipelineError(
          `${label}: the ZIP archive unpacks to more than ${maxUnzippedBytes} bytes; refused`,
        );
      }
      throw new PipelineError(`${label}: corrupt ZIP archive (${name}: ${(error as Error).message})`);
    }
    unzipped += content.length;
    if (unzipped > maxUnzippedBytes) {
      throw new PipelineError(
        `${label}: the ZIP archive unpacks to more than ${maxUnzippedBytes} bytes; refused`,
      );
    }
    entries.set(name, content);
  }
  return entries;
}
