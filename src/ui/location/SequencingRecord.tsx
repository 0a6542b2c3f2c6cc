/**
 * The sequencing record (103G.222 subd. 1(b)): what was considered to avoid, minimize, rectify
 * and reduce the impact over time before compensating. The application documents it
 * (Minn. R. 8420.0330 subp. 3 A(7)); the page keeps it in the scenario and prints it in the report.
 */
import { MAX_SEQUENCING_TEXT, type SequencingRecord as Record, SEQUENCING_STEPS } from '../../store/inputs';
import { useSitingStore } from '../../store/sitingStore';
import { Citation } from '../ranking/Citation';

export const SEQUENCING_LABELS: { [step in keyof Record]: string } = {
  avoid: 'Avoid: how the impact was avoided, or why it cannot be',
  minimize: 'Minimize: how the degree or magnitude of the impact was limited',
  rectify: 'Rectify: repairing, rehabilitating or restoring the affected wetland',
  reduce: 'Reduce over time: preservation and maintenance during the life of the activity',
};

export function SequencingRecord() {
  const impact = useSitingStore((state) => state.impact);
  const updateImpact = useSitingStore((state) => state.updateImpact);
  return (
    <section className="card" aria-labelledby="sequencing-heading">
      <h2 id="sequencing-heading">Sequencing record</h2>
      <p className="hint">
        Before replacement, the applicant shows what was considered at each step, in this order.{' '}
        <Citation cite="103G.222 subd. 1(b)" /> <Citation cite="Minn. R. 8420.0330 subp. 3 A(7)" />
      </p>
      <form className="details-form" onSubmit={(event) => event.preventDefault()}>
        {SEQUENCING_STEPS.map((step) => (
          <div key={step} className="sequencing-step">
            <label htmlFor={`sequencing-${step}`}>{SEQUENCING_LABELS[step]}</label>
            <textarea
              id={`sequencing-${step}`}
              rows={2}
              maxLength={MAX_SEQUENCING_TEXT}
              value={impact.sequencing[step]}
              onChange={(event) =>
                updateImpact({ sequencing: { ...impact.sequencing, [step]: event.target.value } })
              }
            />
          </div>
        ))}
      </form>
    </section>
  );
}
