import type { Feature as FgbFeature } from 'flatgeobuf/lib/mjs/flat-geobuf/feature.js';
import { fromFeature } from 'flatgeobuf/lib/mjs/geojson/feature.js';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { createBytesFeatureSource, type LoadBytes } from './bytesFeatureSource.ts';
import { checkFeatureGeometry, MALFORMED_GEOMETRY } from './checkFeatureGeometry.ts';
import { checkLayerRanges } from './checkLayerBytes.ts';
import { featureBoxIntersects } from './featureBoxIntersects.ts';
import { type FeatureSource, pointRect, type Rect } from './featureSource.ts';
import { type FlatArea, flatAreaOf, relationToFlatArea } from './flatArea.ts';
import type { UnitHit } from './location.ts';
import { ownBuffer } from './ownBuffer.ts';
import { isArea, pickByRelation, relation } from './pickContaining.ts';
import { type RangeFetch, RangeLayerReader } from './rangeLayerReader.ts';
import { ReadLayerError, readingLayer } from './readLayerError.ts';

interface CachedLayer {
  reader: RangeLayerReader;
  /** Decoded and checked features by their index in the file, each decoded once. */
  features: Map<number, Feature>;
  /** The same features for point lookups: flat areas, or checked GeoJSON for any other geometry. */
  areas: Map<number, FlatArea | Feature>;
}

/** A FeatureSource that also answers point lookups itself (see createCachedBytesFeatureSource). */
export interface CachedFeatureSource extends FeatureSource {
  /**
   * What pickContaining picks of the features of `file` whose box holds the point, from flat areas
   * (no GeoJSON decoded for a polygon); undefined for a file without an index (ask `features`).
   */
  containing(
    file: string,
    point: readonly [number, number],
    signal?: AbortSignal,
  ): Promise<UnitHit | null | undefined>;

  /**
   * The features of `file` whose box meets any of `rects`, each once, in file order (the same
   * objects `features` yields): what a set of outlines may overlap, read in one pass.
   */
  featuresMeeting(file: string, rects: readonly Rect[], signal?: AbortSignal): Promise<Feature[]>;
}

/**
 * A file read by ranges: its size and a reader of bytes [start, end). For a file on disk (the
 * CLI), so a lookup reads the header, the index and the features it needs, never the whole file:
 * the official minor watersheds are ~86 MB, of which a batch reads a few.
 */
export type OpenRanges = (file: string, signal?: AbortSignal) => Promise<{ size: number; read: RangeFetch }>;

/** Reads into `cache` the features of `wanted` it lacks, each decoded once, errors naming `file`. */
async function decodeMissing<T>(
  file: string,
  layer: CachedLayer,
  cache: Map<number, T>,
  wanted: readonly number[],
  decode: (feature: FgbFeature, index: number) => T,
  signal?: AbortSignal,
): Promise<void> {
  const missing = wanted.filter((index) => !cache.has(index));
  if (missing.length === 0) return;
  await readingLayer(file, async () => {
    for await (const batch of layer.reader.readAs(missing, decode, signal))
      for (const { index, value } of batch) cache.set(index, value);
  });
}

function isFlatArea(value: FlatArea | Feature): value is FlatArea {
  return 'xy' in value;
}

/**
 * A FeatureSource over files that keeps what it decodes, for many lookups in one process (the
 * CLI: a batch locates every site and impact). Each indexed file's R-tree is read once into
 * memory (RangeLayerReader: over the file's bytes, or with `openRanges` by ranges of the file,
 * which then reads only the header, the index and the features asked for), and each feature is
 * decoded and checked the first time a rect needs it, then served from memory: a batch of 800
 * points decodes the few hundred polygons they fall in, once, instead of the file's tree and
 * features per point or every feature of every layer. Yields what createBytesFeatureSource
 * yields for the same rect (the features whose index box meets it, in file order), with the same
 * checks and the same ReadLayerError naming the file. Files without an index, or empty, are
 * served by createBytesFeatureSource.
 */
