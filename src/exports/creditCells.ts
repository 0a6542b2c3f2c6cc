import type { CreditPool } from '../formats/credits/creditsFile.ts';
import type { CandidateKind } from '../siting/index.ts';

/** The credit columns every ranked CSV carries per bank (rankedCsv, the CLI's batch). */
export const CREDIT_COLUMNS = [
  'creditsAvailable',
  'creditUnit',
  'creditApproval',
  'creditSource',
  'creditsAsOf',
] as const;

/** What a cell reads of a pool: a listing's pool (credits.json) or a ranked row's view of one. */
export type PoolFigure = Pick<
  CreditPool,
  'available' | 'unit' | 'approval' | 'jurisdiction' | 'source' | 'row' | 'asOf' | 'asOfFrom'
>;

export type CreditCells = Record<(typeof CREDIT_COLUMNS)[number], string>;

const EMPTY: CreditCells = {
  creditsAvailable: '',
  creditUnit: '',
  creditApproval: '',
  creditSource: '',
  creditsAsOf: '',
};

/**
 * A bank's credit cells: one entry per pool, `; ` between them, in the listing's order, each cell
 * in the same order (pools are never summed). No listing loaded: the source says so and no figure
 * is written; loaded but no row names the bank: "no listing row". Not a bank: empty cells.
 */
export function creditCells(
  kind: CandidateKind,
  pools: readonly PoolFigure[] | null | undefined,
): CreditCells {
  if (kind !== 'bank') return EMPTY;
  if (pools === undefined || pools === null) return { ...EMPTY, creditSource: 'credits not loaded' };
  if (pools.length === 0) return { ...EMPTY, creditSource: 'no listing row' };
  const join = (cell: (pool: PoolFigure) => string) => pools.map(cell).join('; ');
  return {
    creditsAvailable: join((p) => String(p.available)),
    creditUnit: join((p) => p.unit),
    creditApproval: join(
      (p) => p.approval ?? (p.jurisdiction ? `jurisdiction ${p.jurisdiction}` : 'not stated'),
    ),
    creditSource: join((p) => `${p.source} row ${p.row}`),
    creditsAsOf: join((p) =>
      p.asOf === null ? 'unknown' : p.asOfFrom === 'file' ? p.asOf : `${p.asOf} (${p.asOfFrom})`,
    ),
  };
}
