import { once } from 'node:events';
import type { Writable } from 'node:stream';

const CHUNK = 1 << 20;

/**
 * Text as its UTF-8 bytes, one character per byte (a "latin1" string): rows built from such
 * strings concatenate in JS as one-byte strings and are written with one copy per chunk, not
 * encoded cell by cell. An ASCII string is its own byte string.
 */
export function byteString(text: string): string {
  return Buffer.byteLength(text, 'utf8') === text.length
    ? text
    : Buffer.from(text, 'utf8').toString('latin1');
}

/** The text of a byte string (the inverse of byteString). */
export function fromByteString(bytes: string): string {
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * Output gathered into ~1 MB chunks of byte strings (see byteString) and written with
 * back-pressure: a batch writes ~100 MB of rows, and a write (and an encoding) per row or per
 * impact costs more than building the rows. Chunks end where a piece ends (a whole row).
 */
export class ChunkWriter {
  private chunk = Buffer.allocUnsafe(CHUNK);
  private used = 0;
  /** Chunks filled before a piece too long for what was left; written at the next flush. */
  private waiting: Buffer[] = [];

  constructor(private readonly out: Writable) {}

  /** Appends a byte string; true when a chunk is full and should be flushed. */
  add(bytes: string): boolean {
    if (this.used + bytes.length > this.chunk.length) {
      // Rare: a piece longer than what is left. Keep it whole in a chunk of its own size.
      const full = this.chunk.subarray(0, this.used);
      this.chunk = Buffer.allocUnsafe(Math.max(CHUNK, bytes.length));
      this.used = 0;
      this.waiting.push(full);
    }
    this.used += this.chunk.write(bytes, this.used, 'latin1');
    return this.used >= CHUNK - 4096 || this.waiting.length > 0;
  }

  /**
   * Appends a row in three parts: `head`, then the bytes `middle`, then `tail` (byte strings and
   * bytes, see byteString). A shared middle (a reasons cell) is copied, never joined into a row
   * string first: a batch's 150,000 rows would otherwise be 100 MB of short-lived strings.
   * True when a chunk is full and should be flushed.
   */
  addRow(head: string, middle: Uint8Array, tail: string): boolean {
    const length = head.length + middle.length + tail.length;
    if (this.used + length > this.chunk.length) {
      const full = this.chunk.subarray(0, this.used);
      this.chunk = Buffer.allocUnsafe(Math.max(CHUNK, length));
      this.used = 0;
      this.waiting.push(full);
    }
    const chunk = this.chunk;
    let at = this.used;
    // A short byte string is copied here, a character a byte: cheaper than a native write each.
    for (let i = 0; i < head.length; i++) chunk[at++] = head.charCodeAt(i);
    chunk.set(middle, at);
    at += middle.length;
    for (let i = 0; i < tail.length; i++) chunk[at++] = tail.charCodeAt(i);
    this.used = at;
    return this.used >= CHUNK - 4096 || this.waiting.length > 0;
  }

  /** Writes out what is gathered, waiting for the stream to drain when it asks. */
  async flush(): Promise<void> {
    const chunks = [...this.waiting, this.chunk.subarray(0, this.used)].filter((chunk) => chunk.length > 0);
    this.waiting = [];
    // The stream may keep a chunk until it is written: start a new one rather than reuse it.
    this.chunk = Buffer.allocUnsafe(CHUNK);
    this.used = 0;
    for (const chunk of chunks) if (!this.out.write(chunk)) await once(this.out, 'drain');
  }
}
