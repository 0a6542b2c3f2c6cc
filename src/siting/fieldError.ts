/** A named problem with one input field, e.g. field `candidates[2].kind`. */
export class FieldError extends Error {
  override name = 'FieldError';
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
  }
}
