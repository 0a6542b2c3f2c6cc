/**
 * Minnesota's 87 counties by FIPS code (the odd numbers 27001-27173, in alphabetical order), the
 * names Minn. R. 8420.0117 subp. 1 lists them by. Reasons name a county this way where the
 * engine has only its code (a place on a county line).
 */
const NAMES = [
  'Aitkin',
  'Anoka',
  'Becker',
  'Beltrami',
  'Benton',
  'Big Stone',
  'Blue Earth',
  'Brown',
  'Carlton',
  'Carver',
  'Cass',
  'Chippewa',
  'Chisago',
  'Clay',
  'Clearwater',
  'Cook',
  'Cottonwood',
  'Crow Wing',
  'Dakota',
  'Dodge',
  'Douglas',
  'Faribault',
  'Fillmore',
  'Freeborn',
  'Goodhue',
  'Grant',
  'Hennepin',
  'Houston',
  'Hubbard',
  'Isanti',
  'Itasca',
  'Jackson',
  'Kanabec',
  'Kandiyohi',
  'Kittson',
  'Koochiching',
  'Lac qui Parle',
  'Lake',
  'Lake of the Woods',
  'Le Sueur',
  'Lincoln',
  'Lyon',
  'McLeod',
  'Mahnomen',
  'Marshall',
  'Martin',
  'Meeker',
  'Mille Lacs',
  'Morrison',
  'Mower',
  'Murray',
  'Nicollet',
  'Nobles',
  'Norman',
  'Olmsted',
  'Otter Tail',
  'Pennington',
  'Pine',
  'Pipestone',
  'Polk',
  'Pope',
  'Ramsey',
  'Red Lake',
  'Redwood',
  'Renville',
  'Rice',
  'Rock',
  'Roseau',
  'St. Louis',
  'Scott',
  'Sherburne',
  'Sibley',
  'Stearns',
  'Steele',
  'Stevens',
  'Swift',
  'Todd',
  'Traverse',
  'Wabasha',
  'Wadena',
  'Waseca',
  'Washington',
  'Watonwan',
  'Wilkin',
  'Winona',
  'Wright',
  'Yellow Medicine',
] as const;

const BY_CODE: ReadonlyMap<string, string> = new Map(
  NAMES.map((name, index) => [`27${String(index * 2 + 1).padStart(3, '0')}`, name]),
);

/** "Aitkin County (27001)"; a code not of a Minnesota county as "county 55031". `more` is added in the parentheses. */
export function countyLabel(code: string, more = ''): string {
  const name = BY_CODE.get(code);
  return name === undefined
    ? `county ${code}${more ? ` (${more})` : ''}`
    : `${name} County (${code}${more ? `, ${more}` : ''})`;
}

/** "Aitkin" for 27001; null for a code not of a Minnesota county. */
export function countyName(code: string | null | undefined): string | null {
  return code == null ? null : (BY_CODE.get(code) ?? null);
}
