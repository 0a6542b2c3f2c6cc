/**
 * The bank service areas that share an edge with each one, from the layer's overview (TopoJSON
 * whose neighbours share their arcs: data/lib/buildOverviews.ts). Read once per page.
 */
import { neighbors } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Manifest } from '../../formats/manifest';

let reading: Promise<Map<number, number[]>> | null = null;

/** BSA id → the ids of the BSAs touching it; empty when the overview cannot be read. */
export function bsaNeighbours(manifest: Manifest, baseUrl: string): Promise<Map<number, number[]>> {
  if (reading) return reading;
  const entry = manifest.layers.bankServiceAreas;
  // The overview of this build of the layer only (as usableOverview in src/formats/manifest.ts,
  // not imported: this chunk shares no module with the page's first JavaScript).
  const overview =
    entry?.overview && entry.buildHash && entry.overview.of === entry.buildHash ? entry.overview : null;
  reading = (async () => {
    const found = new Map<number, number[]>();
    if (!overview) return found;
    try {
      const topology = (await (await fetch(`${baseUrl}${overview.file}`)).json()) as Topology;
      const layer = topology.objects.layer as GeometryCollection<{ id?: unknown }>;
      const ids = layer.geometries.map((g) => Number((g.properties as { id?: unknown } | undefined)?.id));
      neighbors(layer.geometries).forEach((list, i) => {
        const id = ids[i] as number;
        if (!Number.isFinite(id)) return;
        const others = list
          .map((j) => ids[j] as number)
          .filter((other) => Number.isFinite(other) && other !== id);
        found.set(
          id,
          [...new Set([...(found.get(id) ?? []), ...others])].sort((a, b) => a - b),
        );
      });
    } catch {
      // No neighbours known: the panel shows the impact's area alone and says so.
    }
    return found;
  })();
  return reading;
}
