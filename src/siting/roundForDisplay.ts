/**
 * Rounding for display only. The law's thresholds (10,000 square feet, a bank's credits against
 * the acres required) are tested on unrounded values; a figure is rounded only where it is shown,
 * and never so that it appears on the other side of (or on) the threshold it was tested against.
 */

/** Rounds to `decimals` places (0.1 * 3 shows as 0.3). */
function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

/** Acres as shown: to 1/10,000 acre (about 4 square feet). */
export function roundAcres(acres: number): number {
  return roundTo(acres, 4);
}

/**
 * `value` rounded to `decimals` places, or to as many more (up to 8 more) as keep it on its own
 * side of `bound`: 10,000.4 square feet against 10,000 shows as 10000.4, not 10000; 0.45914 acres
 * required beside 0.4591 acres of credits shows as 0.45914. Unrounded when even that is not enough.
 */
export function roundApart(value: number, bound: number, decimals: number): number {
  const side = Math.sign(value - bound);
  for (let places = decimals; places <= decimals + 8; places++) {
    const rounded = roundTo(value, places);
    if (Math.sign(rounded - bound) === side) return rounded;
  }
  return value;
}
