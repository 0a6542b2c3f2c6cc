/**
 * The results beside the map on a desktop: always there, so the map does not change size (and
 * centre) when results arrive; the ranking, or what to do to get one, or that it is on its way.
 * A divider above it (drag or arrow keys) shares the column between map and results; the share
 * is remembered across reloads.
 */
import type { ReactNode } from 'react';
import { ShareLink } from '../share/ShareLink';
import { ResultsDivider } from './ResultsDivider';
import { RESULTS_SHARE, useResultsShare } from './useResultsShare';

export interface ResultsPanelProps {
  /** The ranking table, or null while there is none. */
  ranking: ReactNode;
  /** An impact in Minnesota is chosen and its ranking is being made. */
  rankingPending: boolean;
}

const PANEL_ID = 'results-panel';

export function ResultsPanel({ ranking, rankingPending }: ResultsPanelProps) {
  const [share, setShare] = useResultsShare();
  const large = share >= RESULTS_SHARE.large;
  return (
    <>
      <ResultsDivider share={share} setShare={setShare} controls={PANEL_ID} />
      <div id={PANEL_ID} className="results-panel" style={{ flexBasis: `${share}%` }}>
        <div className="results-tools">
          <ShareLink title="Wetland replacement siting explorer" />
          <button
            type="button"
            className="results-size"
            aria-pressed={large}
            onClick={() => setShare(large ? RESULTS_SHARE.default : RESULTS_SHARE.large)}
          >
            {large ? 'Give the map more room' : 'Give the results more room'}
          </button>
        </div>
        {ranking ?? (
          <section className="card" aria-labelledby="ranking-heading">
            <h2 id="ranking-heading">Ranked replacement options</h2>
            {rankingPending ? (
              <p className="hint" role="status">
                Ranking the candidate sites and bank credits: reading the units each one lies in…
              </p>
            ) : (
              <p className="hint">
                Choose the impact — click the map, search a place or type coordinates — and the candidate
                sites and bank credits appear here, ranked by Minn. Stat. 103G.222.
              </p>
            )}
          </section>
        )}
      </div>
    </>
  );
}
