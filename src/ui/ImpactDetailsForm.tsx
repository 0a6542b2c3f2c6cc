/**
 * The impact details a replacement plan turns on, and the requirement that follows from them
 * (subd. 1(c), 1(f), 1(g), 1(m), 1(n)), updated as they change.
 */
import { LAND_USES, PROJECT_TYPES, type Requirement } from '../siting';
import { useSitingStore } from '../store/sitingStore';
import { Citation } from './Citation';

const PROJECT_LABELS = {
  general: 'General',
  'public-transportation': 'Public transportation',
  mining: 'Mining (permit to mine)',
  'road-repair': 'Road repair or rehabilitation',
} as const;

const LAND_LABELS = { agricultural: 'Agricultural land', nonagricultural: 'Nonagricultural land' } as const;

const formatAcres = (acres: number) => `${Number(acres.toFixed(3)).toLocaleString('en-US')} acres`;

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
                onChange={() => updateImpact({ land })}
              />
              {LAND_LABELS[land]}
            </label>
          ))}
        </fieldset>
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
        <label className="inline">
          <input
            type="checkbox"
            checked={impact.cultivatedField}
            onChange={(event) => updateImpact({ cultivatedField: event.target.checked })}
          />
          Wetland is in a cultivated field
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
                {requirement.ratio}:1
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
            </dl>
          ) : (
            <p>
              <strong>No replacement plan required</strong> if the project meets the listed conditions.
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
