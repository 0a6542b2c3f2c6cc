/** Withdrawals per year and years of supply, per bank and per area, from the RIBITS ledgers the build holds. */
import { ledgerFigure, type ledgerSupplyView } from './ledgerSupplyView';
import type { LedgersAnswer } from './loadLedgers';

export function LedgerSupply({
  answer,
  view,
}: {
  answer: LedgersAnswer | null;
  view: ReturnType<typeof ledgerSupplyView> | null;
}) {
  if (answer === null) return <p role="status">Reading the RIBITS ledgers…</p>;
  if (answer.kind === 'none') return <p>{answer.why}</p>;
  if (view === null) return null;
  return (
    <section aria-label="Withdrawals per year and years of supply">
      <h4>Withdrawals per year and years of supply</h4>
      <p className="hint">
        {view.label}. Only ledger entries whose type is a withdrawal count; each jurisdiction apart; years of
        supply = available credits (RIBITS Credit Classification report, same jurisdiction) ÷ credits
        withdrawn per year.
      </p>
      {view.banks.length === 0 ? (
        <p>No bank of these bank service areas has a RIBITS ledger.</p>
      ) : (
        <table>
          <caption className="visually-hidden">Withdrawals per year and years of supply, by bank</caption>
          <thead>
            <tr>
              <th scope="col">BSA</th>
              <th scope="col">Bank</th>
              <th scope="col">Jurisdiction</th>
              <th scope="col">Withdrawn per year</th>
              <th scope="col">Available</th>
              <th scope="col">Years of supply</th>
              <th scope="col">Window</th>
            </tr>
          </thead>
          <tbody>
            {view.areas.map((row) => (
              <tr key={`area-${row.bankServiceArea}-${row.jurisdiction}`}>
                <td>{row.bankServiceArea}</td>
                <td>
                  Area total: {row.banks} of {row.banks + row.banksLeftOut} bank(s) with a ledger have both a
                  rate and an available figure
                </td>
                <td>{row.jurisdiction}</td>
                <td>{row.banks ? `${ledgerFigure(row.perYear)} credits` : '—'}</td>
                <td>{row.banks ? `${ledgerFigure(row.available)} credits` : '—'}</td>
                <td>
                  {row.yearsOfSupply === null ? `none: ${row.reason}` : ledgerFigure(row.yearsOfSupply)}
                </td>
                <td>as stated above</td>
              </tr>
            ))}
            {view.banks.flatMap((bank) =>
              bank.rows.length === 0
                ? [
                    <tr key={bank.siteId}>
                      <td>{bank.bankServiceArea}</td>
                      <td>{bank.name}</td>
                      <td colSpan={5}>{bank.reason}</td>
                    </tr>,
                  ]
                : bank.rows.map((row) => (
                    <tr key={`${bank.siteId}-${row.jurisdiction}`}>
                      <td>{bank.bankServiceArea}</td>
                      <td>{bank.name}</td>
                      <td>{row.jurisdiction}</td>
                      <td>
                        {ledgerFigure(row.perYear)} credits ({row.withdrawals} withdrawal
                        {row.withdrawals === 1 ? '' : 's'})
                      </td>
                      <td>
                        {row.available === null ? '—' : `${ledgerFigure(row.available)} credits`}
                        {row.availableAsOf ? ` as of ${row.availableAsOf}` : ''}
                      </td>
                      <td>
                        {row.yearsOfSupply === null ? `none: ${row.reason}` : ledgerFigure(row.yearsOfSupply)}
                      </td>
                      <td>
                        {bank.window?.from} to {bank.window?.to}
                        {bank.skipped.length ? `; ${bank.skipped.length} entries unreadable, left out` : ''}
                      </td>
                    </tr>
                  )),
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
