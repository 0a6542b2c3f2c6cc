import { once } from 'node:events';
import type { Writable } from 'node:stream';

const CHUNK = 1 << 20;

/**
 * UTF-8 output gathered into 1 MB chunks and written with back-pressure: a batch writes ~100 MB
 * of rows, and one write per row (or a string per impact, encoded on write) costs more than the
 * rows. Text goes in as strings (encoded straight into the chunk) or as bytes already encoded
 * (a reasons cell shared by many rows is encoded once, see ReasonCells). Rows are never split across chunks.
 */
export class ChunkWriter {
  private chunk = Buffer.allocUnsafe(CHUNK);
  private used = 0;

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
