/**
 * The losses-and-replacements panel, loaded on demand so the page's first JavaScript stays within
 * its budget (BENCHMARKS.md: initial JavaScript ≤ 450 KB gzip).
 */
import { lazy, Suspense } from 'react';
import type { PlaceUnits } from '../location/placeUnits';

const FlowsPanel = lazy(() => import('./FlowsPanel').then((module) => ({ default: module.FlowsPanel })));

export function LazyFlowsPanel({ place }: { place: PlaceUnits | null }) {
  return (
    <Suspense fallback={<p role="status">Loading the losses and replacements panel…</p>}>
      <FlowsPanel place={place} />
    </Suspense>
  );
}
