/** What the presenter says at each hearing step, in large plain text with its citations. */

import type { RankedCandidate } from '../../siting';
import type { ImpactInputs } from '../../store/inputs';
import { LossesAndReplacements } from '../flows/LossesAndReplacements';
import { locationRows } from '../location/LocationCard';
import { UnitRows } from '../location/UnitRows';
import { Citation } from '../ranking/Citation';
import { formatDistance } from '../ranking/formatDistance';
import { markerOf } from '../ranking/levelMarkers';
import { bankStatusText, ladderCounts, rankingLadders } from '../ranking/rankingLadders';
import { ratioText } from '../ranking/ratioText';
import type { SitingResults } from '../ranking/useSitingResults';
import { HearingCredits } from './HearingCredits';
import { candidatesAtLevel, chosenCandidate, type HearingStep, rulesetOf, TOP_OPTIONS } from './hearingSteps';

const PROJECT_TEXT = {
  general: 'a general project',
  'public-transportation': 'a public transportation project',
  mining: 'a mining project (permit to mine)',
  'road-repair': 'repair or rehabilitation of a public road',
} as const;

const acresText = (acres: number) =>
  `${Number(acres.toFixed(3)).toLocaleString('en-US')} ${acres === 1 ? 'acre' : 'acres'}`;
const distanceText = (candidate: RankedCandidate) =>
  candidate.distanceKm === null ? 'distance unknown' : `${formatDistance(candidate.distanceKm)} away`;

function OptionList({ candidates, results }: { candidates: RankedCandidate[]; results: SitingResults }) {
  return (
    <ol className="hearing-options">
      {candidates.map((candidate) => (
        <li key={candidate.id}>
          <strong>{results.info.get(candidate.id)?.name || candidate.id}</strong> —{' '}
          {candidate.ladder === 'bank' ? 'bank credits' : 'project-specific'}, {markerOf(candidate).label},{' '}
          {candidate.ladder === 'bank'
            ? `${bankStatusText(results.info.get(candidate.id)?.status ?? null, candidate)}, `
            : ''}
          {distanceText(candidate)}
        </li>
      ))}
    </ol>
  );
}

