import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChunkWriter } from '../../../src/cli/chunkWriter.ts';
import { ReasonCells } from '../../../src/cli/reasonCells.ts';
import { reasonKeyVetted } from '../../../src/cli/reasonKey.ts';
import { reasonsCell } from '../../../src/cli/reasonsCell.ts';
import {
  AREA_CLASSES,
  type AreaClassOverride,
  CANDIDATE_KINDS,
  type Candidate,
  DEFAULT_RULESET,
  expandRanked,
  GREAT_LAKES_AND_RAINY_MAJORS,
  type Impact,
  LAND_USES,
  PROJECT_TYPES,
  REPLACEMENT_ACTIONS,
  RULESETS,
  type RuleSet,
  rankCompact,
  UNIT_KEYS,
  type Units,
} from '../../../src/siting/index.ts';

const basin = GREAT_LAKES_AND_RAINY_MAJORS[0] as number;
const otherBasin = GREAT_LAKES_AND_RAINY_MAJORS[1] as number;

/** The facts of a site a variant may change, one at a time. */
const SITE_FACTS = [
  'kind',
  'location',
  'action',
  'pretreatment',
  'functioningAsWetland',
  'bankApplicationDate',
  'availableCredits',
  'bankStatus',
  'wetlandType',
  'eisIdentified',
  'eisAdequacyDate',
] as const;
/** The facts of an impact a variant may change, one at a time. */
const IMPACT_FACTS = [
  'location',
  'acres',
  'land',
  'cultivatedField',
  'project',
  'afterTheFact',
  'applicationDate',
  'partiallyDrainedAcres',
  'wetlandType',
] as const;
/** The units of a place a variant may change, one at a time. */
const UNIT_FACTS = UNIT_KEYS;

/** Small unit domains, so sites often share the impact's units (and each other's keys). */
const unitsArbitrary: fc.Arbitrary<Units> = fc.record(
  {
    minorWatershed: fc.constantFrom('41001', '41002', '40001', `${basin}001`, null),
    majorWatershed: fc.constantFrom(41, 40, basin, otherBasin, null),
    bankServiceArea: fc.constantFrom(10, 9, 1, null),
    county: fc.constantFrom('27109', '27137', '27003', null),
    areaClass: fc.constantFrom(...AREA_CLASSES, null),
    countyAreaClass: fc.constantFrom(...AREA_CLASSES, null),
    // A point on a boundary between units (issue 22): rows whose level it leaves open.
    boundary: fc.constantFrom(
      null,
      { minorWatershed: ['41001', '41002'] },
      { majorWatershed: [40, 41], minorWatershed: ['40001', '41001'] },
      { bankServiceArea: [9, 10] },
    ),
  },
  { requiredKeys: [] },
);

const locationArbitrary = fc.constantFrom<[number, number] | null>(
  [-92.47, 44.02],
  [-93.1, 45],
  [-91.5, 47.2],
  null,
);

const impactArbitrary: fc.Arbitrary<Impact> = fc.record({
  location: locationArbitrary,
  units: unitsArbitrary,
  // 10,000 square feet exactly: replacement acres whose rounding would hide a bank's shortfall.
  acres: fc.constantFrom(0.5, 1.25, 3, 10_000 / 43_560),
  land: fc.constantFrom(...LAND_USES),
  cultivatedField: fc.boolean(),
  project: fc.constantFrom(...PROJECT_TYPES),
  afterTheFact: fc.boolean(),
  // 2025-06-02: the Monday the year from 2024-06-01 ran to (Minn. Stat. 645.15); 2025-06-03 late.
  applicationDate: fc.constantFrom('2025-01-01', '2024-05-01', '2025-06-02', '2025-06-03', null),
  partiallyDrainedAcres: fc.constantFrom(null, 1),
  wetlandType: fc.constantFrom('2', '3', null),
});

const siteArbitrary: fc.Arbitrary<Omit<Candidate, 'id'>> = fc.record(
  {
    kind: fc.constantFrom(...CANDIDATE_KINDS),
    location: locationArbitrary,
    // Some sites with no units but a county (or none): unlocated when they have no location.
    units: fc.oneof(unitsArbitrary, fc.constantFrom<Units>({ county: '27109' }, {})),
    action: fc.constantFrom(...REPLACEMENT_ACTIONS, null),
    pretreatment: fc.constantFrom(true, false, null),
    functioningAsWetland: fc.constantFrom(true, false, null),
    bankApplicationDate: fc.constantFrom('1995-06-01', '1996-04-02', null),
    // Around the replacement acres, so banks are short of credits, or not, by a little.
    availableCredits: fc.constantFrom(0, 0.4591, 0.5, 1, 2.5, 3, 6, null),
    bankStatus: fc.constantFrom('Approved', 'Pending', 'Sold-Out', 'Odd', null),
    wetlandType: fc.constantFrom('2', '3', null),
    eisIdentified: fc.constantFrom(true, null),
    eisAdequacyDate: fc.constantFrom('2024-06-01', null),
  },
  { requiredKeys: ['kind'] },
);

