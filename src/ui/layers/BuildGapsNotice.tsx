/**
 * What this build does not hold, or holds only in part (banks, credits, ledgers, place names), so
 * an empty table is never read as "none" (issue 33, blocker 2). A build without the bank layer is
 * said up front, open; the rest under one line a planner can open.
 */
import { buildGaps, gapLine } from '../../formats/buildGaps';
import { useLayerStore } from '../../store/layerStore';
import { useCreditsStore } from '../credits/creditsStore';

export function BuildGapsNotice() {
  const manifest = useLayerStore((state) => state.manifest);
  const listingsLoaded = useCreditsStore((state) => state.listings.length > 0);
  if (!manifest) return null;
  const gaps = buildGaps(manifest, { listingsLoaded });
  if (gaps.length === 0) return null;
  const noBanks = gaps.some((gap) => gap.id === 'banks');
  const names = [...new Set(gaps.map((gap) => gap.what.toLowerCase()))];
  return (
    <details className={`gaps-notice${noBanks ? ' gaps-severe' : ''}`} open={noBanks}>
      <summary>
        {noBanks ? <strong>Not in this build: wetland banks.</strong> : 'This build lacks or holds in part:'}{' '}
        {noBanks ? 'No bank is ranked; that does not mean none serves the area.' : `${names.join(', ')}.`}
      </summary>
      <ul aria-label="What this build lacks">
        {gaps.map((gap) => (
          <li key={gap.id}>{gapLine(gap)}</li>
        ))}
      </ul>
    </details>
  );
}
