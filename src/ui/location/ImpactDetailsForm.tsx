/**
 * The impact details a replacement plan turns on, and the requirement that follows from them
 * (subd. 1(c), 1(f), 1(g), 1(m), 1(n)), updated as they change.
 */
import { LAND_USES, PROJECT_TYPES, type Requirement, WETLAND_TYPES, type WetlandType } from '../../siting';
import { useSitingStore } from '../../store/sitingStore';
import { Citation } from '../ranking/Citation';
import { ratioText } from '../ranking/ratioText';

const PROJECT_LABELS = {
  general: 'General',
  'public-transportation': 'Public transportation',
  mining: 'Mining (permit to mine)',
  'road-repair': 'Road repair or rehabilitation',
} as const;

const LAND_LABELS = { agricultural: 'Agricultural land', nonagricultural: 'Nonagricultural land' } as const;

const formatAcres = (acres: number) => `${Number(acres.toFixed(3)).toLocaleString('en-US')} acres`;

/** Circular 39 wetland types by name (Shaw and Fredine 1956). */
export const WETLAND_TYPE_NAMES: Record<WetlandType, string> = {
  '1': 'Type 1 · seasonally flooded basin',
  '2': 'Type 2 · wet meadow',
  '3': 'Type 3 · shallow marsh',
  '4': 'Type 4 · deep marsh',
  '5': 'Type 5 · shallow open water',
  '6': 'Type 6 · shrub swamp',
  '7': 'Type 7 · wooded swamp',
  '8': 'Type 8 · bog',
};

const REPLACER_TEXT = {
  applicant: 'The applicant',
  board: 'The Board of Water and Soil Resources',
  mndot: 'The Department of Transportation (MnDOT)',
  'board-or-mndot': 'The Board of Water and Soil Resources; MnDOT on state roads',
} as const;

