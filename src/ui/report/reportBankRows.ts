/**
 * The bank rows the one-page report has room for: the first in the ladder's order, and always
 * every bank whose listed WCA credits cover the replacement required (issue 33: the bank with the
 * largest loaded listing, 9th in the ladder, was left out of the first 7), and the selected bank.
 * Shown in the ladder's order, each with its place; the covering banks beyond the room are
 * counted, so the report can say how many more there are.
 */
import { coversAcres, type RankedCandidate } from '../../siting';

export function coversRequirement(candidate: RankedCandidate, requiredAcres: number): boolean {
  const acres = candidate.credits?.largestAcres ?? null;
  return acres !== null && acres > 0 && coversAcres(acres, requiredAcres);
}

export function reportBankRows(
  ladder: readonly RankedCandidate[],
  room: number,
  requiredAcres: number,
  selectedId: string | null,
): { rows: RankedCandidate[]; coveringLeftOut: number } {
  // The selected bank first, so it is never the one the room leaves out.
  const must = [
    ...ladder.filter((candidate) => candidate.id === selectedId),
    ...ladder.filter(
      (candidate) => candidate.id !== selectedId && coversRequirement(candidate, requiredAcres),
    ),
  ];
  const kept = new Set(must.slice(0, room).map((candidate) => candidate.id));
  for (const candidate of ladder) {
    if (kept.size >= room) break;
    kept.add(candidate.id);
  }
  return {
    rows: ladder.filter((candidate) => kept.has(candidate.id)),
    coveringLeftOut: must.filter((candidate) => !kept.has(candidate.id)).length,
  };
}
