/** The report's sequencing record: what the applicant wrote, and who may decide sequencing on site. */
import type { RankResult } from '../../siting';
import { type ImpactInputs, SEQUENCING_STEPS } from '../../store/inputs';
import { SEQUENCING_LABELS } from '../location/SequencingRecord';
import { Citation } from '../ranking/Citation';

export function ReportSequencing({ impact, result }: { impact: ImpactInputs; result: RankResult | null }) {
  const sequencing = SEQUENCING_STEPS.filter((step) => impact.sequencing[step].trim() !== '');
  return (
    <section aria-label="Sequencing record">
      <h2>Sequencing record</h2>
      {sequencing.length === 0 ? (
        <p>Not filled in (what was considered to avoid, minimize, rectify, reduce).</p>
      ) : (
        <dl>
          {sequencing.map((step) => (
            <div key={step} style={{ display: 'contents' }}>
              <dt>{SEQUENCING_LABELS[step].split(':')[0]}</dt>
              <dd>{impact.sequencing[step]}</dd>
            </div>
          ))}
        </dl>
      )}
      {result && (
        <p>
          {result.requirement.impactSquareFeet.toLocaleString('en-US')} sq ft:{' '}
          {result.requirement.onSiteSequencing === 'available'
            ? 'the LGU may decide sequencing on site.'
            : result.requirement.onSiteSequencing === 'available-if-minimum-share'
              ? 'on-site sequencing is available if the panel counts the partially drained area at 50 percent.'
              : result.requirement.onSiteSequencing === 'not-applicable'
                ? result.requirement.restorationOnly
                  ? 'a cultivated field is replaced without regard to the sequencing of subd. 1(b).'
                  : 'no replacement plan application, so no sequencing determination by the LGU.'
                : 'on-site sequencing depends on the de minimis amount.'}{' '}
          <Citation
            cite={
              result.requirement.onSiteSequencing !== 'not-applicable'
                ? '103G.222 subd. 1(b)'
                : result.requirement.restorationOnly
                  ? '103G.222 subd. 1(c)'
                  : '103G.222 subd. 1(m)'
            }
          />
        </p>
      )}
    </section>
  );
}
