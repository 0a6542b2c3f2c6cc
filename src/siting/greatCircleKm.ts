import type { LngLat } from './types.ts';

/** Kilometres per radian: Turf's mean earth radius (6,371,008.8 m) in km, as @turf/distance uses. */
const KM_PER_RADIAN = 6371008.8 / 1000;

function radians(degrees: number): number {
  // `degrees % 360` is a library call on a double, and it leaves a value inside (-360, 360)
  // exactly as it is: skip it there (every difference and latitude in Minnesota).
  const wrapped = degrees > -360 && degrees < 360 ? degrees : degrees % 360;
  return (wrapped * Math.PI) / 180;
}

/**
 * Great-circle (haversine) distance in kilometres, the same arithmetic in the same order as
 * `@turf/distance` with `units: 'kilometers'`, so results are bit-for-bit equal; inlined because
 * ranking a million candidates spent more time in Turf's argument handling than in the maths.
 */
export function greatCircleKm(from: LngLat, to: LngLat): number {
  return greatCircleKmFrom(from[0], from[1], Math.cos(radians(from[1])), to);
}

/**
 * greatCircleKm from (fromLng, fromLat) whose latitude's cosine `cosFromLat` is taken once by
 * the caller (`Math.cos` of the latitude in radians, as greatCircleCosine gives it): the same
 * arithmetic in the same order, so every result is bit-for-bit greatCircleKm. A plain function,
 * not a closure, so a ranking loop calling it for a million candidates can inline it.
 */
export function greatCircleKmFrom(fromLng: number, fromLat: number, cosFromLat: number, to: LngLat): number {
  const dLat = radians(to[1] - fromLat);
  const dLon = radians(to[0] - fromLng);
  const lat2 = radians(to[1]);
  const a = Math.sin(dLat / 2) ** 2 + Math.sin(dLon / 2) ** 2 * cosFromLat * Math.cos(lat2);
  return 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a)) * KM_PER_RADIAN;
}

/** The cosine of a latitude (degrees) that greatCircleKmFrom takes. */
export function greatCircleCosine(latitude: number): number {
  return Math.cos(radians(latitude));
}

/**
 * greatCircleKm with `from` fixed: its latitude's cosine is taken once, the rest is the same
 * arithmetic in the same order, so every result is bit-for-bit greatCircleKm(from, to).
 */
export function greatCircleFrom(from: LngLat): (to: LngLat) => number {
  const [fromLng, fromLat] = from;
  const cosFromLat = greatCircleCosine(fromLat);
  return (to) => greatCircleKmFrom(fromLng, fromLat, cosFromLat, to);
}
