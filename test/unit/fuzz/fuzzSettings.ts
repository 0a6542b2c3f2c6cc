/**
 * Seeds and case counts of the fuzz suite, in one place so a failure can be replayed exactly
 * (fast-check prints the seed and the shrunk counterexample's path) and SECURITY.md can cite
 * them. Change a seed only on purpose: a fixed seed keeps `npm test` deterministic.
 */
export const FUZZ_RUNS = 10_000;

/**
 * Per-test time limit. 10,000 cases take 1-5 s alone but several times that when the two cores
 * are shared with other suites; a real hang (what the FlatGeobuf fuzz found) still fails.
 */
export const FUZZ_TIMEOUT_MS = 60_000;

export const FUZZ_SEEDS = {
  scenarioJson: 103_222_001,
  scenarioMutated: 103_222_002,
  scenarioText: 103_222_013,
  csvCell: 103_222_014,
  sitesCsv: 103_222_003,
  sitesGeoJson: 103_222_004,
  urlDecode: 103_222_005,
  urlRoundTrip: 103_222_006,
  flatGeobufRandom: 103_222_007,
  flatGeobufCorrupted: 103_222_008,
  shapefileRandom: 103_222_009,
  shapefileCorrupted: 103_222_010,
  cliScenario: 103_222_011,
  cliCsv: 103_222_012,
  geoPackageGeometryRandom: 103_222_111,
  geoPackageGeometryCorrupted: 103_222_112,
  geoPackageFileCorrupted: 103_222_113,
  polygonGeoJsonText: 103_222_015,
  creditListingRows: 103_222_016,
  creditListingText: 103_222_017,
  creditListingStrayQuote: 103_222_021,
  ribitsListAnswer: 103_222_018,
  ribitsDetailAnswer: 103_222_019,
  ribitsLedgersFile: 103_222_020,
} as const;

/** fast-check parameters for one property: the recorded seed and at least 10,000 cases. */
export function fuzzParameters(name: keyof typeof FUZZ_SEEDS, numRuns: number = FUZZ_RUNS) {
  return { seed: FUZZ_SEEDS[name], numRuns };
}
