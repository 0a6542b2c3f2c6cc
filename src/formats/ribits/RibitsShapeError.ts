/**
 * A RIBITS answer that is not in the shape the readers expect (a changed schema, a truncated or
 * wrong answer). The message names the bank or the request and the field at fault.
 */
export class RibitsShapeError extends Error {
  override name = 'RibitsShapeError';
}
