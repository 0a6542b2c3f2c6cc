/**
 * Fuzzing the page's URL state (src/store/urlState.ts), which is also what local storage keeps:
 * `decodeUrlState` never throws on any query string, and every valid set of inputs survives
 * `encodeUrlState` → `decodeUrlState` exactly (the export → import round trip of a link, a
 * reload, a crashed tab).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LAND_USES, PROJECT_TYPES, REPLACEMENT_ACTIONS, WETLAND_TYPES } from '../../../src/siting/index.ts';
import type { UserSite } from '../../../src/siting/userSite.ts';
import { defaultInputs, type Inputs, type LayerSetting } from '../../../src/store/inputs.ts';
import { MAP_LAYERS, type MapLayerId } from '../../../src/store/mapLayers.ts';
import { decodeUrlState, encodeUrlState, URL_PARAMETERS } from '../../../src/store/urlState.ts';
import { FUZZ_TIMEOUT_MS, fuzzParameters } from './fuzzSettings.ts';

/**
 * −0 is left out: it is the same place as 0 and JSON writes it as 0, so it comes back as 0
 * (documented in SECURITY.md).
 */
const lon = fc.double({ min: -180, max: 180, noNaN: true, noDefaultInfinity: true }).map((v) => v + 0);
const lat = fc.double({ min: -90, max: 90, noNaN: true, noDefaultInfinity: true }).map((v) => v + 0);
const lngLat = fc.tuple(lon, lat);
/** Well-formed text (no lone surrogates: a URL parameter cannot carry them) within a length limit. */
const text = (minLength: number, maxLength: number) =>
  fc.string({ unit: 'grapheme', minLength, maxLength }).filter((value) => value.length <= maxLength);

const userSite: fc.Arbitrary<UserSite> = fc.record(
  {
    id: text(1, 200),
    // Names travel inside JSON, which escapes even lone surrogates.
    name: fc.oneof(text(0, 500), fc.string({ unit: 'binary', maxLength: 60 })),
    location: lngLat,
    action: fc.constantFrom(...REPLACEMENT_ACTIONS),
    wetlandType: fc.constantFrom(...WETLAND_TYPES),
  },
  { requiredKeys: ['id', 'name', 'location', 'action'] },
);

const layerSettings = fc.record(
  Object.fromEntries(
    MAP_LAYERS.map((layer) => [
      layer.id,
      fc.record({
        visible: fc.boolean(),
        opacity: fc.double({ min: 0, max: 1, noNaN: true }).map((v) => v + 0),
      }),
    ]),
  ) as Record<MapLayerId, fc.Arbitrary<LayerSetting>>,
);

