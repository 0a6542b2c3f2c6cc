/**
 * The ranked table, loaded after the first script: it and its virtual rows (~12 KB gzip) are not
 * what the first paint waits for (the initial JavaScript budget, issue 24). Its code is fetched
 * as soon as the page has rendered once, so an `?at=` link's table does not wait for it.
 */
import { lazy, Suspense, useEffect } from 'react';
import type { RankingTableProps } from './RankingTable';

const loadRankingTable = () => import('./RankingTable');

const RankingTable = lazy(() => loadRankingTable().then((module) => ({ default: module.RankingTable })));

/** Starts fetching the table's code (once; later calls share the same import). */
export function usePreloadRankingTable(): void {
  useEffect(() => {
    void loadRankingTable();
  }, []);
}

export function LazyRankingTable(props: RankingTableProps) {
  return (
    <Suspense
      fallback={
        <section className="card" aria-labelledby="ranking-heading">
          <h2 id="ranking-heading">Ranked replacement options</h2>
          <p role="status">Loading the ranked table…</p>
        </section>
      }
    >
      <RankingTable {...props} />
    </Suspense>
  );
}
