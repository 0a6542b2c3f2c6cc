import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ChunkWriter } from '../../../src/cli/chunkWriter.ts';

/** A slow consumer: each write completes later, so the writer must wait for 'drain'. */
function slowStream(chunks: Buffer[]): Writable {
  return new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      setTimeout(done, 1);
    },
  });
}

describe('ChunkWriter: rows gathered into chunks of UTF-8', () => {
  it('writes every row whole, in order, waiting while the stream is full', async () => {
    const chunks: Buffer[] = [];
    const out = slowStream(chunks);
    const writer = new ChunkWriter(out);
    const expected: string[] = [];
    let mostQueued = 0;
    for (let i = 0; i < 20_000; i++) {
      // A row as the batch writes one: encoded cells (short and long), integers, single bytes.
      const cell = Buffer.from(`"Ümlaut — ${'x'.repeat(i % 700)}",日本`, 'utf8');
      const long = i === 1234 ? Buffer.from(`${'long '.repeat(300_000)}`, 'utf8') : Buffer.alloc(0);
      writer.room(cell.length + long.length + 64);
      writer.putInt(i);
      writer.putByte(0x2c);
      writer.put(cell);
      writer.put(long);
      writer.putByte(0x2c);
      writer.putInt(i * 7919 + 10 ** 12);
      writer.putByte(0x0a);
      expected.push(`${i},${cell.toString('utf8')}${long.toString('utf8')},${i * 7919 + 10 ** 12}\n`);
      if (writer.due) await writer.flush();
      mostQueued = Math.max(mostQueued, out.writableLength);
    }
    await writer.flush();
    await new Promise<void>((resolve) => out.end(resolve));
    const written = Buffer.concat(chunks);
    expect(written.toString('utf8')).toBe(expected.join(''));
    // Every chunk ends with a whole row (a row is never split between writes).
    for (const chunk of chunks) expect(chunk[chunk.length - 1]).toBe(0x0a);
    expect(chunks.length).toBeGreaterThan(2);
    // Back-pressure: of the ~8 MB written, never more than about one chunk (and the long row)
    // waits in the stream.
    expect(written.length).toBeGreaterThan(7_000_000);
    expect(mostQueued).toBeLessThan(3_000_000);
  });

  it.each([
    ['waiting while it is full', 1024, true],
    ['holding many chunks at once', 64 << 20, true],
    // As stdout redirected to a file (SyncWriteStream): written when write returns, which says
    // the stream is not full, and called back on the next tick.
    ['writing each chunk at once, as a file does', 16384, false],
  ])(
    'fills written chunks again when allowed, writing the same bytes, to a stream %s',
    async (_name, highWaterMark, later) => {
      // A stream done with each chunk when it calls back, as a file or pipe is: it reads the bytes
      // later (as a full pipe does) or at once (a file), then calls back.
      const copies: Buffer[] = [];
      const buffers = new Set<ArrayBufferLike>();
      const out = new Writable({
        highWaterMark,
        write(chunk: Buffer, _encoding, done) {
          buffers.add(chunk.buffer);
          const read = () => {
            copies.push(Buffer.from(chunk));
            done();
          };
          if (later) setTimeout(read, 1);
          else read();
        },
      });
      const writer = new ChunkWriter(out, { reuseChunks: true });
      const expected: string[] = [];
      for (let i = 0; i < 20_000; i++) {
        const cell = Buffer.from(`${'y'.repeat(i % 500)},${i}\n`, 'utf8');
        writer.room(cell.length);
        writer.put(cell);
        expected.push(cell.toString('utf8'));
        if (writer.due) await writer.flush();
      }
      await writer.flush();
      await new Promise<void>((resolve) => out.end(resolve));
      // No chunk was filled again before the stream had read it.
      expect(Buffer.concat(copies).toString('utf8')).toBe(expected.join(''));
      expect(copies.length).toBeGreaterThan(4);
      // ~5 MB in 1 MB chunks: waiting for the stream, or written at once, from a few buffers.
      if (highWaterMark !== 64 << 20) expect(buffers.size).toBeLessThanOrEqual(3);
    },
  );

  it('prints integers as String does', () => {
    const chunks: Buffer[] = [];
    const writer = new ChunkWriter(slowStream(chunks));
    const values = [0, 1, 9, 10, 99, 100, 12345, 2 ** 31, 2 ** 53 - 1];
    writer.room(400);
    for (const value of values) {
      writer.putInt(value);
      writer.putByte(0x20);
    }
    void writer.flush();
    expect(Buffer.concat(chunks).toString()).toBe(`${values.join(' ')} `);
  });
});
