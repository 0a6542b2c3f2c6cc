/**
 * The ranked table, loaded after the first script: it and its virtual rows (~12 KB gzip) are not
 * what the first paint waits for (the initial JavaScript budget, issue 24). Its code is fetched
 * as soon as the page has rendered once, so an `?at=` link's table does not wait for it.
 *
 * Not React.lazy: a lazy component suspends on its first render even when its code is already
 * here, and React revealed the table only at a low-priority retry, which a first visit's busy
 * main thread (the map drawing) held back ~2.6 s after the ranking was ready (issue 24, item 12).
 * Once the code has arrived, the table renders in the same commit as the ranking.
 */
import { useEffect, useState } from 'react';
import type * as RankingTableModule from './RankingTable';
import type { RankingTableProps } from './RankingTable';

let loaded: typeof RankingTableModule | null = null;
let loading: Promise<typeof RankingTableModule> | null = null;

const loadRankingTable = () => {
  loading ??= import('./RankingTable').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
};

/** Starts fetching the table's code (once; later calls share the same import). */
export function usePreloadRankingTable(): void {
  useEffect(() => {
    void loadRankingTable();
  }, []);
}

export function LazyRankingTable(props: RankingTableProps) {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return;
    let live = true;
    void loadRankingTable().then((arrived) => {
      if (live) setModule(arrived);
    });
    return () => {
      live = false;
    };
  }, [module]);
  if (!module)
    return (
      <section className="card" aria-labelledby="ranking-heading">
        <h2 id="ranking-heading">Ranked replacement options</h2>
        <p role="status">Loading the ranked table…</p>
      </section>
    );
  return <module.RankingTable {...props} />;
}
