import area from '@turf/area';
import pointOnFeature from '@turf/point-on-feature';
import type { SiteGeometry } from '../formats/geometry/siteGeometry.ts';
import { createSiteLocator } from '../geo/siteImport/locateSitePolygon.ts';
import { type Impact, mergeUnits } from '../siting/index.ts';
import { outlineLookupIndex } from './outlineLookupIndex.ts';

const SQUARE_METRES_PER_ACRE = 4046.8564224;

/**
 * An impacts.csv row with an outline, placed by its area as the page places a drawn impact: its
 * units are those holding most of it, `areaShares` every unit holding part of it (each site is
 * then ranked for the part it reaches best), its point one on its surface unless lon/lat are
 * given. Units the row gives win.
 */
export async function locateImpactOutline(
  impact: Impact,
  outline: SiteGeometry,
  dataDir: string,
): Promise<Impact> {
  const located = createSiteLocator(await outlineLookupIndex(dataDir, [{ geometry: outline }])).locate(
    outline,
  );
  return {
    ...impact,
    location: impact.location ?? outlinePoint(outline),
    units: mergeUnits(impact.units, located.units),
    areaShares: located.areaShares,
  };
}

function asGeoJson(outline: SiteGeometry): GeoJSON.Polygon | GeoJSON.MultiPolygon {
  if (!('coordinates' in outline)) throw new Error('an impact outline is read as GeoJSON coordinates');
  return outline as GeoJSON.Polygon | GeoJSON.MultiPolygon;
}

/** A point on the outline's surface (not its centroid, which a crescent can lie outside). */
export function outlinePoint(outline: SiteGeometry): [number, number] {
  const [lon = 0, lat = 0] = pointOnFeature(asGeoJson(outline)).geometry.coordinates;
  return [lon, lat];
}

/** The outline's area in acres (geodesic, as the page measures a drawn area), to 4 decimals. */
export function outlineAcres(outline: SiteGeometry): number {
  return Number((area(asGeoJson(outline)) / SQUARE_METRES_PER_ACRE).toFixed(4));
}
