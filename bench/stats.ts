/** The value at fraction `q` (0-1) of the sorted samples, nearest rank. */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

/** The median of the samples. */
export function median(samples: readonly number[]): number {
  return percentile(samples, 0.5);
}

/** Rounds to `digits` decimals for the report (the raw timings are noisy past that). */
export function round(value: number, digits = 3): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
