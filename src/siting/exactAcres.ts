/**
 * Acre figures as the decimal numbers a listing or a form gives, not as binary fractions.
 * 0.2 acres at 1.5:1 is 0.3 acres required, but in binary floating point 0.2 × 1.5 is
 * 0.30000000000000004, and a bank listing 0.3 acres would be "less than required"; 0.1 + 0.2
 * acres of two pools would be 0.30000000000000004. Figures here have at most a few decimals
 * (listings give acres to 2-4 places, square feet to the foot), so a difference below one part
 * in 10^12 is the representation's, never the figures': it is ignored when comparing, and sums
 * are brought back to 12 significant digits. Pure.
 */

/** Significant digits a sum keeps: well beyond any listed figure, well within a double's 15-17. */
const DIGITS = 12;

/** Relative tolerance of a comparison: the rounding error of a few operations, far below any figure. */
const TOLERANCE = 1e-12;

/** `value` rounded to 12 significant digits (0.30000000000000004 is 0.3). */
export function decimalAcres(value: number): number {
  return Number.isFinite(value) && value !== 0 ? Number(value.toPrecision(DIGITS)) : value;
}

/** The sum of acre figures, as the decimal sum (0.1 + 0.2 is 0.3). */
export function sumAcres(values: Iterable<number>): number {
  let sum = 0;
  for (const value of values) sum += value;
  return decimalAcres(sum);
}

/**
 * Whether `available` acres cover `required` acres: at least as many, a difference within the
 * representation error of the two decimals ignored (0.3 listed covers 0.2 × 1.5 required).
 */
export function coversAcres(available: number, required: number): boolean {
  if (available >= required) return true;
  return required - available <= TOLERANCE * Math.max(Math.abs(available), Math.abs(required));
}
