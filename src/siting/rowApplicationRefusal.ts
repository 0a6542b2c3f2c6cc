import type { RankedCandidate } from './types.ts';

/**
 * What a ranked bank row offers (issue 37): null when an application can be prepared (an
 * Approved bank, eligible or undetermined, with a listed pool that can serve a WCA plan), else
 * the reason in a few words; `undefined` when no listing is loaded or none names the bank (the
 * row already says its credits are not known).
 */
export function rowApplicationRefusal(
  ranked: RankedCandidate,
  bankStatus: string | null,
): string | null | undefined {
  if (ranked.kind !== 'bank') return undefined;
  if (!ranked.credits?.loaded || ranked.credits.pools.length === 0) return undefined;
  if (bankStatus !== 'Approved') return `status ${bankStatus ?? 'not known'}, not Approved`;
  if (!ranked.credits.pools.some((pool) => pool.servesWca === 'yes' && (pool.acres ?? 0) > 0))
    return 'no pool that can serve a WCA plan';
  if (ranked.status === 'ineligible') return 'not eligible for this impact';
  return null;
}
