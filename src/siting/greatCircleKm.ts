import type { LngLat } from './types.ts';

/** Kilometres per radian: Turf's mean earth radius (6,371,008.8 m) in km, as @turf/distance uses. */
const KM_PER_RADIAN = 6371008.8 / 1000;

function radians(degrees: number): number {
  return ((degrees % 360) * Math.PI) / 180;
}

/**
 * Great-circle (haversine) distance in kilometres, the same arithmetic in the same order as
 * `@turf/distance` with `units: 'kilometers'`, so results are bit-for-bit equal; inlined because
 * ranking a million candidates spent more time in Turf's argument handling than in the maths.
 */
export function greatCircleKm(from: LngLat, to: LngLat): number {
  const dLat = radians(to[1] - from[1]);
  const dLon = radians(to[0] - from[0]);
  const lat1 = radians(from[1]);
  const lat2 = radians(to[1]);
  const a = Math.sin(dLat / 2) ** 2 + Math.sin(dLon / 2) ** 2 * Math.cos(lat1) * Math.cos(lat2);
  return 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a)) * KM_PER_RADIAN;
}

/**
 * greatCircleKm with `from` fixed: its latitude's cosine is taken once, the rest is the same
 * arithmetic in the same order, so every result is bit-for-bit greatCircleKm(from, to).
 */
export function greatCircleFrom(from: LngLat): (to: LngLat) => number {
  const lat1 = radians(from[1]);
  const cosLat1 = Math.cos(lat1);
  return (to) => {
    const dLat = radians(to[1] - from[1]);
    const dLon = radians(to[0] - from[0]);
    const lat2 = radians(to[1]);
    const a = Math.sin(dLat / 2) ** 2 + Math.sin(dLon / 2) ** 2 * cosLat1 * Math.cos(lat2);
    return 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a)) * KM_PER_RADIAN;
  };
}
