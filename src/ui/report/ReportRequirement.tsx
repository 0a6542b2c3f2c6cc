/** The report's requirement: the impact in a line, the ratio and acres to replace, and the cited reasons. */
import type { RankResult } from '../../siting';
import type { ImpactInputs } from '../../store/inputs';
import { WETLAND_TYPE_NAMES } from '../location/ImpactDetailsForm';
import { Citation } from '../ranking/Citation';
import { ratioText } from '../ranking/ratioText';

/**
 * Requirement reasons the one page lists: sequencing has its own section, and the wetland type
 * and credit unit notes are in the table's reasons and the page, not repeated here.
 */
function inRequirementList(reason: { cite: string }): boolean {
  return (
    reason.cite !== '103G.222 subd. 1(b)' &&
    reason.cite !== 'Minn. R. 8420.0330 subp. 3 A(1)' &&
    reason.cite !== 'Minn. R. 8420.0526 subp. 1 B' &&
    reason.cite !== 'Minn. R. 8420.0526 subp. 2 A'
  );
}

const acresText = (acres: number) =>
  `${Number(acres.toFixed(3)).toLocaleString('en-US')} ${acres === 1 ? 'acre' : 'acres'}`;

export function ReportRequirement({ impact, result }: { impact: ImpactInputs; result: RankResult }) {
  return (
    <>
      <h2>Requirement</h2>
      <p>
        {acresText(impact.acres)} on {impact.land} land, {impact.project} project
        {impact.cultivatedField ? ', cultivated field' : ''}
        {impact.afterTheFact ? ', after the fact' : ''}
        {impact.wetlandType
          ? `; wetland ${WETLAND_TYPE_NAMES[impact.wetlandType]} (Circular 39)`
          : '; wetland type not given (Circular 39)'}
        {impact.partiallyDrainedAcres > 0 && (
          <>
            ; and {acresText(impact.partiallyDrainedAcres)} partially drained, counted at 50 percent at least:{' '}
            {acresText(result.requirement.impactAcres)} of impact{' '}
            <Citation cite="Minn. R. 8420.0522 subp. 2" />
          </>
        )}
        .
      </p>
      {result.requirement.replacementPlanRequired ? (
        <p>
          Ratio <strong>{ratioText(result.requirement)}</strong>
          {result.requirement.maxRatio !== result.requirement.ratio &&
            ` (up to ${result.requirement.maxRatio}:1)`}
          ; replace <strong>{acresText(result.requirement.replacementAcres)}</strong>;{' '}
          {result.requirement.restorationOnly ? 'restoration only' : 'restoration or creation'}.
        </p>
      ) : (
        <p>
          No replacement plan required if the project meets the listed conditions; the road authority buys
          nothing:{' '}
          <strong>
            {result.requirement.replacedBy === 'mndot'
              ? 'MnDOT'
              : result.requirement.replacedBy === 'board'
                ? 'the board'
                : 'the board (MnDOT on state roads)'}{' '}
            replaces the wetlands
          </strong>
          , and the options below are that replacement's siting.
        </p>
      )}
      <ul>
        {result.requirement.reasons.filter(inRequirementList).map((reason) => (
          <li key={`${reason.cite}:${reason.text}`}>
            {reason.text} <Citation cite={reason.cite} />
          </li>
        ))}
      </ul>
    </>
  );
}
