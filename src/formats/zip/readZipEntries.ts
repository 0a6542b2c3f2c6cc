import { Inflate } from 'fflate';
import { PipelineError } from '../PipelineError.ts';

/** Most bytes the archive may unpack to: far above a statewide shapefile, far below a zip bomb. */
export const MAX_UNZIPPED_BYTES = 2 * 1024 ** 3;

/** Compressed bytes handed to the inflater at a time (≤ ~132 MB out), so a bomb is caught early, not at 2 GiB. */
const CHUNK = 128 * 1024;

class TooLarge extends Error {}
class LongerThanDeclared extends Error {}

/**
 * Inflates raw DEFLATE data in chunks, stopping as soon as the output passes `room` bytes or
 * the size the archive declares for the entry (null when unknown).
 * fflate (pure JavaScript) does the work, so the same code runs in node and in a Web Worker.
 */
function inflateLimited(data: Uint8Array, room: number, declared: number | null): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > room) throw new TooLarge();
    // An entry that inflates past the size its header declares is lying (a crafted bomb): stop now.
    if (declared !== null && total > declared) throw new LongerThanDeclared();
    parts.push(chunk);
    if (final) ended = true;
  });
  for (let at = 0; at < data.length; at += CHUNK) {
    const end = Math.min(data.length, at + CHUNK);
    inflater.push(data.subarray(at, end), end === data.length);
  }
  if (data.length === 0) inflater.push(new Uint8Array(0), true);
  if (!ended) throw new Error('the compressed data ends early');
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Reads every file of a ZIP archive (stored or deflated) through its central directory.
 * Pure (no node:zlib, no DOM): the data pipeline and the page's import worker share it.
 * @param label names the source in error messages
 * @param maxUnzippedBytes refuses an archive that unpacks to more (a zip bomb) before memory runs out
 * @throws PipelineError when the bytes are not a readable ZIP archive (truncated, corrupt, a bomb)
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
  if (end < 0) {
    const startsLikeZip = bytes.length >= 4 && view.getUint32(0, true) === 0x04034b50;
    throw new PipelineError(
      startsLikeZip
        ? `${label}: truncated ZIP archive (it starts like one but its end, the central directory, is missing; download it again)`
        : `${label}: not a ZIP archive (no end-of-central-directory record)`,
    );
  }
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries = new Map<string, Uint8Array>();
  const decoder = new TextDecoder();
  const refuse = () =>
    new PipelineError(`${label}: the ZIP archive unpacks to more than ${maxUnzippedBytes} bytes; refused`);
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50)
      throw new PipelineError(`${label}: corrupt ZIP archive (bad central directory entry ${n + 1})`);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const declaredSize = view.getUint32(at + 24, true);
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
    if (dataStart + compressedSize > bytes.length)
      throw new PipelineError(`${label}: truncated ZIP archive (${name} runs past the end of the file)`);
    const room = maxUnzippedBytes - unzipped;
    // The declared size can lie, but an honest one lets a bomb be refused before inflating.
    if (declaredSize > room) throw refuse();
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    let content: Uint8Array;
    try {
      if (method === 0) content = data;
      else if (method === 8)
        content = inflateLimited(data, room, declaredSize === 0xffffffff ? null : declaredSize);
      else throw new Error(`compression method ${method} is not supported`);
    } catch (error) {
      if (error instanceof TooLarge) throw refuse();
      if (error instanceof LongerThanDeclared)
        throw new PipelineError(
          `${label}: corrupt ZIP archive (${name} unpacks to more than the ${declaredSize} bytes it declares; a zip bomb?); refused`,
        );
      throw new PipelineError(`${label}: corrupt ZIP archive (${name}: ${(error as Error).message})`);
    }
    unzipped += content.length;
    if (unzipped > maxUnzippedBytes) throw refuse();
    entries.set(name, content);
  }
  return entries;
}