const overridesArbitrary: fc.Arbitrary<AreaClassOverride[]> = fc.constantFrom(
  [],
  [{ unit: 'majorWatershed', id: 41, areaClass: 'greater-than-80' }],
  [{ unit: 'county', id: '27137', areaClass: 'less-than-50' }],
);

/** The reasons cell ReasonCells writes for the row at `position` (pick, then putPicked), as text. */
function cellText(cells: ReasonCells, position: number): string {
  const length = cells.pick(position);
  const pieces: Buffer[] = [];
  // The writer's one call putPicked makes: put, of the bytes in order.
  const writer = { put: (bytes: Uint8Array) => pieces.push(Buffer.from(bytes)) } as unknown as ChunkWriter;
  cells.putPicked(writer);
  const bytes = Buffer.concat(pieces);
  // The length pick gave is the bytes written (the batch reserves that much room for the row).
  if (bytes.length !== length) throw new Error(`pick said ${length} bytes, putPicked wrote ${bytes.length}`);
  return bytes.toString('utf8');
}

/** The cells of every row of every impact, through ReasonCells and by expanding each row. */
function compare(
  impacts: readonly Impact[],
  sites: readonly Candidate[],
  ruleset: RuleSet,
  overrides: readonly AreaClassOverride[],
): { differing: string[]; cells: ReasonCells } {
  const cells = new ReasonCells(sites, ruleset, overrides);
  const differing: string[] = [];
  impacts.forEach((impact, i) => {
    const ranking = rankCompact({ impact, candidates: sites }, { ruleset, overrides });
    cells.begin(ranking);
    for (let position = 0; position < ranking.count; position++) {
      const expected = reasonsCell(expandRanked(ranking, position).reasons);
      const got = cellText(cells, position);
      if (got !== expected) differing.push(`impact ${i} row ${position}: ${got} !== ${expected}`);
    }
  });
  return { differing, cells };
}