export function createCachedBytesFeatureSource(
  loadBytes: LoadBytes,
  openRanges?: OpenRanges,
): CachedFeatureSource {
  const scanned = createBytesFeatureSource(loadBytes);
  const layers = new Map<string, Promise<CachedLayer | null>>();

  /** The file's size and ranges: by `openRanges` when given, else over its bytes whole. */
  async function ranges(file: string, signal?: AbortSignal): Promise<{ size: number; read: RangeFetch }> {
    // A file that cannot be opened fails as the caller's own error (the CLI's names the path).
    if (openRanges) return openRanges(file, signal);
    const bytes = ownBuffer(await loadBytes(file, signal));
    return { size: bytes.length, read: async (start, end) => bytes.subarray(start, end) };
  }

  async function open(file: string, signal?: AbortSignal): Promise<CachedLayer | null> {
    const { size, read } = await ranges(file, signal);
    const header = await checkLayerRanges(file, size, read);
    // Without an index (or features), served by the scanning source, which reads the file whole.
    if (header.indexNodeSize === 0 || header.featuresCount === 0) return null;
    const reader = await readingLayer(file, () => RangeLayerReader.open(read, size, signal));
    return { reader, features: new Map(), areas: new Map() };
  }

  function opened(file: string, signal?: AbortSignal): Promise<CachedLayer | null> {
    let opening = layers.get(file);
    if (!opening) {
      opening = open(file, signal);
      layers.set(file, opening);
      opening.catch(() => layers.delete(file));
    }
    return opening;
  }

  /** A feature for point lookups: flat when it is a clean polygon, else checked GeoJSON. */
  function areaOf(file: string, layer: CachedLayer, feature: FgbFeature, index: number): FlatArea | Feature {
    const flat = flatAreaOf(feature, layer.reader.header);
    if (flat === 'malformed') throw new ReadLayerError(file, MALFORMED_GEOMETRY);
    if (flat !== null) return flat;
    return geoJsonOf(file, layer)(feature, index);
  }

  return {
    async containing(file, point, signal) {
      signal?.throwIfAborted();
      const layer = await opened(file, signal);
      if (!layer) return undefined;
      const wanted = layer.reader.search(pointRect(point[0], point[1]));
      await decodeMissing(
        file,
        layer,
        layer.areas,
        wanted,
        (feature, index) => areaOf(file, layer, feature, index),
        signal,
      );
      signal?.throwIfAborted();
      const [x, y] = point;
      const items: (FlatArea | Feature<Polygon | MultiPolygon>)[] = [];
      for (const index of wanted) {
        const item = layer.areas.get(index) as FlatArea | Feature;
        if (isFlatArea(item) || isArea(item)) items.push(item);
      }
      const found = pickByRelation(
        items,
        (item) => item.properties?.id,
        (item) => (isFlatArea(item) ? relationToFlatArea(x, y, item) : relation([x, y], item)),
      );
      if (found === null) return null;
      const feature = { properties: found.item.properties };
      return found.boundaryIds
        ? { feature, onBoundary: found.onBoundary, boundaryIds: found.boundaryIds }
        : { feature, onBoundary: found.onBoundary };
    },

    async *features(file: string, rect: Rect, signal?: AbortSignal): AsyncIterable<Feature> {
      signal?.throwIfAborted();
      const layer = await opened(file, signal);
      if (!layer) {
        yield* scanned.features(file, rect, signal);
        return;
      }
      const wanted = layer.reader.search(rect);
      await decodeMissing(file, layer, layer.features, wanted, geoJsonOf(file, layer), signal);
      for (const index of wanted) {
        signal?.throwIfAborted();
        yield layer.features.get(index) as Feature;
      }
    },

    async featuresMeeting(file, rects, signal) {
      signal?.throwIfAborted();
      const layer = await opened(file, signal);
      if (!layer) {
        // No index: one scan of the file, each feature tested against every rect.
        const found: Feature[] = [];
        for await (const feature of scanned.features(file, EVERYWHERE, signal))
          if (rects.some((rect) => featureBoxIntersects(feature, rect))) found.push(feature);
        return found;
      }
      const wanted = new Set<number>();
      for (const rect of rects) for (const index of layer.reader.search(rect)) wanted.add(index);
      const indexes = [...wanted].sort((a, b) => a - b);
      await decodeMissing(file, layer, layer.features, indexes, geoJsonOf(file, layer), signal);
      return indexes.map((index) => layer.features.get(index) as Feature);
    },
  };
}

/** Every place: a rect no feature's box falls outside. */
const EVERYWHERE: Rect = {
  minX: Number.NEGATIVE_INFINITY,
  minY: Number.NEGATIVE_INFINITY,
  maxX: Number.POSITIVE_INFINITY,
  maxY: Number.POSITIVE_INFINITY,
};

/** Decodes a feature of `layer` to checked GeoJSON, numbered by its place in the file. */
function geoJsonOf(file: string, layer: CachedLayer): (feature: FgbFeature, index: number) => Feature {
  return (feature, index) =>
    checkFeatureGeometry(file, fromFeature(index, feature, layer.reader.header) as Feature);
}
