/**
 * How big one bank service area is, read from the layers' overviews (the simplified outlines
 * the map draws): its area and the counties whose centre lies inside it. The plain-language
 * view's answer to "why could a bank 100 miles away be used?" (issue 24, item 9). Loaded with
 * the explainer only.
 */
import turfArea from '@turf/area';
import pointOnFeature from '@turf/point-on-feature';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import pointInPolygon from 'point-in-polygon-hao';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Manifest } from '../../formats/manifest';

// Nothing imported at run time from the page's first JavaScript (as in credits/bsaNeighbours.ts): a
// shared module splits the first script into more, less well compressed files (+1.8 KB gzip).
function isArea(candidate: Feature): candidate is Feature<Polygon | MultiPolygon> {
  return candidate.geometry?.type === 'Polygon' || candidate.geometry?.type === 'MultiPolygon';
}

/** Strictly inside one of the parts (point-in-polygon-hao: true inside, 0 on an edge). */
function inside(point: [number, number], area: Feature<Polygon | MultiPolygon>): boolean {
  const parts = area.geometry.type === 'Polygon' ? [area.geometry.coordinates] : area.geometry.coordinates;
  return parts.some((part) => pointInPolygon(point, part) === true);
}

export interface BsaExtent {
  /** Square miles of the overview outline, rounded to the nearest 100. */
  squareMiles: number;
  /** Counties whose inner point lies in the BSA, by name, sorted. */
  counties: string[];
  /** Title of the BSA layer, to name where the figures come from. */
  source: string;
}

const SQUARE_METRES_PER_SQUARE_MILE = 2_589_988.110336;

const overviews = new Map<string, Promise<Feature[] | null>>();

function readOverview(manifest: Manifest, baseUrl: string, layer: 'bankServiceAreas' | 'counties') {
  const entry = manifest.layers[layer];
  // The overview of this build of the layer only (as usableOverview in src/formats/manifest.ts).
  const overview =
    entry?.overview && entry.buildHash && entry.overview.of === entry.buildHash ? entry.overview : null;
  if (!overview) return Promise.resolve(null);
  const url = `${baseUrl}${overview.file}`;
  let reading = overviews.get(url);
  if (!reading) {
    reading = fetch(url)
      .then((response) => (response.ok ? (response.json() as Promise<Topology>) : null))
      .then((topology) => {
        if (!topology) return null;
        const collection = feature(topology, topology.objects.layer as GeometryCollection);
        return 'features' in collection ? collection.features : [collection];
      })
      .catch(() => null);
    overviews.set(url, reading);
  }
  return reading;
}

/** The extent of BSA `id`, or null when an overview cannot be read or has no such BSA. */
export async function bsaExtent(manifest: Manifest, baseUrl: string, id: number): Promise<BsaExtent | null> {
  const [areas, counties] = await Promise.all([
    readOverview(manifest, baseUrl, 'bankServiceAreas'),
    readOverview(manifest, baseUrl, 'counties'),
  ]);
  const bsa = areas?.find(
    (candidate): candidate is Feature<Polygon | MultiPolygon> =>
      Number((candidate.properties as { id?: unknown } | null)?.id) === id && isArea(candidate),
  );
  if (!bsa) return null;
  const names = (counties ?? [])
    .filter((county): county is Feature<Polygon | MultiPolygon> => isArea(county))
    .filter((county) => {
      const inner = pointOnFeature(county).geometry.coordinates as [number, number];
      return inside(inner, bsa);
    })
    .map((county) => String((county.properties as { name?: unknown } | null)?.name ?? ''))
    .filter((name) => name !== '')
    .sort((a, b) => a.localeCompare(b));
  return {
    squareMiles: Math.round(turfArea(bsa) / SQUARE_METRES_PER_SQUARE_MILE / 100) * 100,
    counties: names,
    source: manifest.layers.bankServiceAreas?.title ?? 'Bank service areas',
  };
}
