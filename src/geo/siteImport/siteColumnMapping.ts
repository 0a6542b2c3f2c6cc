/**
 * Which columns of a sites file hold which site attribute. Null (or absent) means the file has
 * no such column: the attribute takes its default (name "Imported site N", action restoration,
 * no wetland type, acres from the outline, no credits).
 */
export interface SiteColumnMapping {
  id?: string | null;
  name?: string | null;
  action?: string | null;
  wetlandType?: string | null;
  acres?: string | null;
  credits?: string | null;
}

/** The attributes a mapping assigns, in the order a mapping dialog lists them. */
export const SITE_ATTRIBUTES = ['id', 'name', 'action', 'wetlandType', 'acres', 'credits'] as const;
export type SiteAttribute = (typeof SITE_ATTRIBUTES)[number];

/** Column names (lower case, without spaces, dashes and underscores) each attribute is guessed from. */
const NAMES: Record<SiteAttribute, RegExp> = {
  id: /^(id|siteid|fid|objectid|pin|parcelid)$/,
  name: /^(name|site|sitename|label|title|projectname|bankname)$/,
  action: /^(action|replacementaction|method|treatment)$/,
  wetlandType: /^(wetlandtype|circ39|circular39|cir39|type|wettype|wtype)$/,
  acres: /^(acres|acre|acreage|areaacres|areaac|gisacres|gisacre|calcacres|totalacres|wetlandacres)$/,
  credits: /^(credits|credit|availablecredits|availcredits|creditsavailable|availcred)$/,
};

const squash = (name: string) => name.toLowerCase().replace(/[\s_\-.]/g, '');

/**
 * Guesses the mapping from column names. `ambiguous` lists the attributes two or more columns
 * could hold (e.g. `TYPE` and `WETLAND_TYPE`), which only the user can settle.
 */
export function guessSiteColumns(columns: readonly string[]): {
  guess: Partial<SiteColumnMapping>;
  ambiguous: SiteAttribute[];
} {
  const guess: Partial<SiteColumnMapping> = {};
  const ambiguous: SiteAttribute[] = [];
  for (const attribute of SITE_ATTRIBUTES) {
    const matches = columns.filter((column) => NAMES[attribute].test(squash(column)));
    // An exact (case-insensitive) name wins over looser spellings: `type` beside `wetland_type`.
    const exact = matches.filter((column) => squash(column) === attribute.toLowerCase());
    // Row numbers a writer adds (GeoPackage fid, Esri OBJECTID) give way to a real id column.
    const real =
      attribute === 'id' ? matches.filter((column) => !/^(fid|objectid)$/.test(squash(column))) : [];
    const chosen = exact.length === 1 ? exact : real.length > 0 ? real : matches;
    if (chosen.length === 1) guess[attribute] = chosen[0] as string;
    else if (chosen.length > 1 && attribute !== 'id') ambiguous.push(attribute);
    else if (chosen.length > 1) guess.id = chosen[0] as string;
  }
  return { guess, ambiguous };
}
