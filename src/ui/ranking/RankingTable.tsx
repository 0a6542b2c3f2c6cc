/**
 * Ranked replacement options: the text alternative to the map, as two ladders side by side
 * (subd. 3(a), 3(c)) — project-specific replacement and bank credits, each with its own places —
 * and, apart, the banks that cannot sell credits. Every candidate with its level (label and
 * shape, not colour alone), eligibility, distance, bank status or credits, and the reason with
 * its citation; selecting a row highlights the site and shared units on the map. Sorted and
 * filtered by the controls above the ladders; each ladder is virtualised (LadderTable.tsx).
 */

import { useCallback, useMemo } from 'react';
import { buildGaps } from '../../formats/buildGaps';
import type { RankResult } from '../../siting';
import { useLayerStore } from '../../store/layerStore';
import { useSitingStore } from '../../store/sitingStore';
import { Glossary } from '../glossary/Glossary';
import { Citation } from './Citation';
import { breakdownText, candidateBreakdown } from './candidateBreakdown';
import type { CandidateInfo } from './candidateInfo';
import { LadderTable } from './LadderTable';
import { RankingFilters } from './RankingFilters';
import { RulesetNotice } from './RulesetNotice';
import { rankingLadders } from './rankingLadders';
import { rulesetTitle } from './rulesetTitle';

/** Who replaces, said plainly, for road repair under subd. 1(m). */
const REPLACER_TEXT = {
  board: 'the Board of Water and Soil Resources',
  mndot: 'the Department of Transportation (MnDOT)',
  'board-or-mndot': 'the Board of Water and Soil Resources (MnDOT on state roads)',
} as const;

export interface RankingTableProps {
  result: RankResult;
  info: ReadonlyMap<string, CandidateInfo>;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}

export function RankingTable({ result, info, selectedId, onSelect }: RankingTableProps) {
  const ladders = useMemo(() => rankingLadders(result), [result]);
  // Kept with the other inputs (the link and local storage), so a reload keeps them.
  const filters = useSitingStore((state) => state.rankingFilters);
  const setFilters = useSitingStore((state) => state.setRankingFilters);
  const counts = useMemo(() => candidateBreakdown(result.candidates, info), [result.candidates, info]);
  // One function across renders, so the bank ladder's count of banks with credits is not redone each render.
  const creditsFirst = useCallback(() => setFilters({ ...filters, sort: 'listed' }), [filters, setFilters]);
  const { requirement } = result;
  // The one rule of what a build lacks (buildGaps), as the header, report and exports read it.
  const manifest = useLayerStore((state) => state.manifest);
  const noBankLayer = useMemo(
    () => manifest !== null && buildGaps(manifest).some((gap) => gap.id === 'banks'),
    [manifest],
  );
  const replacer = requirement.replacedBy === 'applicant' ? null : REPLACER_TEXT[requirement.replacedBy];
  return (
    <section className="card" aria-labelledby="ranking-heading">
      <h2 id="ranking-heading">{replacer ? 'Siting of the replacement' : 'Ranked replacement options'}</h2>
      {replacer && (
        <p className="summary">
          <strong>
            The road authority needs no replacement plan and buys nothing: {replacer} replaces the wetlands.
          </strong>{' '}
          The options below are where that replacement could be sited. <Citation cite="103G.222 subd. 1(m)" />
        </p>
      )}
      {noBankLayer && (
        <p className="summary gap-inline" role="note">
          <strong>No bank is ranked because the bank layer is not in this build</strong>; this does not mean
          no bank serves the area (see "Not in this build" above).
        </p>
      )}
      <p className="summary">
        {breakdownText(counts)}. Within a level, in-kind sites come first, then the nearest. Rules applied:{' '}
        {rulesetTitle(result)}.
      </p>
      <RulesetNotice result={result} />
      <div className="ranking-tools">
        <RankingFilters filters={filters} onChange={setFilters} />
        <Glossary />
      </div>
      <div className="ladders">
        {ladders.map((ladder) => (
          <LadderTable
            key={ladder.key}
            ladder={ladder}
            filters={filters}
            info={info}
            selectedId={selectedId}
            onSelect={onSelect}
            onCreditsFirst={ladder.key === 'bank' ? creditsFirst : undefined}
            emptyText={
              ladder.key === 'bank' && noBankLayer ? 'None: the bank layer is not in this build.' : 'None.'
            }
          />
        ))}
      </div>
    </section>
  );
}
