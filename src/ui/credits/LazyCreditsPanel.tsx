/**
 * The credits panel, loaded on demand so the page's first JavaScript stays small (issue 21). The
 * stores are read here and handed in, so the panel's chunk shares no module with the first load.
 */
import { lazy, Suspense } from 'react';
import { CONFIRM_WITH_BWSR } from '../../siting';
import { useLayerStore } from '../../store/layerStore';
import type { SitingResults } from '../ranking/useSitingResults';
import { useCreditsStore } from './creditsStore';
import { useCreditPools } from './useCreditPools';

const CreditsPanel = lazy(() =>
  import('./CreditsPanel').then((module) => ({ default: module.CreditsPanel })),
);

export function LazyCreditsPanel({ results }: { results: SitingResults }) {
  const manifest = useLayerStore((state) => state.manifest);
  const baseUrl = useLayerStore((state) => state.baseUrl);
  const store = useCreditsStore();
  const pools = useCreditPools();
  return (
    <Suspense fallback={<p role="status">Loading the bank credits panel…</p>}>
      <CreditsPanel
        results={results}
        pools={pools}
        manifest={manifest}
        baseUrl={baseUrl}
        listings={store.listings}
        add={store.add}
        remove={store.remove}
        approval={store.approval}
        setApproval={store.setApproval}
        storageError={store.storageError}
        confirm={CONFIRM_WITH_BWSR}
      />
    </Suspense>
  );
}
