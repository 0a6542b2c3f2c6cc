import Flatbush from 'flatbush';
import type { Feature } from 'geojson';
import type { LayerManifestEntry, Manifest } from '../formats/manifest';
import { pointRect, type Rect } from './featureSource';
import { isHostUnreachable } from './hostUnreachable';
import type { Location } from './location';
import { type LayerHits, LOOKUP_LAYERS, type LookupLayer } from './location';
import { locationFromHits } from './locationFromHits';
import { pickContaining } from './pickContaining';
import { type RangeFetch, RangeLayerReader } from './rangeLayerReader';

/**
 * Exact lookups over the full-resolution layers without downloading them: each lookup layer's
 * R-tree is read once, then only the features whose box holds a point (or meets a box) are
 * fetched — in merged range requests, once each, kept for later lookups. A batch of points (the
 * 293 banks and the user's sites of a ranking) costs one pass over the index and one read of the
 * few hundred features they fall in, not the 11.6 MB minor-watershed file.
 */
export class RangeLocator {
  private readonly readers = new Map<LookupLayer, Promise<RangeLayerReader>>();
  private readonly features = new Map<LookupLayer, Map<number, Feature>>();

  constructor(
    private readonly manifest: Manifest,
    private readonly fetchOf: (entry: LayerManifestEntry) => RangeFetch,
  ) {}

  private reader(layer: LookupLayer, signal?: AbortSignal): Promise<RangeLayerReader> | null {
    const entry = this.manifest.layers[layer];
    if (!entry) return null;
    let reader = this.readers.get(layer);
    if (!reader) {
      reader = RangeLayerReader.open(this.fetchOf(entry), entry.bytes, signal);
      this.readers.set(layer, reader);
      reader.catch(() => this.readers.delete(layer));
    }
    return reader;
  }

  /** The features of `layer` whose boxes meet any of `rects`, fetched as needed. */
  async featuresIn(
    layer: LookupLayer,
    rects: readonly Rect[],
    signal?: AbortSignal,
  ): Promise<Map<number, Feature>> {
    const opening = this.reader(layer, signal);
    const found = new Map<number, Feature>();
    if (!opening) return found;
    const reader = await opening;
    const cache = this.features.get(layer) ?? new Map<number, Feature>();
    this.features.set(layer, cache);
    const wanted = new Set<number>();
    for (const rect of rects) for (const index of reader.search(rect)) wanted.add(index);
    const missing = [...wanted].filter((index) => !cache.has(index));
    for await (const batch of reader.read(missing, signal))
      for (const { index, feature } of batch) cache.set(index, feature);
    for (const index of wanted) found.set(index, cache.get(index) as Feature);
    return found;
  }

  /**
   * The features of `layer` already read whose boxes hold `point`, or null when any of them has
   * not been read (or the layer's index could not be): what a lookup can answer without reading.
   */
  private async readAlready(
    layer: LookupLayer,
    point: readonly [number, number],
  ): Promise<Map<number, Feature> | null> {
    const opening = this.readers.get(layer);
    const reader = opening ? await opening.catch(() => null) : null;
    if (!reader) return null;
    const cache = this.features.get(layer) ?? new Map<number, Feature>();
    const features = new Map<number, Feature>();
    for (const index of reader.search(pointRect(point[0], point[1]))) {
      const feature = cache.get(index);
      if (!feature) return null;
      features.set(index, feature);
    }
    return features;
  }

  /**
   * The units of every point, as `locatePoint` would answer each (same boundary rule). A layer
   * that cannot be read (offline, a host down) says why in `failed` and is named in the
   * `unreadable` of each point it could not answer (`hostUnreachable` when none of those reads
   * got an answer at all); a point whose features of that layer were
   * read before (in this session) is still answered from them. The other layers answer.
   */
  async locateMany(
    points: readonly (readonly [number, number])[],
    signal?: AbortSignal,
    failed: string[] = [],
  ): Promise<Location[]> {
    const rects = points.map((p) => pointRect(p[0], p[1]));
    const perLayer = await Promise.all(
      LOOKUP_LAYERS.map(async (layer) => {
        try {
          return {
            layer,
            features: [...(await this.featuresIn(layer, rects, signal)).values()],
            unread: null,
            unreachable: false,
          };
        } catch (error) {
          signal?.throwIfAborted();
          const title = this.manifest.layers[layer]?.title ?? layer;
          failed.push(`${title}: ${error instanceof Error ? error.message : String(error)}`);
          // Per point: what was read before answers; the rest of the points are not known.
          const unread = new Set<number>();
          const known = new Map<number, Feature>();
          for (const [i, point] of points.entries()) {
            const features = await this.readAlready(layer, point);
            if (features === null) unread.add(i);
            else for (const [index, feature] of features) known.set(index, feature);
          }
          return { layer, features: [...known.values()], unread, unreachable: isHostUnreachable(error) };
        }
      }),
    );
    // One R-tree over each layer's fetched boxes: a county's 100,000 sites must not test every
    // fetched polygon's box for every point.
    const trees = perLayer.map(({ layer, features, unread, unreachable }) => ({
      layer,
      features,
      unread,
      unreachable,
      tree: boxTree(features),
    }));
    return points.map((point, i) => {
      const hits = {} as LayerHits;
      const unreadable: LookupLayer[] = [];
      let unreachable = true;
      for (const { layer, features, unread, unreachable: noAnswer, tree } of trees) {
        if (unread?.has(i)) {
          unreadable.push(layer);
          unreachable &&= noAnswer;
          hits[layer] = null;
          continue;
        }
        const near = tree
          ? tree
              .search(point[0], point[1], point[0], point[1])
              .sort((a, b) => a - b)
              .map((index) => features[index] as Feature)
          : [];
        hits[layer] = this.manifest.layers[layer] ? pickContaining(point, near) : null;
      }
      const location = locationFromHits(hits, this.manifest, unreadable);
      return unreadable.length > 0 && unreachable ? { ...location, hostUnreachable: true } : location;
    });
  }
}

/** An R-tree over the features' boxes (in their order), or null when there are none. */
function boxTree(features: readonly Feature[]): Flatbush | null {
  if (features.length === 0) return null;
  const tree = new Flatbush(features.length);
  for (const feature of features) {
    const box = boxOf(feature);
    tree.add(box[0], box[1], box[2], box[3]);
  }
  tree.finish();
  return tree;
}

const boxes = new WeakMap<Feature, [number, number, number, number]>();

/** A polygon's bounding box, computed once per feature. */
function boxOf(feature: Feature): [number, number, number, number] {
  let box = boxes.get(feature);
  if (!box) {
    box = [Infinity, Infinity, -Infinity, -Infinity];
    const g = feature.geometry;
    const polygons =
      g?.type === 'Polygon' ? [g.coordinates] : g?.type === 'MultiPolygon' ? g.coordinates : [];
    for (const polygon of polygons)
      for (const [x = Number.NaN, y = Number.NaN] of polygon[0] ?? []) {
        if (x < box[0]) box[0] = x;
        if (y < box[1]) box[1] = y;
        if (x > box[2]) box[2] = x;
        if (y > box[3]) box[3] = y;
      }
    boxes.set(feature, box);
  }
  return box;
}
