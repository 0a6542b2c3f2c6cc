/**
 * The results beside the map on a desktop: always there, so the map does not change size (and
 * centre) when results arrive; the ranking, or what to do to get one, or that it is on its way.
 */
import type { ReactNode } from 'react';

export interface ResultsPanelProps {
  /** The ranking table, or null while there is none. */
  ranking: ReactNode;
  /** An impact in Minnesota is chosen and its ranking is being made. */
  rankingPending: boolean;
  /** Kept by the page, so it survives hearing mode and the plain-language view. */
  size: 'normal' | 'large';
  setSize: (size: 'normal' | 'large') => void;
}

export function ResultsPanel({ ranking, rankingPending, size, setSize }: ResultsPanelProps) {
  return (
    <div className={`results-panel results-${size}`}>
      <button
        type="button"
        className="results-size"
        aria-pressed={size === 'large'}
        onClick={() => setSize(size === 'large' ? 'normal' : 'large')}
      >
        {size === 'large' ? 'Give the map more room' : 'Give the results more room'}
      </button>
      {ranking ?? (
        <section className="card" aria-labelledby="ranking-heading">
          <h2 id="ranking-heading">Ranked replacement options</h2>
          {rankingPending ? (
            <p className="hint" role="status">
              Ranking the candidate sites and bank credits: reading the units each one lies in…
            </p>
          ) : (
            <p className="hint">
              Choose the impact — click the map, search a place or type coordinates — and the candidate sites
              and bank credits appear here, ranked by Minn. Stat. 103G.222.
            </p>
          )}
        </section>
      )}
    </div>
  );
}