export function ImpactDetailsForm({ requirement }: { requirement: Requirement | null }) {
  const impact = useSitingStore((state) => state.impact);
  const updateImpact = useSitingStore((state) => state.updateImpact);

  return (
    <section className="card" aria-labelledby="details-heading">
      <h2 id="details-heading">Impact details</h2>
      <form className="details-form" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="impact-acres">Wetland acres drained or filled</label>
        <input
          id="impact-acres"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          value={Number.isFinite(impact.acres) ? impact.acres : ''}
          onChange={(event) => {
            const acres = Number(event.target.value);
            if (event.target.value !== '' && Number.isFinite(acres) && acres >= 0) updateImpact({ acres });
          }}
        />
        <fieldset>
          <legend>Land the wetland lies on</legend>
          {LAND_USES.map((land) => (
            <label key={land} className="inline">
              <input
                type="radio"
                name="impact-land"
                value={land}
                checked={impact.land === land}
                // A cultivated field is agricultural land (subd. 1(c), 1(g)).
                disabled={land === 'nonagricultural' && impact.cultivatedField}
                aria-describedby={impact.cultivatedField ? 'cultivated-land-note' : undefined}
                onChange={() => updateImpact({ land })}
              />
              {LAND_LABELS[land]}
            </label>
          ))}
          {impact.cultivatedField && (
            <p id="cultivated-land-note" className="hint">
              A cultivated field is agricultural land, so nonagricultural land cannot be chosen while the
              wetland is in a cultivated field. <Citation cite="103G.222 subd. 1(c)" />
            </p>
          )}
        </fieldset>
        <label htmlFor="impact-partial">Wetland acres partially drained (not counted above)</label>
        <input
          id="impact-partial"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          aria-describedby="impact-partial-hint"
          value={impact.partiallyDrainedAcres}
          onChange={(event) => {
            const acres = Number(event.target.value);
            if (event.target.value === '') updateImpact({ partiallyDrainedAcres: 0 });
            else if (Number.isFinite(acres) && acres >= 0) updateImpact({ partiallyDrainedAcres: acres });
          }}
        />
        <p id="impact-partial-hint" className="hint">
          Counted at 50 percent at least, more if the technical evaluation panel's assessment says so.{' '}
          <Citation cite="Minn. R. 8420.0522 subp. 2" />
        </p>
        <label htmlFor="impact-type">Wetland type (Circular 39)</label>
        <select
          id="impact-type"
          value={impact.wetlandType ?? ''}
          onChange={(event) =>
            updateImpact({
              wetlandType: event.target.value === '' ? null : (event.target.value as WetlandType),
            })
          }
        >
          <option value="">Not given</option>
          {WETLAND_TYPES.map((type) => (
            <option key={type} value={type}>
              {WETLAND_TYPE_NAMES[type]}
            </option>
          ))}
        </select>
        <label htmlFor="impact-project">Project type</label>
        <select
          id="impact-project"
          value={impact.project}
          onChange={(event) =>
            updateImpact({ project: event.target.value as (typeof PROJECT_TYPES)[number] })
          }
        >
          {PROJECT_TYPES.map((project) => (
            <option key={project} value={project}>
              {PROJECT_LABELS[project]}
            </option>
          ))}
        </select>
        {impact.project === 'road-repair' && (
          <label className="inline">
            <input
              type="checkbox"
              checked={impact.stateRoad === true}
              onChange={(event) => updateImpact({ stateRoad: event.target.checked })}
            />
            State road (MnDOT replaces the wetlands; otherwise the board does)
          </label>
        )}
        <label className="inline">
          <input
            type="checkbox"
            checked={impact.cultivatedField}
            // Checking it makes the land agricultural: a cultivated field is agricultural land.
            onChange={(event) =>
              updateImpact(
                event.target.checked
                  ? { cultivatedField: true, land: 'agricultural' }
                  : { cultivatedField: false },
              )
            }
          />
          Wetland is in a cultivated field (agricultural land)
        </label>
        <label className="inline">
          <input
            type="checkbox"
            checked={impact.afterTheFact}
            onChange={(event) => updateImpact({ afterTheFact: event.target.checked })}
          />
          After-the-fact replacement plan (the wetland is already affected)
        </label>
      </form>
      {requirement && (
        <section className="requirement" aria-labelledby="requirement-heading">
          <h3 id="requirement-heading">Requirement</h3>
          {requirement.replacementPlanRequired ? (
            <dl>
              <dt>Replacement ratio</dt>
              <dd>
                {ratioText(requirement)}
                {requirement.maxRatio !== requirement.ratio &&
                  ` (the LGU may require up to ${requirement.maxRatio}:1)`}
              </dd>
              <dt>Acres to replace</dt>
              <dd>
                {formatAcres(requirement.replacementAcres)}
                {requirement.maxReplacementAcres !== requirement.replacementAcres &&
                  ` (up to ${formatAcres(requirement.maxReplacementAcres)})`}
              </dd>
              <dt>Method</dt>
              <dd>{requirement.restorationOnly ? 'Restoration only' : 'Restoration or creation'}</dd>
              {requirement.impactAcres !== impact.acres && (
                <>
                  <dt>Impact counted</dt>
                  <dd>{formatAcres(requirement.impactAcres)} (with partially drained acres)</dd>
                </>
              )}
              <dt>Sequencing on site</dt>
              <dd>
                {requirement.onSiteSequencing === 'available'
                  ? 'The LGU may decide sequencing on site, without a written alternatives analysis'
                  : requirement.onSiteSequencing === 'available-if-minimum-share'
                    ? 'Available if the panel counts the partially drained area at 50 percent'
                    : requirement.onSiteSequencing === 'not-applicable'
                      ? 'Not asked: a cultivated field is replaced without regard to the sequencing of subd. 1(b)'
                      : 'Depends on the de minimis amount for the place (not encoded)'}
              </dd>
            </dl>
          ) : (
            <p>
              <strong>No replacement plan required</strong> if the project meets the listed conditions.{' '}
              <strong>{REPLACER_TEXT[requirement.replacedBy]} replaces the wetlands</strong>; the road
              authority buys nothing, and the options listed are where that replacement could be sited.
            </p>
          )}
          <ul className="reasons">
            {requirement.reasons.map((reason) => (
              <li key={`${reason.cite}:${reason.text}`}>
                {reason.text} <Citation cite={reason.cite} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
