import type { MultiPolygon, Polygon } from 'geojson';
import { bboxOf } from '../../src/formats/geometry/bboxOf.ts';
import type { AreaFeature } from '../../src/formats/layers/layerTypes.ts';
import { densifyAreas } from './densifyAreas.ts';
import { createDisplacementField } from './displacementField.ts';
import { generateBankServiceAreas } from './generateBankServiceAreas.ts';
import { generateMajorWatersheds } from './generateMajorWatersheds.ts';
import { generateMinorWatersheds } from './generateMinorWatersheds.ts';

/** Options of the demonstration generator; the defaults are what the build uses. */
export interface DemoOptions {
  seed?: number;
  minorTarget?: number;
  /** Densification step of major boundaries, degrees of latitude (~111 km). */
  majorStep?: number;
  /** Densification step of minor boundaries. */
  minorStep?: number;
  /**
   * Multiplies every boundary's vertices (evenly spaced points on each segment), for the bench's
   * realistic-density build; 1 (the default) leaves the geography as generated.
   */
  densify?: number;
  /** The DNR's names of the majors (number → name), from the mirror's table; else "Demonstration major N". */
  majorNames?: ReadonlyMap<number, string> | null;
}

/** The three demonstration layers. */
export interface DemoGeography {
  majorWatersheds: AreaFeature[];
  minorWatersheds: AreaFeature[];
  bankServiceAreas: AreaFeature[];
}

/**
 * Deterministic stand-ins for the DNR major and minor watersheds and BWSR bank service areas,
 * which could not be mirrored: same input outline and options, same output.
 * Every generated feature carries `demonstration: true` and a name no one could take for a real one.
 * @param officialMajors real majors to nest the invented minors and BSAs in, when available
 */
export function generateDemoGeography(
  state: Polygon | MultiPolygon,
  options: DemoOptions = {},
  officialMajors?: AreaFeature[],
): DemoGeography {
  const seed = options.seed ?? 103222;
  const displace = createDisplacementField(seed);
  const bbox = bboxOf(state);
  // With the DNR's real majors at hand, only the minors and BSAs are invented, nested in them.
  const majorWatersheds =
    officialMajors ??
    generateMajorWatersheds(state, bbox, options.majorStep ?? 0.0015, displace, options.majorNames ?? null);
  const minorWatersheds = generateMinorWatersheds(
    majorWatersheds,
    options.minorTarget ?? 5700,
    options.minorStep ?? 0.002,
    displace,
    seed + 1,
  );
  const bankServiceAreas = generateBankServiceAreas(majorWatersheds);
  const factor = options.densify ?? 1;
  if (factor > 1)
    return {
      majorWatersheds: officialMajors ?? densifyAreas(majorWatersheds, factor),
      minorWatersheds: densifyAreas(minorWatersheds, factor),
      bankServiceAreas: densifyAreas(bankServiceAreas, factor),
    };
  return { majorWatersheds, minorWatersheds, bankServiceAreas };
}
