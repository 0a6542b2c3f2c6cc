/**
 * The withdrawal application, loaded when one is first opened (it is not on the first screen), and
 * closed with focus back where it was opened from.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { SitingResults } from '../ranking/useSitingResults';
import { useApplicationOpen } from './applicationOpen';

const ApplicationView = lazy(() =>
  import('./ApplicationView').then((module) => ({ default: module.ApplicationView })),
);

export function LazyApplicationView({ results }: { results: SitingResults }) {
  const openFor = useApplicationOpen((s) => s.openFor);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    if (openFor !== null) {
      opener.current = document.activeElement;
      document.body.classList.add('printing-application');
      return;
    }
    document.body.classList.remove('printing-application');
    if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    opener.current = null;
  }, [openFor]);
  if (openFor === null) return null;
  return (
    <Suspense fallback={<p role="status">Loading the withdrawal application…</p>}>
      <ApplicationView bankId={openFor} results={results} />
    </Suspense>
  );
}