describe('ReasonCells: a batch builds each distinct reasons cell once', () => {
  it('gives every row the cell its own expansion gives, on random impacts and sites', () => {
    let reused = 0;
    let rows = 0;
    fc.assert(
      fc.property(
        // Impacts of a batch share cells across impacts of one class: a few impacts, each
        // repeated with one fact or unit changed, so every impact fact is tried alone too.
        fc
          .tuple(
            fc.array(impactArbitrary, { minLength: 1, maxLength: 3 }),
            fc.array(fc.tuple(fc.nat(), fc.constantFrom(...IMPACT_FACTS, ...UNIT_FACTS), impactArbitrary), {
              maxLength: 5,
            }),
          )
          .map(([bases, variants]) => [
            ...bases,
            ...variants.map(([pick, fact, other]) => {
              const base = bases[pick % bases.length] as Impact;
              return (IMPACT_FACTS as readonly string[]).includes(fact)
                ? { ...base, [fact]: (other as unknown as Record<string, unknown>)[fact] }
                : {
                    ...base,
                    units: {
                      ...base.units,
                      [fact]: (other.units as Record<string, unknown>)?.[fact] ?? null,
                    },
                  };
            }),
          ]),
        // A few kinds of site, each repeated with one fact or unit changed (or none, at another
        // place), so rows share keys as a batch's do and every fact the key names is tried alone.
        fc.array(siteArbitrary, { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...SITE_FACTS, ...UNIT_FACTS, null), siteArbitrary), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.constantFrom(...RULESETS),
        overridesArbitrary,
        (impacts, kinds, variants, ruleset, overrides) => {
          const candidates = variants.map(([pick, fact, other], i) => {
            const kind = kinds[pick % kinds.length] as Omit<Candidate, 'id'>;
            const site = { ...kind, id: `S${i}` } as Record<string, unknown>;
            if (fact !== null && (SITE_FACTS as readonly string[]).includes(fact))
              site[fact] = (other as Record<string, unknown>)[fact];
            else if (fact !== null)
              site.units = {
                ...kind.units,
                [fact]: (other.units as Record<string, unknown>)?.[fact] ?? null,
              };
            else site.location = other.location;
            return site as unknown as Candidate;
          });
          const { differing, cells } = compare(impacts, candidates, ruleset, overrides);
          reused += cells.reused;
          rows += cells.reused + cells.expanded;
          expect(differing).toEqual([]);
        },
      ),
      { numRuns: 250 },
    );
    // The memo did serve rows (else the check above says nothing about it).
    expect(reused / rows).toBeGreaterThan(0.1);
    // A second on an idle machine; room for a loaded one.
  }, 60_000);

  const impactIn = (units: Units, extra: Partial<Impact> = {}): Impact => ({
    location: [-92.47, 44.02],
    units,
    acres: 3,
    land: 'agricultural',
    cultivatedField: false,
    project: 'general',
    afterTheFact: false,
    applicationDate: '2025-01-01',
    partiallyDrainedAcres: null,
    wetlandType: null,
    ...extra,
  });
  const OLMSTED: Units = {
    minorWatershed: '41001',
    majorWatershed: 41,
    bankServiceArea: 10,
    county: '27109',
  };
  const project = (extra: Partial<Candidate>): Candidate => ({
    id: 'A',
    kind: 'project-specific',
    location: [-92.4, 44.1],
    action: 'restoration',
    ...extra,
  });
  const bank = (extra: Partial<Candidate>): Candidate => project({ kind: 'bank', action: null, ...extra });
  // Two sites that differ in one fact the key must tell apart, where the reasons show it.
  it.each<[string, Impact, Candidate, Candidate]>([
    [
      'the bank service area named at level 4',
      impactIn(OLMSTED),
      project({ units: { majorWatershed: 40, bankServiceArea: 9 } }),
      project({ units: { majorWatershed: 40, bankServiceArea: 1 } }),
    ],
    [
      'the Great Lakes and Rainy River basins (mining)',
      impactIn({ majorWatershed: basin, bankServiceArea: 1 }, { project: 'mining' }),
      project({ units: { majorWatershed: otherBasin, bankServiceArea: 1 } }),
      project({ units: { majorWatershed: 41, bankServiceArea: 1 } }),
    ],
    [
      'a county alone keeps a site located',
      impactIn(OLMSTED),
      project({ location: null, units: {} }),
      // A county with no area class on file: only its being known tells the rows apart.
      project({ location: null, units: { county: '27999' } }),
    ],
    [
      'a location alone keeps a site located',
      impactIn(OLMSTED),
      project({ location: null, units: {} }),
      project({ location: [-92.4, 44.1], units: {} }),
    ],
    [
      'the same major watershed',
      impactIn(OLMSTED),
      project({ units: { minorWatershed: '41002', majorWatershed: 41, bankServiceArea: 10 } }),
      project({ units: { minorWatershed: '41002', majorWatershed: 40, bankServiceArea: 10 } }),
    ],
    [
      'the same minor watershed',
      impactIn(OLMSTED),
      project({ units: { minorWatershed: '41001', majorWatershed: 41, bankServiceArea: 10 } }),
      project({ units: { minorWatershed: '41002', majorWatershed: 41, bankServiceArea: 10 } }),
    ],
    [
      "the site's area class",
      impactIn(OLMSTED),
      project({ units: { ...OLMSTED, areaClass: 'less-than-50' } }),
      project({ units: { ...OLMSTED, areaClass: 'greater-than-80' } }),
    ],
    [
      'the bank status',
      impactIn(OLMSTED),
      bank({ units: OLMSTED, bankStatus: 'Approved' }),
      bank({ units: OLMSTED, bankStatus: 'Odd' }),
    ],
    [
      'the EIS adequacy date',
      impactIn(OLMSTED),
      project({ units: OLMSTED, eisIdentified: true, eisAdequacyDate: '2024-06-01' }),
      project({ units: OLMSTED, eisIdentified: true, eisAdequacyDate: '2020-06-01' }),
    ],
  ])('tells apart %s', (_name, impact, first, second) => {
    const sites = [first, { ...second, id: 'B' }];
    const { differing, cells } = compare([impact], sites, DEFAULT_RULESET, []);
    expect(differing).toEqual([]);
    // The two rows' reasons do differ, so one cell could not serve both.
    const ranking = rankCompact({ impact, candidates: sites });
    const [one, other] = [0, 1].map((position) => reasonsCell(expandRanked(ranking, position).reasons));
    expect(one).not.toBe(other);
    expect(cells.expanded).toBe(2);
  });

  it('writes the credits each short bank lists into one template of their cells', () => {
    // Two banks alike but for their credits, both below the 3 acres: the credits note names each
    // bank's own figure (and the impact's acres); one expansion with marks serves both.
    const impact = impactIn(OLMSTED);
    const sites = [
      bank({ units: OLMSTED, bankStatus: 'Approved', availableCredits: 1 }),
      bank({ id: 'B', units: OLMSTED, bankStatus: 'Approved', availableCredits: 2.5 }),
    ];
    const { differing, cells } = compare([impact], sites, DEFAULT_RULESET, []);
    expect(differing).toEqual([]);
    const ranking = rankCompact({ impact, candidates: sites });
    const texts = [0, 1].map((position) => reasonsCell(expandRanked(ranking, position).reasons));
    expect(
      texts.some((text) => text.includes('The bank lists 2.5 acres of credits, less than the 3 acres')),
    ).toBe(true);
    expect(texts[0]).not.toBe(texts[1]);
    expect(cells.expanded).toBe(1);
    expect(cells.reused).toBe(1);
  });

  // Two impacts of one class and sites alike but for their units, where a site's reasons name
  // something of the impact: one cell could not serve both impacts.
  const OLMSTED_2: Units = {
    minorWatershed: '41002',
    majorWatershed: 41,
    bankServiceArea: 10,
    county: '27109',
  };
  const WINONA: Units = { minorWatershed: '40001', majorWatershed: 40, bankServiceArea: 10, county: '27169' };
  it.each<[string, Impact, Impact, Candidate, Candidate]>([
    [
      'the minor watershed the site shares with each impact',
      impactIn(OLMSTED),
      impactIn(OLMSTED_2),
      project({ units: OLMSTED }),
      project({ units: OLMSTED_2 }),
    ],
    [
      'the major watershed the site shares with each impact',
      impactIn(OLMSTED),
      impactIn(WINONA),
      project({ units: { ...OLMSTED, minorWatershed: '41009' } }),
      project({ units: { ...WINONA, minorWatershed: '40009' } }),
    ],
    [
      "the impact's bank service area, named at level 4",
      impactIn({ ...OLMSTED, bankServiceArea: 9 }),
      impactIn({ ...OLMSTED, bankServiceArea: 10 }),
      project({ units: { majorWatershed: 30, bankServiceArea: 1 } }),
      project({ units: { majorWatershed: 30, bankServiceArea: 1 } }),
    ],
    [
      'the replacement acres a short bank is short of',
      impactIn(OLMSTED, { acres: 2 }),
      impactIn(OLMSTED, { acres: 3 }),
      bank({ units: OLMSTED, bankStatus: 'Approved', availableCredits: 1 }),
      bank({ units: OLMSTED, bankStatus: 'Approved', availableCredits: 1 }),
    ],
    [
      'the replacement acres, where a short bank names the number marking them',
      impactIn(OLMSTED, { acres: 2 }),
      impactIn(OLMSTED, { acres: 3 }),
      bank({ units: OLMSTED, bankStatus: 'Odd 2718281.828', availableCredits: 1 }),
      bank({ units: OLMSTED, bankStatus: 'Odd 2718281.828', availableCredits: 1 }),
    ],
    [
      'the best level the next-level caveat names',
      impactIn(OLMSTED),
      // No site in this minor watershed: the best is level 2 (the same major watershed).
      impactIn({ ...OLMSTED, minorWatershed: '41003' }),
      project({ units: OLMSTED }),
      project({ units: { ...OLMSTED, minorWatershed: '41009' } }),
    ],
  ])('tells impacts apart by %s', (_name, firstImpact, secondImpact, firstSite, secondSite) => {
    // With a site at level 4 (another major watershed and service area) for each impact to rank
    // below its best: the caveat names that best level.
    const sites = [
      firstSite,
      { ...secondSite, id: 'B' },
      project({ id: 'F', units: { majorWatershed: 30, bankServiceArea: 1, county: '27109' } }),
    ];
    const { differing, cells } = compare([firstImpact, secondImpact], sites, DEFAULT_RULESET, []);
    expect(differing).toEqual([]);
    expect(cells.reused).toBeGreaterThan(0);
  });

  it('expands every row for a rule set with a rule it was not written for', () => {
    const ruleset: RuleSet = {
      ...DEFAULT_RULESET,
      id: 'with-a-site-named-note',
      notes: [
        ...DEFAULT_RULESET.notes,
        {
          id: 'named',
          cite: 'test',
          summary: 'Names the site.',
          evaluate: ({ candidate }) => `Site ${candidate.id}.`,
        },
      ],
    };
    expect(reasonKeyVetted(ruleset)).toBe(false);
    expect(RULESETS.every(reasonKeyVetted)).toBe(true);
    const sites: Candidate[] = Array.from({ length: 20 }, (_, i) => ({
      id: `S${i}`,
      kind: 'project-specific',
      units: { minorWatershed: '41001', majorWatershed: 41, bankServiceArea: 10, county: '27109' },
      action: 'restoration',
    }));
    const impact: Impact = {
      location: null,
      units: { minorWatershed: '41001', majorWatershed: 41, bankServiceArea: 10, county: '27109' },
      acres: 1,
      land: 'agricultural',
      cultivatedField: false,
      project: 'general',
      afterTheFact: false,
      applicationDate: null,
      partiallyDrainedAcres: null,
      wetlandType: null,
    };
    const { differing, cells } = compare([impact], sites, ruleset, []);
    expect(differing).toEqual([]);
    expect(cells.reused).toBe(0);
    expect(cells.expanded).toBe(20);
  });
});
