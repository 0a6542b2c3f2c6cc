import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { byteString, ChunkWriter, fromByteString } from '../../../src/cli/chunkWriter.ts';

describe('ChunkWriter: rows gathered into chunks of UTF-8', () => {
  it('writes every piece whole, in order, as UTF-8, waiting while the stream is full', async () => {
    const chunks: Buffer[] = [];
    let pendingCallbacks = 0;
    const out = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        pendingCallbacks++;
        // A slow consumer: each write completes later, so the writer must wait for 'drain'.
        setTimeout(() => {
          pendingCallbacks--;
          done();
        }, 1);
      },
    });
    const writer = new ChunkWriter(out);
    const pieces: string[] = [];
    for (let i = 0; i < 20_000; i++) pieces.push(`${i},"Ümlaut — ${'x'.repeat(i % 700)}",日本\n`);
    pieces.splice(1234, 0, `${'long '.repeat(300_000)}\n`); // 1.5 MB: longer than a chunk
    let mostQueued = 0;
    for (const piece of pieces) {
      // Every other piece as a row of three parts, the middle as bytes, as the batch writes rows.
      const third = Math.floor(piece.length / 3);
      const full =
        pieces.indexOf(piece) % 2 === 0
          ? writer.add(byteString(piece))
          : writer.addRow(
              byteString(piece.slice(0, third)),
              Buffer.from(piece.slice(third, 2 * third), 'utf8'),
              byteString(piece.slice(2 * third)),
            );
      if (full) await writer.flush();
      mostQueued = Math.max(mostQueued, out.writableLength);
    }
    await writer.flush();
    await new Promise<void>((resolve) => out.end(resolve));
    expect(pendingCallbacks).toBe(0);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(pieces.join(''));
    // Every chunk ends with a whole piece (a row is never split between writes).
    for (const chunk of chunks) expect(chunk[chunk.length - 1]).toBe(0x0a);
    expect(chunks.length).toBeGreaterThan(2);
    // Back-pressure: never more than about one chunk (and the long piece) waits in the stream,
    // of the ~8 MB written.
    expect(Buffer.concat(chunks).length).toBeGreaterThan(7_000_000);
    expect(mostQueued).toBeLessThan(3_000_000);
  });

  it('byte strings are the UTF-8 bytes; ASCII is its own', () => {
    expect(byteString('plain, ASCII')).toBe('plain, ASCII');
    expect(byteString('—')).toBe('\u00e2\u0080\u0094');
    expect(fromByteString(byteString('Ümlaut 日本 —'))).toBe('Ümlaut 日本 —');
  });
});
