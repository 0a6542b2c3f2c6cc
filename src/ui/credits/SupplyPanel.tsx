/**
 * The credit supply of the impact's bank service area and its neighbours: the loaded listings'
 * pools added by approval, type and unit, and the RIBITS ledgers' withdrawals per year beside them.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Manifest } from '../../formats/manifest';
import type { SitingResults } from '../ranking/useSitingResults';
import { bsaNeighbours } from './bsaNeighbours';
import type { CreditPools } from './creditPoolsOf';
import { creditSupply } from './creditSupply';
import { LedgerSupply } from './LedgerSupply';
import { ledgerSupplyView } from './ledgerSupplyView';
import { type LedgersAnswer, loadLedgers } from './loadLedgers';

export function SupplyPanel({
  results,
  bySite,
  manifest,
  baseUrl,
}: {
  results: SitingResults;
  bySite: CreditPools['bySite'] | null;
  manifest: Manifest | null;
  baseUrl: string;
}) {
  const area = results.result?.impact.units.bankServiceArea ?? null;
  const [neighbours, setNeighbours] = useState<number[] | null>(null);
  useEffect(() => {
    if (!manifest || area === null) return;
    let live = true;
    void bsaNeighbours(manifest, baseUrl).then((found) => live && setNeighbours(found.get(area) ?? []));
    return () => {
      live = false;
    };
  }, [manifest, baseUrl, area]);
  const areas = useMemo(() => (area === null ? [] : [area, ...(neighbours ?? [])]), [area, neighbours]);
  const rows = useMemo(
    () => (bySite && results.scenario ? creditSupply(results.scenario.candidates, bySite, areas) : []),
    [bySite, results.scenario, areas],
  );
  const [ledgers, setLedgers] = useState<LedgersAnswer | null>(null);
  useEffect(() => {
    if (!manifest) return;
    let live = true;
    void loadLedgers(baseUrl, manifest.bankRecords ?? null).then((answer) => live && setLedgers(answer));
    return () => {
      live = false;
    };
  }, [manifest, baseUrl]);
  const ledgerView = useMemo(
    () =>
      ledgers?.kind === 'loaded' && results.scenario
        ? ledgerSupplyView(results.scenario.candidates, bySite, ledgers.loaded, areas)
        : null,
    [ledgers, bySite, results.scenario, areas],
  );
  if (area === null) return null;
  return (
    <section aria-label="Credit supply near the impact">
      <h3>Credit supply: bank service area {area} and its neighbours</h3>
      <p className="hint">
        Neighbours: {neighbours === null ? '…' : neighbours.length ? neighbours.join(', ') : 'none known'}.
        Pools of one approval, type and unit added over the area’s banks; different approvals, types and units
        are never added.
      </p>
      {bySite === null ? (
        <p>Credits not loaded: no supply figures.</p>
      ) : rows.length === 0 ? (
        <p>No credits listed for these bank service areas.</p>
      ) : (
        <table>
          <caption className="visually-hidden">
            Credits available by bank service area, approval and type
          </caption>
          <thead>
            <tr>
              <th scope="col">BSA</th>
              <th scope="col">Approval</th>
              <th scope="col">Type</th>
              <th scope="col">Available</th>
              <th scope="col">Banks</th>
              <th scope="col">Oldest as of</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.bankServiceArea}-${row.approval}-${row.type}-${row.unit}`}>
                <td>{row.bankServiceArea}</td>
                <td>{row.approval}</td>
                <td>{row.type}</td>
                <td>
                  {Math.round(row.available * 10_000) / 10_000} {row.unit}
                </td>
                <td>{row.banks}</td>
                <td>{row.oldestAsOf ?? 'unknown'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <LedgerSupply answer={ledgers} view={ledgerView} />
    </section>
  );
}
