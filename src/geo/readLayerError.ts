/**
 * A layer file that could not be decoded (truncated, corrupted, not FlatGeobuf). FlatGeobuf's
 * own errors (RangeError from a DataView, "Not a FlatGeobuf file", flatbuffers' assertions)
 * name neither the file nor the problem in a person's terms, so they are wrapped here, at the
 * boundary where bytes become features, into one named error that names the file.
 */
export class ReadLayerError extends Error {
  override name = 'ReadLayerError';
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    super(`${file}: not a readable FlatGeobuf layer (${detail.replace(/\s*\n\s*/g, ' ')})`, { cause });
  }
}

/** An abort is the caller's choice, not a fault of the file: it passes through unwrapped. */
function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** Runs one decoding step of `file`, turning any decoding failure into a ReadLayerError. */
export async function readingLayer<T>(file: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw isAbort(error) || error instanceof ReadLayerError ? error : new ReadLayerError(file, error);
  }
}

/** Iterates the features decoded from `file`, turning any decoding failure into a ReadLayerError. */
export async function* readingLayerFeatures<T>(file: string, features: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = features[Symbol.asyncIterator]();
  try {
    while (true) {
      const next = await readingLayer(file, () => iterator.next());
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await readingLayer(file, async () => iterator.return?.());
  }
}
