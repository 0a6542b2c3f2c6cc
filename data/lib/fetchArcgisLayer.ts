import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { reprojectGeometry, toWgs84 } from '../../src/formats/crs/reprojectGeometry.ts';
import { PipelineError, SourceUnavailableError } from '../../src/formats/PipelineError.ts';
import { fetchJson } from './fetchBytes.ts';

/** Options of an ArcGIS FeatureServer download. */
export interface ArcgisOptions {
  /** Records per request; servers cap it (often 1000 or 2000) and say so with exceededTransferLimit. */
  pageSize?: number;
  timeoutMs?: number;
  /** Stop after this many pages, so a misbehaving server cannot loop the build forever. */
  maxPages?: number;
}

interface ServiceInfo {
  layers?: { id: number; name: string }[];
}

interface PageResponse extends Partial<FeatureCollection> {
  exceededTransferLimit?: boolean;
  properties?: { exceededTransferLimit?: boolean };
  crs?: { properties?: { name?: string } };
  error?: { code?: number; message?: string };
}

/**
 * Downloads every feature of one layer of an ArcGIS FeatureServer as GeoJSON, page by page
 * (`resultOffset`/`resultRecordCount`), finding the layer by name in the service's layer list.
 * Features come back in WGS84: outSR=4326 is requested, and a page that declares another CRS
 * (e.g. EPSG:26915, Minnesota agencies' UTM 15N) is reprojected with proj4.
 * @param serviceUrl the FeatureServer URL (no layer id)
 * @param layerNamePattern case-insensitive regular expression matched against layer names
 * @param label names the source in messages
 */
export async function fetchArcgisLayer(
  serviceUrl: string,
  layerNamePattern: string,
  label: string,
  options: ArcgisOptions = {},
): Promise<{ features: Feature<Geometry, Record<string, unknown>>[]; layerUrl: string }> {
  const pageSize = options.pageSize ?? 1000;
  const maxPages = options.maxPages ?? 100;
  const info = (await fetchJson(`${serviceUrl}?f=json`, label, options.timeoutMs)) as ServiceInfo;
  const pattern = new RegExp(layerNamePattern, 'i');
  const layer = info.layers?.find((l) => pattern.test(l.name));
  if (!layer)
    throw new SourceUnavailableError(
      `${label}: no layer matching /${layerNamePattern}/ in ${serviceUrl} (layers: ${info.layers?.map((l) => l.name).join(', ') || 'none'})`,
    );
  const layerUrl = `${serviceUrl}/${layer.id}`;
  const features: Feature<Geometry, Record<string, unknown>>[] = [];
  // Servers cap a page at their maxRecordCount whatever is asked, so the next offset is the
  // number of features received so far, not page x pageSize.
  let offset = 0;
  for (let page = 0; page < maxPages; page++) {
    const query = new URLSearchParams({
      where: '1=1',
      outFields: '*',
      outSR: '4326',
      f: 'geojson',
      resultOffset: String(offset),
      resultRecordCount: String(pageSize),
    });
    const url = `${layerUrl}/query?${query}`;
    const body = (await fetchJson(url, label, options.timeoutMs)) as PageResponse;
    if (body.error)
      throw new SourceUnavailableError(
        `${label}: ${url} answered error ${body.error.code}: ${body.error.message}`,
      );
    if (body.type !== 'FeatureCollection' || !Array.isArray(body.features))
      throw new PipelineError(`${label}: page ${page + 1} of ${layerUrl} is not a GeoJSON FeatureCollection`);
    const crsName = body.crs?.properties?.name;
    const epsg = crsName?.match(/EPSG:{1,2}(\d+)/i)?.[1];
    const convert = epsg && epsg !== '4326' ? toWgs84(`EPSG:${epsg}`) : undefined;
    for (const feature of body.features) {
      if (!feature.geometry)
        throw new PipelineError(`${label}: feature #${features.length + 1} has no geometry`);
      features.push({
        type: 'Feature',
        properties: (feature.properties ?? {}) as Record<string, unknown>,
        geometry: convert ? reprojectGeometry(feature.geometry, convert) : feature.geometry,
      });
    }
    offset += body.features.length;
    const more = body.exceededTransferLimit ?? body.properties?.exceededTransferLimit ?? false;
    if (body.features.length === 0 || (!more && body.features.length < pageSize))
      return { features, layerUrl };
  }
  throw new PipelineError(`${label}: ${layerUrl} still had more features after ${maxPages} pages`);
}
