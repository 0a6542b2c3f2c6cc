/**
 * The filled-in withdrawal application as one printable Letter page (issue 37): every field the
 * explorer knows, each with its source and as-of date; the fields it cannot know as blanks typed
 * in the page or left to fill by hand; the withdrawal rows, the total and any shortfall; every
 * warning. Field names follow BWSR's form (APPLICATION_FORM).
 */
import type { ReactNode } from 'react';
import type { LguPlace } from '../../geo/lguPlaceAt';
import { countyName } from '../../siting/countyNames';
import { roundAcres } from '../../siting/roundForDisplay';
import type { WithdrawalApplication } from '../../siting/withdrawalApplication';
import { PLAN_APPROVAL_WORDS, PLAN_APPROVALS } from '../../siting/withdrawalPools';
import type { ApplicationTextField } from '../../store/applicationDraft';
import { Citation } from '../ranking/Citation';
import { useApplicationStore } from './applicationStore';

const figure = (n: number | null) => (n === null ? '' : String(roundAcres(n)));

function Typed({
  field,
  label,
  wide = false,
}: {
  field: ApplicationTextField;
  label: string;
  wide?: boolean;
}) {
  const value = useApplicationStore((s) => s.draft.text[field]);
  const id = `application-${field}`;
  return (
    <div className={wide ? 'af-field af-wide' : 'af-field'}>
      <label htmlFor={id}>{label}:</label>
      <input
        id={id}
        value={value}
        maxLength={500}
        autoComplete="off"
        onChange={(event) => useApplicationStore.getState().setText(field, event.target.value)}
      />
    </div>
  );
}

function Known({ label, value, source }: { label: string; value: ReactNode; source: string }) {
  return (
    <div className="af-field af-known">
      <span className="af-label">{label}:</span>{' '}
      <strong>{value === '' || value === null ? '—' : value}</strong>
      <span className="af-source"> {source}</span>
    </div>
  );
}

const Blank = ({ label }: { label: string }) => (
  <div className="af-field af-blank">
    <span className="af-label">{label}:</span> <span className="af-line" />
  </div>
);

const unitsNote = (demonstration: boolean, asOf: string) =>
  `(located, build of ${asOf}${demonstration ? ', demonstration' : ''})`;

export interface ApplicationFormProps {
  app: WithdrawalApplication;
  lgu: LguPlace | string | null;
  accountNotes: { numberNote: string; ownerNote: string } | null;
  buildDate: string;
  today: string;
}

