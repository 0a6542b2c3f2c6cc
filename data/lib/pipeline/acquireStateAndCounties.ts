import type { MultiPolygon, Polygon } from 'geojson';
import { readUsAtlasMinnesota, US_ATLAS_SOURCE } from '../readUsAtlasMinnesota.ts';
import type { BuildContext } from './buildContext.ts';
import type { BuiltLayer, Provenance, SourceFeature } from './pipelineTypes.ts';

/** The county records as read, with how to read their id and name (they differ by source). */
export interface CountyRecords {
  records: SourceFeature[];
  idOf: (f: SourceFeature) => string;
  nameOf: (f: SourceFeature) => string;
  provenance: Provenance;
}

/**
 * The state outline and the county records: the mirror's copy, else the official source unless
 * offline, else the us-atlas package (read once for both).
 */
export async function acquireStateAndCounties(
  ctx: BuildContext,
): Promise<{ stateGeometry: Polygon | MultiPolygon; state: BuiltLayer; counties: CountyRecords }> {
  let atlas: ReturnType<typeof readUsAtlasMinnesota> | undefined;
  const usAtlas = () => {
    atlas ??= readUsAtlasMinnesota();
    return atlas;
  };
  const atlasProvenance: Provenance = { ...US_ATLAS_SOURCE, official: true, demonstration: false };

  let stateGeometry: Polygon | MultiPolygon;
  let stateProvenance: Provenance;
  if (ctx.mirrorHas('state')) {
    stateGeometry = ctx.readMirror('state')[0]?.geometry as Polygon | MultiPolygon;
    stateProvenance = ctx.mirrorProvenance('state');
  } else {
    const official = await ctx.tryOfficial('state', 'the us-atlas package');
    if (official) {
      stateGeometry = official.features[0]?.geometry as Polygon | MultiPolygon;
      stateProvenance = ctx.officialProvenance('state', official.url);
    } else {
      stateGeometry = usAtlas().state;
      stateProvenance = atlasProvenance;
    }
  }
  const state: BuiltLayer = {
    features: [{ type: 'Feature', properties: { name: 'Minnesota' }, geometry: stateGeometry }],
    provenance: stateProvenance,
  };

  let counties: CountyRecords;
  const idOf = (f: SourceFeature) => String(f.properties.geoid ?? f.properties.GEOID ?? f.properties.id);
  const nameOf = (f: SourceFeature) => String(f.properties.name ?? f.properties.NAME);
  if (ctx.mirrorHas('counties')) {
    counties = {
      records: ctx.readMirror('counties'),
      idOf,
      nameOf,
      provenance: ctx.mirrorProvenance('counties'),
    };
  } else {
    const official = await ctx.tryOfficial('counties', 'the us-atlas package');
    counties = official
      ? {
          records: official.features,
          idOf,
          nameOf,
          provenance: ctx.officialProvenance('counties', official.url),
        }
      : {
          records: usAtlas().counties as unknown as SourceFeature[],
          idOf: (f) => String(f.properties.id),
          nameOf: (f) => String(f.properties.name),
          provenance: atlasProvenance,
        };
  }
  return { stateGeometry, state, counties };
}
