/**
 * A distance as planners in the United States read it, with the metric figure the engine
 * computes beside it: "8.8 km (5.5 mi)".
 */
const KM_PER_MILE = 1.609344;

export function formatDistance(km: number | null): string {
  if (km === null) return '—';
  const miles = km / KM_PER_MILE;
  const round = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });
  return `${round(km)} km (${round(miles)} mi)`;
}
