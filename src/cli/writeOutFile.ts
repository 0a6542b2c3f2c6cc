import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Writable } from 'node:stream';

/**
 * Runs `work` writing into `FILE.partial` and renames it to FILE only once `work` has ended and
 * the bytes are flushed, so a failed or refused run leaves no half file and an earlier FILE as it
 * was (`batch --out FILE`). A file stream is done with a chunk once its write calls back.
 */
export async function writeOutFile<T>(file: string, work: (out: Writable) => Promise<T>): Promise<T> {
  const partial = `${file}.partial`;
  const out = createWriteStream(partial);
  try {
    const result = await work(out);
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    await rename(partial, file);
    return result;
  } catch (error) {
    // Writes still queued (the header, when the first row fails) end in an error after destroy:
    // heard and dropped, or Node stops the run with a stack instead of the row's message.
    out.on('error', () => {});
    const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
    out.destroy();
    await closed;
    await rm(partial, { force: true });
    throw error;
  }
}
