/**
 * The build's flow-geography.json (issue 34, item 4): each major's HUC8, the BSA a point inside
 * it lies in (BSAs are unions of whole majors), each BSA's point, and each bank's units as the
 * `sites` layer carries them (locateBanks wrote them), with its location. Read by the page's
 * losses-and-replacements accounting instead of every major's outline.
 */
import type { Feature, Position } from 'geojson';
import { pointOnSurface } from '../formats/geometry/pointOnSurface.ts';
import { polygonParts } from '../formats/geometry/polygonParts.ts';
import type { FlowGeographyFile, FlowPoint } from '../formats/ledgers/flowGeographyFile.ts';

/** Six decimals: a tenth of a metre, far finer than a flow line needs. */
const rounded = (p: Position | null | undefined): FlowPoint | null =>
  p && Number.isFinite(p[0]) && Number.isFinite(p[1])
    ? [Math.round(p[0]! * 1e6) / 1e6, Math.round(p[1]! * 1e6) / 1e6]
    : null;

const numberOr = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * @param bsaAt the BSA id at a point (the build's unit lookup), null where none
 */
export function flowGeographyOf(
  layers: { majors: readonly Feature[]; bankServiceAreas: readonly Feature[]; sites: readonly Feature[] },
  bsaAt: (point: [number, number]) => number | null,
  meta: { generatedAt: string; demonstration: boolean },
): FlowGeographyFile {
  const majors = layers.majors.map((f) => {
    const p = f.properties ?? {};
    const at = rounded(pointOnSurface(polygonParts(f.geometry)));
    return {
      id: Number(p.id),
      name: typeof p.name === 'string' ? p.name : '',
      huc8: typeof p.huc8 === 'string' ? p.huc8 : '',
      bankServiceArea: at ? bsaAt(at) : null,
      at,
    };
  });
  const bankServiceAreas = layers.bankServiceAreas.map((f) => {
    const p = f.properties ?? {};
    return {
      id: Number(p.id),
      name: typeof p.name === 'string' ? p.name : '',
      at: rounded(pointOnSurface(polygonParts(f.geometry))),
    };
  });
  const banks: FlowGeographyFile['banks'] = {};
  for (const site of layers.sites) {
    const at = site.geometry?.type === 'Point' ? rounded(site.geometry.coordinates) : null;
    const id = site.properties?.id;
    if (!at || typeof id !== 'string') continue;
    banks[id] = {
      majorWatershed: numberOr(site.properties?.majorWatershed),
      bankServiceArea: numberOr(site.properties?.bankServiceArea),
      at,
    };
  }
  return {
    schema: 1,
    generatedAt: meta.generatedAt,
    demonstration: meta.demonstration,
    majors: majors.sort((a, b) => a.id - b.id),
    bankServiceAreas: bankServiceAreas.sort((a, b) => a.id - b.id),
    banks,
  };
}
