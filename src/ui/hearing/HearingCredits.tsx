/**
 * The bank step's credits (issue 21, item 4): for the impact's bank service area, the credits the
 * loaded listings give by approval (WCA only, Section 404 only, both — never added together), each
 * with its as-of date, and the notice that BWSR must confirm them. With no listing loaded it says
 * so in plain words: no figure is ever made up.
 */
import type { CreditPool } from '../../formats/credits/creditsFile';
import { type Candidate, CONFIRM_WITH_BWSR } from '../../siting';
import { creditSupply } from '../credits/creditSupply';
import { Citation } from '../ranking/Citation';

const amountText = (available: number, unit: 'acres' | 'credits') =>
  `${Number((Math.round(available * 10_000) / 10_000).toFixed(4)).toLocaleString('en-US')} ${unit}`;

export function HearingCredits({
  candidates,
  area,
}: {
  candidates: readonly Candidate[];
  area: number | null;
}) {
  if (area === null) return null;
  // A bank has pools (possibly none) once a listing or the build's credits are loaded.
  const bySite: Record<string, CreditPool[]> = {};
  for (const candidate of candidates)
    if (candidate.kind === 'bank' && candidate.creditPools) bySite[candidate.id] = [...candidate.creditPools];
  const loaded = Object.keys(bySite).length > 0;
  const rows = loaded ? creditSupply(candidates, bySite, [area]) : [];
  return (
    <section aria-label="Credits in the impact's bank service area" className="hearing-credits">
      {!loaded ? (
        <p>
          Credits are not loaded: no credit listing has been loaded into this tool, so it gives no figures for
          the banks of bank service area {area}. BWSR's Available Wetland Bank Credits Listing says which
          banks have credits for sale.
        </p>
      ) : rows.length === 0 ? (
        <p>The loaded credit listings give no credits available in bank service area {area}.</p>
      ) : (
        <>
          <p>Credits listed as available in bank service area {area}, by approval:</p>
          <ul className="hearing-options">
            {rows.map((row) => (
              <li key={`${row.approval}|${row.type}|${row.unit}`}>
                <strong>{row.approval}</strong>: {amountText(row.available, row.unit)} of {row.type} (
                {row.banks === 1 ? '1 bank' : `${row.banks} banks`}),{' '}
                {row.oldestAsOf ? `as of ${row.oldestAsOf}` : 'as-of date unknown'}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        Availability must be confirmed with BWSR before the replacement plan is approved{' '}
        <Citation cite={CONFIRM_WITH_BWSR.cite} />.
      </p>
    </section>
  );
}