export function ApplicationForm({ app, lgu, accountNotes, buildDate, today }: ApplicationFormProps) {
  const where = unitsNote(app.demonstration, buildDate);
  const listingDates = app.asOf.listings.join(', ') || 'none';
  return (
    <article className="application-page" aria-labelledby="application-title">
      {app.demonstration && (
        <p className="af-demo">Demonstration geography — not official. Not for submission.</p>
      )}
      <header className="af-head">
        <h2 id="application-title" tabIndex={-1}>
          {app.form.name}
        </h2>
        <p>
          Filled in by the Minnesota wetland replacement siting explorer on {today} from its ranking; field
          names as in {app.form.revision} ({app.form.url}). A screening aid: the board's account, not this
          page, is the record.
        </p>
      </header>
      <section aria-label="1. Applicant information">
        <h3>1. Applicant information</h3>
        <div className="af-grid">
          <Typed field="applicantName" label="Name" />
          <Typed field="applicantOrganization" label="Organization (if applicable)" />
          <Typed field="applicantStreet" label="Street Address" />
          <Typed field="applicantPhone" label="Phone" />
          <Typed field="applicantCityStateZip" label="City, State, Zip" />
          <Typed field="applicantEmail" label="E-Mail Address" />
        </div>
      </section>
      <section aria-label="2. Project information">
        <h3>2. Project information</h3>
        <div className="af-grid">
          <Typed field="projectName" label="Project Name" />
          <Known label="Bank Service Area" value={app.impact.bankServiceArea} source={where} />
          <Known label="County" value={countyName(app.impact.county) ?? app.impact.county} source={where} />
          <Known label="Major Watershed #" value={app.impact.majorWatershed} source={where} />
          <Known
            label="Wetland Impact Size (ac.)"
            value={figure(app.impact.impactAcres)}
            source="(the impact as entered)"
          />
          <Known
            label="Replacement Credits Required"
            value={figure(app.impact.creditsRequired)}
            source="(the ranking's requirement, 103G.222 subd. 1)"
          />
        </div>
        <p className="af-approval">
          Approval the withdrawal rests on:{' '}
          {PLAN_APPROVALS.map((plan) => (
            <span key={plan}>{`${plan === app.plan ? '☒' : '☐'} ${PLAN_APPROVAL_WORDS[plan]}  `}</span>
          ))}
          <span>☐ USDA program decision (BWSR's agricultural form)</span>
        </p>
        <div className="af-grid">
          <Typed field="decisionNumber" label="Decision or permit number" />
          <Typed field="decisionDate" label="Decision date" />
          <Typed field="projectPurpose" label="Project Purpose and Description" wide />
        </div>
        <h4>Seller</h4>
        <div className="af-grid">
          <Known
            label="Number of Wetland Credits to Use"
            value={figure(app.creditsWithdrawn)}
            source="(section 4)"
          />
          <Known
            label="Account Number"
            value={app.account.number}
            source={accountNotes?.numberNote ?? '(reading the bank records…)'}
          />
          <Known label="Account Owner" value={app.account.owner} source={accountNotes?.ownerNote ?? ''} />
          <Known label="County" value={countyName(app.account.county) ?? app.account.county} source={where} />
          <Known label="Bank Service Area" value={app.account.bankServiceArea} source={where} />
          <Known label="Major Watershed #" value={app.account.majorWatershed} source={where} />
        </div>
        <p className="af-bank">Bank: {app.account.bankName}</p>
      </section>
      <LguSection lgu={lgu} />
      <WithdrawalTable app={app} listingDates={listingDates} />
      <section aria-label="Warnings" className="af-warnings">
        <h3>Before submitting</h3>
        <ul>
          {app.warnings.map((warning) => (
            <li key={warning.text}>
              {warning.text} <Citation cite={warning.cite} />
            </li>
          ))}
          <li>
            {app.confirm.text} <Citation cite={app.confirm.cite} />
          </li>
        </ul>
        <p className="af-sources">Sources: {app.sources.join(' · ')}</p>
      </section>
    </article>
  );
}

function LguSection({ lgu }: { lgu: LguPlace | string | null }) {
  return (
    <section aria-label="3. Government entity approval">
      <h3>3. Government entity approval</h3>
      <div className="af-grid">
        <Typed field="lguName" label="WCA LGU" />
        <Typed field="lguRepresentative" label="LGU Representative" />
        <Typed field="lguAddress" label="LGU Address" wide />
      </div>
      <p className="af-lgu" role="note">
        {lgu === null ? 'Looking up where the impact lies…' : typeof lgu === 'string' ? lgu : lgu.words}
      </p>
      <div className="af-grid">
        <Blank label="Signature" />
        <Blank label="Date" />
      </div>
    </section>
  );
}

function WithdrawalTable({ app, listingDates }: { app: WithdrawalApplication; listingDates: string }) {
  return (
    <section aria-label="4. Withdrawal information">
      <h3>4. Withdrawal information (account {app.account.number ?? '—'})</h3>
      <table className="af-table" aria-label="Credits to be withdrawn">
        <thead>
          <tr>
            <th scope="col">Credit Subgroup Letter</th>
            <th scope="col">Plant Community Type</th>
            <th scope="col">Number of Credits to be Withdrawn</th>
            <th scope="col">Cost per Credit</th>
            <th scope="col">Approval · listing (as of)</th>
          </tr>
        </thead>
        <tbody>
          {app.withdrawals.map((w) => (
            <tr key={w.key}>
              <td>{w.subgroup ?? '—'}</td>
              <td>{[w.plantCommunity, w.circular39Type].filter(Boolean).join(' · ') || '—'}</td>
              <td>{figure(w.credits)}</td>
              <td>{w.costPerCredit === null ? '' : `$${w.costPerCredit.toLocaleString('en-US')}`}</td>
              <td>
                {w.approval} · {w.source} row {w.row} ({w.asOf ?? 'date not stated'})
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              TOTAL CREDITS
            </th>
            <td>{figure(app.creditsWithdrawn)}</td>
            <td colSpan={2}>
              Listings as of {listingDates}; fee from BWSR's fee schedule (not worked out here)
            </td>
          </tr>
        </tfoot>
      </table>
      {app.shortfallNote && (
        <p className="af-shortfall">
          Shortfall: {figure(app.shortfall)} acres. {app.shortfallNote.text}{' '}
          <Citation cite={app.shortfallNote.cite} />
        </p>
      )}
      <div className="af-grid">
        <Blank label="Seller signature" />
        <Blank label="Date" />
      </div>
    </section>
  );
}
