import type { CreditPool } from '../src/formats/credits/creditsFile.ts';
import {
  type AreaClass,
  type Candidate,
  type Impact,
  type ReplacementAction,
  withBankCredits,
} from '../src/siting/index.ts';
import { seededRandom } from './randomPoints.ts';

const ACTIONS: readonly (ReplacementAction | null)[] = ['restoration', 'creation', 'preservation', null];
const AREA_CLASSES: readonly AreaClass[] = ['greater-than-80', '50-to-80', 'less-than-50'];

/** The impact every ranking measure ranks for: Olmsted County, a located nonagricultural fill. */
export const BENCH_IMPACT: Impact = {
  location: [-92.47, 44.02],
  units: {
    minorWatershed: '41001',
    majorWatershed: 41,
    bankServiceArea: 9,
    county: '27109',
    areaClass: 'less-than-50',
  },
  acres: 0.8,
  land: 'nonagricultural',
  cultivatedField: false,
  project: 'general',
  afterTheFact: false,
  wetlandType: '3',
};

/**
 * `count` seeded candidates spread over Minnesota: a third banks, the rest project-specific
 * sites, with units that put some in the impact's minor and major watershed and bank service
 * area, some in greater-than-80-percent areas, some with unknown units, so every rule fires
 * somewhere, as in a real year of sites.
 */
export function generateCandidates(count: number, seed: number): Candidate[] {
  const random = seededRandom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const candidates: Candidate[] = [];
  for (let i = 0; i < count; i++) {
    const bank = random() < 1 / 3;
    const major = random() < 0.2 ? 41 : 1 + Math.floor(random() * 84);
    const minor = `${String(major).padStart(2, '0')}${String(1 + Math.floor(random() * 40)).padStart(3, '0')}`;
    const knownUnits = random() < 0.9;
    candidates.push({
      id: `S${String(i).padStart(7, '0')}`,
      kind: bank ? 'bank' : 'project-specific',
      location: random() < 0.95 ? [-97.2 + random() * 7.7, 43.5 + random() * 5.8] : null,
      units: knownUnits
        ? {
            minorWatershed: minor,
            bankServiceArea: 1 + Math.floor(random() * 10),
            county: `27${String(1 + 2 * Math.floor(random() * 87)).padStart(3, '0')}`,
            areaClass: random() < 0.8 ? pick(AREA_CLASSES) : null,
          }
        : {},
      action: bank ? null : pick(ACTIONS),
      ...(bank
        ? {
            bankApplicationDate: random() < 0.5 ? '1995-06-01' : '2004-03-15',
            availableCredits: random() * 4,
          }
        : {}),
    });
  }
  return withCreditPools(candidates, seed);
}

const APPROVALS = ['wca-only', '404-only', 'wca-and-404'] as const;

/**
 * Each bank with one to three listing pools (issue 21: credits by approval and type, never
 * summed), drawn from their own seeded sequence so the candidates above are as before, and
 * worked into what the ranking reads (withBankCredits): a ranking "with credits".
 */
function withCreditPools(candidates: Candidate[], seed: number): Candidate[] {
  const random = seededRandom(seed + 1);
  return candidates.map((candidate) => {
    if (candidate.kind !== 'bank') return candidate;
    const pools: CreditPool[] = [];
    const count = 1 + Math.floor(random() * 3);
    for (let k = 0; k < count; k++)
      pools.push({
        approval: APPROVALS[Math.floor(random() * 3)] ?? 'wca-and-404',
        jurisdiction: null,
        creditType: null,
        creditClassification: null,
        creditSubgroup: null,
        plantCommunity: null,
        circular39Type: `Type ${1 + Math.floor(random() * 8)}`,
        available: random() < 0.05 ? 0 : random() * 4,
        released: null,
        potential: null,
        unit: 'acres',
        pricePerCredit: null,
        contact: null,
        source: 'bench-listing.csv',
        sourceKind: 'bwsr-listing',
        row: k + 2,
        asOf: '2026-01-15',
        asOfFrom: 'file',
        matchedBy: 'bwsr-account',
      });
    return withBankCredits(candidate, pools, BENCH_IMPACT.wetlandType);
  });
}
