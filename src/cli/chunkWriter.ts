import { once } from 'node:events';
import type { Writable } from 'node:stream';

const CHUNK = 1 << 20;

/**
 * Output gathered into ~1 MB chunks and written with back-pressure: a batch writes ~100 MB of
 * rows, and a write (or an encoding) per row or per impact costs more than building the rows.
 * Rows go in as bytes already encoded (cells shared by many rows, encoded once) and integers
 * written as digits, so building a row allocates nothing. Chunks end where a row ends.
 */
export class ChunkWriter {
  private chunk = Buffer.allocUnsafe(CHUNK);
  private used = 0;
  /** Chunks filled before a piece too long for what was left; written at the next flush. */
  private waiting: Buffer[] = [];

  constructor(private readonly out: Writable) {}

  /**
   * Room for `bytes` more in the current chunk: when they do not fit, the chunk is set aside (to be
   * written at the next flush) and a new one begun. Call before writing a row with put, putInt
   * and putByte; a row is never split between chunks. True when a flush is due.
   */
  room(bytes: number): boolean {
    if (this.used + bytes > this.chunk.length) {
      if (this.used > 0) this.waiting.push(this.chunk.subarray(0, this.used));
      this.chunk = Buffer.allocUnsafe(Math.max(CHUNK, bytes));
      this.used = 0;
    }
    return this.waiting.length > 0;
  }

  /** True when the chunk is (nearly) full or one waits: flush before the next row. */
  get due(): boolean {
    return this.used >= CHUNK - 4096 || this.waiting.length > 0;
  }

  /** Appends bytes (room first). Short pieces, most of a row, are copied a byte at a time. */
  put(bytes: Uint8Array): void {
    const chunk = this.chunk;
    const length = bytes.length;
    if (length > 48) {
      chunk.set(bytes, this.used);
      this.used += length;
      return;
    }
    let at = this.used;
    for (let i = 0; i < length; i++) chunk[at++] = bytes[i] as number;
    this.used = at;
  }

  /** Appends one byte (room first). */
  putByte(byte: number): void {
    this.chunk[this.used++] = byte;
  }

  /** Appends a non-negative integer below 2^53 in decimal, as String prints it (room first). */
  putInt(value: number): void {
    const chunk = this.chunk;
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    let at = this.used + digits;
    this.used = at;
    let rest = value;
    do {
      chunk[--at] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    } while (rest > 0);
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
