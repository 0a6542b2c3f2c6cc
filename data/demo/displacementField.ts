import type { Position } from 'geojson';
import { createRandom } from '../lib/createRandom.ts';

/** Cosine of Minnesota's middle latitude: turns degrees of longitude into comparable distances. */
export const LONGITUDE_SCALE = Math.cos((46.3 * Math.PI) / 180);

interface Wave {
  kx: number;
  ky: number;
  phase: number;
  amplitude: number;
  axis: 0 | 1;
}

/**
 * One smooth deterministic displacement field for the whole state. Every polygon's vertices
 * are moved by the same field, so a boundary shared by two polygons stays shared, and because
 * each wave's slope (amplitude x wavenumber) is small the field is a smooth bijection: cells
 * that tiled the plane before still tile it afterwards, with natural-looking wiggles.
 * @param seed PRNG seed
 * @returns a function from [lon, lat] to the displaced [lon, lat]
 */
export function createDisplacementField(seed: number): (point: Position) => Position {
  const random = createRandom(seed);
  // Wavelengths in degrees of latitude (~111 km): from basin-scale bends down to ~1 km wiggles.
  const wavelengths = [0.9, 0.4, 0.17, 0.07, 0.03, 0.012];
  const slopePerWave = 0.07;
  const waves: Wave[] = [];
  for (const wavelength of wavelengths) {
    const k = (2 * Math.PI) / wavelength;
    for (const axis of [0, 1, 0, 1] as const) {
      const angle = random() * 2 * Math.PI;
      waves.push({
        kx: k * Math.cos(angle),
        ky: k * Math.sin(angle),
        phase: random() * 2 * Math.PI,
        amplitude: slopePerWave / k,
        axis,
      });
    }
  }
  return (point) => {
    const x = point[0]! * LONGITUDE_SCALE;
    const y = point[1]!;
    let dx = 0;
    let dy = 0;
    for (const wave of waves) {
      const offset = wave.amplitude * Math.sin(wave.kx * x + wave.ky * y + wave.phase);
      if (wave.axis === 0) dx += offset;
      else dy += offset;
    }
    return [(x + dx) / LONGITUDE_SCALE, y + dy];
  };
}
