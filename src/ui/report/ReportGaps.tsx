import { buildGaps, gapLine } from '../../formats/buildGaps';
import type { Manifest } from '../../formats/manifest';

/**
 * A build without banks, said in full at the top of the report (an empty bank list is not "no bank
 * serves the area"). What a build holds only in part (the snapshot, ledgers, place names) is not
 * repeated here: the one page has no room left (report test), and the bank rows already say when
 * credits are not loaded.
 */
export function ReportGaps({
  manifest,
  listingsLoaded,
}: {
  manifest: Manifest | null;
  listingsLoaded: boolean;
}) {
  if (!manifest) return null;
  const banks = buildGaps(manifest, { listingsLoaded }).find((gap) => gap.id === 'banks');
  return banks ? (
    <p className="report-demo report-gaps">
      <strong>{gapLine(banks)}</strong>
    </p>
  ) : null;
}
