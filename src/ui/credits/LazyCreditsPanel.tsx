/** The credits panel, loaded on demand so the page's first JavaScript stays small (issue 21). */
import { lazy, Suspense } from 'react';
import type { SitingResults } from '../ranking/useSitingResults';

const CreditsPanel = lazy(() =>
  import('./CreditsPanel').then((module) => ({ default: module.CreditsPanel })),
);

export function LazyCreditsPanel({ results }: { results: SitingResults }) {
  return (
    <Suspense fallback={<p role="status">Loading the bank credits panel…</p>}>
      <CreditsPanel results={results} />
    </Suspense>
  );
}
