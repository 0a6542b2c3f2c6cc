import type { Manifest } from '../formats/manifest';

/**
 * The map's credit line, from what this build holds (issue 33: the fixed line credited sources a
 * build without them does not have): the counties' source, Natural Earth only when its water or
 * place layers are in, the search's place names as their entry credits them. Empty before the
 * manifest is read.
 */
export function attributionText(manifest: Manifest | null): string {
  if (!manifest) return '';
  const parts: string[] = [];
  const counties = manifest.layers.counties;
  if (counties) {
    const census = /census/i.test(counties.source);
    parts.push(
      `Counties: ${census ? `U.S. Census Bureau${counties.asOf ? ` ${counties.asOf}` : ''}` : counties.source}`,
    );
  }
  const natural = (['lakes', 'rivers', 'places'] as const).filter((name) =>
    /natural earth/i.test(manifest.layers[name]?.source ?? ''),
  );
  if (natural.length > 0) {
    const water = natural.includes('lakes') || natural.includes('rivers');
    const what = water && natural.includes('places') ? 'Water and places' : water ? 'Water' : 'Places';
    parts.push(`${what}: Natural Earth`);
  }
  if (manifest.placeNames?.attribution) parts.push(manifest.placeNames.attribution);
  return parts.join(' · ');
}
