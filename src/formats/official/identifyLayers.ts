import { CIVIL_DIVISION_LAYERS, isCivilDivisionLayer } from '../placeNames/civilDivisionLayers.ts';
import { ImportError } from './ImportError.ts';
import type { ImportLayerName, LayerCandidate, OpenedFile } from './types.ts';

/** Every layer an import can fill, in the order they are read. */
export const IMPORT_LAYER_NAMES: readonly ImportLayerName[] = [
  'majorWatersheds',
  'minorWatersheds',
  'bankServiceAreas',
  'plss',
];

/** The publishers' layer names (verified for the DNR GeoPackage) and looser patterns for other releases. */
export const OFFICIAL_LAYER_NAMES: Record<ImportLayerName, { exact: string; pattern: RegExp }> = {
  majorWatersheds: {
    exact: 'dnr_watersheds_dnr_level_04_huc_08_majors',
    pattern: /huc_?0?8_majors|majors?\b|major_watershed/i,
  },
  minorWatersheds: { exact: 'dnr_watersheds_dnr_level_07_minors', pattern: /minors?\b|minor_watershed/i },
  bankServiceAreas: { exact: 'bdry_bank_service_areas', pattern: /bank_?service_?areas?|\bbsas?\b/i },
  plss: { exact: 'plan_mngeo_trs', pattern: /mngeo_trs|plss|\btrs\b|sections?\b/i },
};

/** The DNR level a layer name declares (e.g. 4 for "…dnr_level_04_…"), or null. */
function levelOf(layer: string): number | null {
  const match = /level_?(\d{1,2})/i.exec(layer);
  return match ? Number(match[1]) : null;
}

function guess(layer: string): ImportLayerName | null {
  const bare = layer.replace(/\.(shp|gpkg|fgb|geojson|json)$/i, '');
  for (const name of IMPORT_LAYER_NAMES)
    if (bare.toLowerCase() === OFFICIAL_LAYER_NAMES[name].exact) return name;
  const level = levelOf(bare);
  // The DNR suite's other levels (basins, catchments…) are not the statute's majors or minors.
  if (level !== null && level !== 4 && level !== 7) return null;
  if (level === 4) return 'majorWatersheds';
  if (level === 7) return 'minorWatersheds';
  for (const name of IMPORT_LAYER_NAMES) if (OFFICIAL_LAYER_NAMES[name].pattern.test(bare)) return name;
  return null;
}

const expected = IMPORT_LAYER_NAMES.map((n) => OFFICIAL_LAYER_NAMES[n].exact).join(', ');

/**
 * Decides which layer of which file is the majors, the minors, the BSAs and the PLSS sections:
 * `--map <layer>.layer=<name>` first, then the publishers' names, then a single-layer file that
 * a `--map <layer>.…` names. Other layers (the DNR's other levels) are ignored with a note.
 * MnDOT's civil divisions (bdry_jurisdiction) feed the search's place names, not a layer: with
 * `civilDivisionFiles` (the build) such a file is collected there; without it (the page) it is
 * refused with the command that reads it.
 * @throws ImportError when a file holds none of them (listing the layers found) or two
 *   candidates claim one layer
 */
export function identifyLayers(
  files: OpenedFile[],
  map: Record<string, string>,
  notes: string[],
  civilDivisionFiles?: Set<string>,
): Map<ImportLayerName, LayerCandidate> {
  const chosen = new Map<ImportLayerName, LayerCandidate[]>();
  const add = (name: ImportLayerName, candidate: LayerCandidate) =>
    chosen.set(name, [...(chosen.get(name) ?? []), candidate]);
  const pinned = new Map<string, ImportLayerName>();
  for (const name of IMPORT_LAYER_NAMES) {
    const layer = map[`${name}.layer`];
    if (layer) pinned.set(layer.toLowerCase(), name);
  }
  const mapped = new Set(
    IMPORT_LAYER_NAMES.filter((n) => Object.keys(map).some((k) => k.startsWith(`${n}.`))),
  );
  const byFile = new Map<string, LayerCandidate[]>();
  for (const opened of files)
    byFile.set(opened.file, [...(byFile.get(opened.file) ?? []), ...opened.candidates]);
  const used = new Map<string, number>();
  for (const [file, candidates] of byFile) {
    used.set(file, 0);
    for (const candidate of candidates) {
      const name = pinned.get(candidate.layer.toLowerCase()) ?? guess(candidate.layer);
      if (name) {
        add(name, candidate);
        used.set(file, used.get(file)! + 1);
      }
    }
  }
  // A one-layer file named nothing official is the layer its --map options speak of.
  const pinnedLayers = new Set(pinned.values());
  for (const [file, candidates] of byFile) {
    if (used.get(file) !== 0 || candidates.length !== 1) continue;
    const open = [...mapped].filter((n) => !chosen.has(n) && !pinnedLayers.has(n));
    if (open.length === 1) {
      add(open[0]!, candidates[0]!);
      used.set(file, 1);
    }
  }
  for (const [file, candidates] of byFile) {
    const found = candidates.map((c) => c.layer).join(', ') || 'no layers';
    if (used.get(file) === 0 && candidates.some((c) => isCivilDivisionLayer(c.layer))) {
      if (!civilDivisionFiles)
        throw new ImportError(
          `${file}: holds MnDOT's civil divisions (${CIVIL_DIVISION_LAYERS.lookup.exact}), which the search's place names are built from, not a map layer: build them in with \`npm run data -- --import ${file}\``,
        );
      civilDivisionFiles.add(file);
      continue;
    }
    if (used.get(file) === 0)
      throw new ImportError(
        `${file}: none of its layers is one this imports (layers found: ${found}); expected ${expected}, or name the layer, e.g. --map minorWatersheds.layer=${candidates[0]?.layer ?? '<layer>'}`,
      );
    const ignored = candidates.filter((c) => !pinned.has(c.layer.toLowerCase()) && !guess(c.layer));
    if (ignored.length > 0 && candidates.length > 1)
      notes.push(`${file}: ignored layer(s) ${ignored.map((c) => c.layer).join(', ')}`);
  }
  const result = new Map<ImportLayerName, LayerCandidate>();
  for (const [name, all] of chosen) {
    // The publisher's exact name (or a --map pin) wins over a layer that only looks like it.
    const exact = all.filter(
      (c) =>
        pinned.get(c.layer.toLowerCase()) === name ||
        c.layer.replace(/\.\w+$/, '').toLowerCase() === OFFICIAL_LAYER_NAMES[name].exact,
    );
    const candidates = exact.length >= 1 ? exact : all;
    if (candidates.length > 1)
      throw new ImportError(
        `${name}: more than one layer could be it (${candidates.map((c) => `${c.file}, layer ${c.layer}`).join('; ')}); pick one with --map ${name}.layer=<layer>`,
      );
    result.set(name, candidates[0]!);
  }
  return result;
}
