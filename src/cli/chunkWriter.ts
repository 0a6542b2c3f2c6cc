import { once } from 'node:events';
import type { Writable } from 'node:stream';

const CHUNK = 1 << 20;

/**
 * UTF-8 output gathered into 1 MB chunks and written with back-pressure: a batch writes ~100 MB
 * of rows, and one write per row (or a string per impact, encoded on write) costs more than the
 * rows. Text goes in as strings (encoded straight into the chunk) or as bytes already encoded
 * (a reasons cell shared by many rows is encoded once). Rows are never split across chunks.
 */
export class ChunkWriter {
  private chunk = Buffer.allocUnsafe(CHUNK);
  private used = 0;
  private readonly encoded = new Map<string, Buffer>();

  constructor(private readonly out: Writable) {}

  /** Room for `bytes` more in the current chunk, writing it out first when full. */
  async reserve(bytes: number): Promise<void> {
    if (this.used + bytes <= this.chunk.length) return;
    await this.flush();
    if (bytes > this.chunk.length) this.chunk = Buffer.allocUnsafe(bytes);
  }

  /** Appends a string (reserve its `length * 3` bytes first: UTF-8's worst case). */
  text(text: string): void {
    this.used += this.chunk.write(text, this.used);
  }

  /** Appends bytes (reserve them first). */
  bytes(bytes: Uint8Array): void {
    this.chunk.set(bytes, this.used);
    this.used += bytes.length;
  }

  /** The UTF-8 bytes of a string written many times, encoded once (keep the set of such strings small). */
  encode(text: string): Buffer {
    let bytes = this.encoded.get(text);
    if (!bytes) {
      bytes = Buffer.from(text, 'utf8');
      this.encoded.set(text, bytes);
    }
    return bytes;
  }

  /** Forgets the encoded strings (e.g. at the next impact). */
  forget(): void {
    this.encoded.clear();
  }

  /** Writes out what is gathered, waiting for the stream to drain when it asks. */
  async flush(): Promise<void> {
    if (this.used === 0) return;
    const full = this.chunk.subarray(0, this.used);
    // The stream may keep the chunk until it is written: start a new one rather than reuse it.
    this.chunk = Buffer.allocUnsafe(CHUNK);
    this.used = 0;
    if (!this.out.write(full)) await once(this.out, 'drain');
  }
}
