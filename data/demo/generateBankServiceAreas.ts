import type { AreaFeature } from '../../src/formats/layers/layerTypes.ts';
import { unionAreas } from '../lib/clipPolygons.ts';
import { DEMO_MAJORS } from './demoMajorTable.ts';

/**
 * 10 demonstration bank service areas, each the union of whole demonstration majors
 * (BWSR drew the real BSAs along major watershed lines).
 */
export function generateBankServiceAreas(majors: AreaFeature[]): AreaFeature[] {
  const areas: AreaFeature[] = [];
  for (let id = 1; id <= 10; id++) {
    const members = new Set(DEMO_MAJORS.filter((m) => m.bankServiceArea === id).map((m) => m.id));
    const features = majors.filter((major) => members.has(Number(major.properties.id)));
    if (features.length === 0) throw new Error(`demonstration BSA ${id}: no majors assigned`);
    const merged = unionAreas(features.map((feature) => feature.geometry));
    if (!merged) throw new Error(`demonstration BSA ${id}: union of its majors is empty`);
    areas.push({
      type: 'Feature',
      properties: { id, name: `Demonstration BSA ${id}`, demonstration: true },
      geometry: merged,
    });
  }
  return areas;
}