/** Any inputs the page can hold, within the limits the decoder enforces. */
const validInputs: fc.Arbitrary<Inputs> = fc.record({
  impact: fc
    .record({
      location: fc.option(lngLat, { nil: null }),
      polygon: fc.option(fc.array(lngLat, { minLength: 3, maxLength: 40 }), { nil: null }),
      acres: fc.double({ min: 0, max: 1_000_000, noNaN: true }).map((v) => v + 0),
      land: fc.constantFrom(...LAND_USES),
      cultivatedField: fc.boolean(),
      project: fc.constantFrom(...PROJECT_TYPES),
      afterTheFact: fc.boolean(),
      partiallyDrainedAcres: fc.double({ min: 0, max: 1_000_000, noNaN: true }).map((v) => v + 0),
      wetlandType: fc.constantFrom(...WETLAND_TYPES, null),
      stateRoad: fc.constantFrom(true, false, null),
      sequencing: fc.record({
        avoid: fc.string({ maxLength: 40 }),
        minimize: fc.string({ maxLength: 40 }),
        rectify: fc.string({ maxLength: 40 }),
        reduce: fc.string({ maxLength: 40 }),
      }),
    })
    // A cultivated field is agricultural land (subd. 1(c), 1(g)): the page never holds the pair.
    .map((impact) => (impact.cultivatedField ? { ...impact, land: 'agricultural' as const } : impact)),
  userSites: fc.uniqueArray(userSite, { maxLength: 12, selector: (site) => site.id }),
  layers: layerSettings,
  selectedCandidateId: fc.option(text(1, 200), { nil: null }),
  view: fc.option(
    fc.record({ center: lngLat, zoom: fc.double({ min: 0, max: 22, noNaN: true }).map((v) => v + 0) }),
    {
      nil: null,
    },
  ),
  mode: fc.oneof(
    fc.constant({ kind: 'explore' as const }),
    fc.constant({ kind: 'public' as const }),
    fc.record({ kind: fc.constant('hearing' as const), step: fc.integer({ min: 0, max: 99 }) }),
  ),
  hiddenBankStatuses: fc.uniqueArray(text(1, 60), { maxLength: 6 }),
  rankingFilters: fc.record({
    level: fc.constantFrom(
      'all' as const,
      '1' as const,
      '2' as const,
      '3' as const,
      '4' as const,
      'none' as const,
    ),
    eligibility: fc.constantFrom(
      'all' as const,
      'eligible' as const,
      'undetermined' as const,
      'ineligible' as const,
      'unlocated' as const,
    ),
    kind: fc.constantFrom('all' as const, 'project-specific' as const, 'bank' as const),
    maxDistanceKm: fc.option(
      fc.double({ min: 0, max: 100_000, noNaN: true }).map((v) => v + 0),
      { nil: null },
    ),
    minCredits: fc.option(
      fc.double({ min: 0, max: 100_000, noNaN: true }).map((v) => v + 0),
      { nil: null },
    ),
    sort: fc.constantFrom('rank' as const, 'distance' as const, 'credits' as const, 'level' as const),
  }),
});

/** Query strings: random text, and near-misses built from the known parameter names. */
const queryString = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(...URL_PARAMETERS, 'x', ''),
        fc.oneof(
          fc.string(),
          fc.string({ unit: fc.constantFrom('-', '1', '.', ',', ';', ':', 'e', '9', '0', 'N', 'a') }),
          fc.jsonValue().map((value) => JSON.stringify(value)),
          fc
            .array(fc.record({ id: fc.string(), name: fc.string(), lon, lat, action: fc.string() }), {
              maxLength: 3,
            })
            .map((v) => JSON.stringify(v)),
        ),
      ),
      { maxLength: 6 },
    )
    .map((pairs) => new URLSearchParams(pairs).toString()),
  validInputs.map((inputs) => {
    const encoded = encodeUrlState(inputs);
    return encoded.slice(0, Math.floor(encoded.length / 2));
  }),
);

describe('fuzz: URL state', () => {
  it('decodeUrlState never throws, keeps inputs valid and names every ignored parameter', {
    timeout: FUZZ_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(queryString, (search) => {
        const { inputs, notices } = decodeUrlState(search);
        expect(inputs.impact.acres).toBeGreaterThanOrEqual(0);
        expect(Number.isFinite(inputs.impact.acres)).toBe(true);
        for (const site of inputs.userSites) expect(REPLACEMENT_ACTIONS).toContain(site.action);
        for (const notice of notices) expect(notice).toMatch(/^Ignored the link's ".*" parameter: .+\.$/s);
      }),
      fuzzParameters('urlDecode'),
    );
  });

  it('decode(encode(inputs)) gives back exactly the inputs, with no notices', {
    timeout: FUZZ_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(validInputs, (inputs) => {
        const decoded = decodeUrlState(encodeUrlState(inputs));
        expect(decoded.notices).toEqual([]);
        expect(decoded.inputs).toEqual(inputs);
      }),
      fuzzParameters('urlRoundTrip'),
    );
  });

  it('keeps full precision: a clicked point comes back as the same number', {
    timeout: FUZZ_TIMEOUT_MS,
  }, () => {
    const inputs = defaultInputs();
    inputs.impact.location = [-92.47123456789012, 44.02345678901234];
    inputs.view = { center: [-93.123456789, 45.987654321], zoom: 7.123456 };
    inputs.layers.areaClass.opacity = 0.333;
    expect(decodeUrlState(encodeUrlState(inputs)).inputs).toEqual(inputs);
  });
});