export function HearingStepContent({
  step,
  results,
  impact,
  selectedId,
}: {
  step: HearingStep;
  results: SitingResults;
  impact: ImpactInputs;
  selectedId: string | null;
}) {
  const { result, place } = results;
  if (step.key === 'no-impact' || !result || !impact.location || !place) {
    return (
      <p>
        Leave the hearing view (Escape) and choose the impact location on the map, by search or by
        coordinates; the steps of the decision appear here once it is inside Minnesota.
      </p>
    );
  }
  switch (step.key) {
    case 'impact':
      return (
        <>
          <p>
            {acresText(impact.acres)} of wetland on {impact.land} land, drained or filled by{' '}
            {PROJECT_TEXT[impact.project]}.
          </p>
          <p>
            At {impact.location[1].toFixed(5)}, {impact.location[0].toFixed(5)} (latitude, longitude)
            {impact.polygon ? ', with the impact area drawn on the map' : ''}.
          </p>
          {impact.cultivatedField && <p>The wetland lies in a cultivated field.</p>}
          {impact.afterTheFact && <p>This is an after-the-fact replacement plan.</p>}
        </>
      );
    case 'units':
      return (
        <UnitRows
          className="hearing-units"
          rows={locationRows(
            place,
            impact.location,
            result.impact.units,
            results.plss.status === 'ready' ? results.plss : null,
          ).filter((row) => row.label !== 'Location')}
        />
      );
    case 'requirement': {
      const requirement = result.requirement;
      return (
        <>
          {requirement.replacementPlanRequired ? (
            <p>
              Replace at <strong>{ratioText(requirement)}</strong>:{' '}
              <strong>{acresText(requirement.replacementAcres)}</strong>
              {requirement.maxReplacementAcres !== requirement.replacementAcres &&
                ` (up to ${acresText(requirement.maxReplacementAcres)})`}
              , by {requirement.restorationOnly ? 'restoration only' : 'restoration or creation'}.
            </p>
          ) : (
            <p>
              No replacement plan is required if the project meets the listed conditions. The road authority
              buys nothing:{' '}
              <strong>
                {requirement.replacedBy === 'mndot'
                  ? 'MnDOT replaces the wetlands'
                  : requirement.replacedBy === 'board'
                    ? 'the board replaces the wetlands'
                    : 'the board replaces the wetlands (MnDOT on state roads)'}
              </strong>
              ; the options are where that replacement could be sited.
            </p>
          )}
          <ul className="hearing-reasons">
            {requirement.reasons.map((reason) => (
              <li key={`${reason.cite}:${reason.text}`}>
                {reason.text} <Citation cite={reason.cite} />
              </li>
            ))}
          </ul>
        </>
      );
    }
    case 'level-1':
    case 'level-2':
    case 'level-3':
    case 'level-4': {
      const level = Number(step.key.slice(-1));
      const rule = rulesetOf(result).priorityLevels.find((item) => item.level === level);
      const here = candidatesAtLevel(result, level);
      return (
        <>
          <p>
            {rule?.label ?? `Level ${level}`} as the impact{' '}
            <Citation cite={rule?.cite ?? '103G.222 subd. 3(a)'} />:{' '}
            <strong>
              {here.length === 0 ? 'no option' : here.length === 1 ? '1 option' : `${here.length} options`}
            </strong>{' '}
            at this level.
          </p>
          {here.length > 0 && <OptionList candidates={here.slice(0, TOP_OPTIONS)} results={results} />}
          {here.length > TOP_OPTIONS && <p>… and {here.length - TOP_OPTIONS} more on the map.</p>}
          {level === 3 && (
            <HearingCredits
              candidates={results.scenario?.candidates ?? []}
              area={result.impact.units.bankServiceArea ?? null}
            />
          )}
        </>
      );
    }
    case 'candidates': {
      const ladders = rankingLadders(result);
      return (
        <>
          <p>
            {result.candidates.length} candidates: {ladderCounts(result.candidates)}. Two ladders side by side{' '}
            <Citation cite="103G.222 subd. 3(c)" />, each in the statute's order. A dashed line runs from the
            impact to each one; the map leaves off a distance label that would overlap another, and every
            distance is in this list:
          </p>
          {ladders.map((ladder) => {
            const top = ladder.candidates.filter((candidate) => candidate.status !== 'ineligible');
            const shown = ladder.key === 'cannot-sell' ? ladder.candidates : top;
            return (
              <section key={ladder.key} aria-label={ladder.title}>
                <h2>
                  {ladder.title}: {shown.length === 0 ? 'none' : shown.length}
                </h2>
                {shown.length > 0 && (
                  <OptionList candidates={shown.slice(0, TOP_OPTIONS)} results={results} />
                )}
              </section>
            );
          })}
        </>
      );
    }
    case 'losses':
      // The map shows the losses-and-replacements layer at this step (useFlowOverlays).
      return <LossesAndReplacements major={place.majorWatershed ?? null} />;
    case 'chosen': {
      const chosen = chosenCandidate(result, selectedId);
      if (!chosen) return <p>No candidate may serve this impact.</p>;
      return (
        <>
          <p>
            <strong>{results.info.get(chosen.id)?.name || chosen.id}</strong>
            {chosen.id === selectedId ? ' (the option selected)' : ' (the best-ranked option)'}:{' '}
            {markerOf(chosen).label}, {distanceText(chosen)}.
          </p>
          <ul className="hearing-reasons">
            {chosen.reasons.slice(0, 4).map((reason) => (
              <li key={`${reason.cite}:${reason.text}`}>
                {reason.text} <Citation cite={reason.cite} />
              </li>
            ))}
          </ul>
        </>
      );
    }
  }
}
