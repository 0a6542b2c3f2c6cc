/**
 * What a drawn impact area measures: acres and square feet, the point the ranking uses and,
 * where it crosses units, the area in each. Loaded with polygon clipping once an area is drawn.
 */
import { useEffect, useMemo } from 'react';
import { useSitingStore } from '../../store/sitingStore';
import { measureImpactArea, type SplitLayer } from './impactArea';

const formatNumber = (value: number, digits: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });

export function ImpactAreaSummary({
  polygon,
  layers,
  acres,
}: {
  polygon: [number, number][];
  layers: readonly SplitLayer[];
  acres: number;
}) {
  const measured = useMemo(() => measureImpactArea(polygon, layers), [polygon, layers]);
  // The full-resolution units around a new drawing arrive after it is finished, so the ranking
  // may have started from a fallback point: it moves to the point this summary names.
  const location = useSitingStore((state) => state.impact.location);
  useEffect(() => {
    const point = measured.rankingPoint?.point;
    if (!point || (location && location[0] === point[0] && location[1] === point[1])) return;
    useSitingStore.getState().setImpactPolygon(polygon, point);
  }, [measured, polygon, location]);
  return (
    <section className="area-summary" aria-label="Impact area">
      <h3>Impact area</h3>
      <p>
        {formatNumber(measured.acres, 3)} acres ({formatNumber(measured.squareFeet, 0)} square feet).
      </p>
      {Math.abs(acres - Number(measured.acres.toFixed(3))) < 0.001 ? (
        <p className="hint">The acres field below is set to this area.</p>
      ) : (
        <div className="note">
          <p>
            The acres field below says {formatNumber(acres, 3)}; the drawn area is{' '}
            {formatNumber(measured.acres, 3)} acres. The requirement uses the acres field.
          </p>
          <button
            type="button"
            onClick={() =>
              useSitingStore.getState().updateImpact({ acres: Number(measured.acres.toFixed(3)) })
            }
          >
            Use {formatNumber(measured.acres, 3)} acres
          </button>
        </div>
      )}
      {measured.rankingPoint && (
        <p className="hint">
          The ranking uses the point {measured.rankingPoint.point[1].toFixed(5)},{' '}
          {measured.rankingPoint.point[0].toFixed(5)}: inside {measured.rankingPoint.layer.toLowerCase()}{' '}
          {measured.rankingPoint.unit.id}, which holds {Math.round(measured.rankingPoint.share * 100)} % of
          the area{measured.crossings.length > 0 ? ', the most of any unit it crosses' : ''}.
        </p>
      )}
      {measured.crossings.map((crossing) => (
        <table key={crossing.layer} aria-label={`Impact area by ${crossing.layer}`}>
          <caption>
            Crosses {crossing.shares.length} {crossing.layer.toLowerCase()}
          </caption>
          <thead>
            <tr>
              <th scope="col">Unit</th>
              <th scope="col">Acres</th>
            </tr>
          </thead>
          <tbody>
            {crossing.shares.map((share) => (
              <tr key={share.id}>
                <td>
                  {share.id} — {share.name}
                </td>
                <td>{formatNumber(share.acres, 3)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      <button
        type="button"
        onClick={() =>
          useSitingStore.getState().setImpactPolygon(null, useSitingStore.getState().impact.location)
        }
      >
        Remove the drawn area
      </button>
    </section>
  );
}
