/**
 * FlatGeobuf's array reader reads through `bytes.buffer` from offset 0, so a view into a larger
 * buffer (as node's pooled Buffers can be) is copied into a buffer of its own.
 */
export function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}
