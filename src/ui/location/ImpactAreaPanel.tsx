/**
 * Drawing the impact as a polygon: click its corners on the map, then finish. Shows its area
 * in acres and square feet and, where it crosses units, the area in each.
 */
import pointOnFeature from '@turf/point-on-feature';
import { useMemo } from 'react';
import type { UnitIndex } from '../../geo/unitIndex';
import { defaultInputs } from '../../store/inputs';
import { useLayerStore } from '../../store/layerStore';
import { useSitingStore } from '../../store/sitingStore';
import { closeRing, measureImpactArea } from './impactArea';

/** The acres field's value before anyone types in it (defaultInputs in src/store/inputs.ts). */
const STARTING_ACRES = defaultInputs().impact.acres;

const formatNumber = (value: number, digits: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });

export interface ImpactAreaPanelProps {
  draft: [number, number][];
  setDraft: (draft: [number, number][]) => void;
  index: UnitIndex | null;
}

export function ImpactAreaPanel({ draft, setDraft, index }: ImpactAreaPanelProps) {
  const clickMode = useSitingStore((state) => state.clickMode);
  const setClickMode = useSitingStore((state) => state.setClickMode);
  const polygon = useSitingStore((state) => state.impact.polygon);
  const acres = useSitingStore((state) => state.impact.acres);
  const manifest = useLayerStore((state) => state.manifest);
  const drawing = clickMode === 'draw-impact';

  const layers = useMemo(() => {
    const title = (
      name: 'minorWatersheds' | 'majorWatersheds' | 'bankServiceAreas' | 'counties',
      fallback: string,
    ) => (manifest?.layers[name]?.title ?? fallback).split(' — ')[0] ?? fallback;
    const label = (properties: Record<string, unknown>) => ({
      id: String(properties.id ?? ''),
      name: String(properties.name ?? ''),
    });
    return [
      { title: title('minorWatersheds', 'Minor watersheds'), index: index?.layer('minorWatersheds'), label },
      { title: title('majorWatersheds', 'Major watersheds'), index: index?.layer('majorWatersheds'), label },
      {
        title: title('bankServiceAreas', 'Bank service areas'),
        index: index?.layer('bankServiceAreas'),
        label,
      },
      { title: title('counties', 'Counties'), index: index?.layer('counties'), label },
    ];
  }, [index, manifest]);

  const measured = useMemo(
    () => (polygon && polygon.length >= 4 ? measureImpactArea(polygon, layers) : null),
    [polygon, layers],
  );

  const finish = () => {
    const ring = closeRing(draft);
    const area = measureImpactArea(ring, layers);
    // The ranking reads one point: inside the unit holding most of the area, never a point
    // that pointOnFeature may put on a boundary line between two units.
    const fallback = pointOnFeature({ type: 'Polygon', coordinates: [ring] }).geometry.coordinates;
    const point = area.rankingPoint?.point ?? [fallback[0] ?? 0, fallback[1] ?? 0];
    const store = useSitingStore.getState();
    store.setImpactPolygon(ring, point);
    // Only the starting value is replaced; acres the planner typed are kept (see the offer below).
    if (store.impact.acres === STARTING_ACRES) store.updateImpact({ acres: Number(area.acres.toFixed(3)) });
    setDraft([]);
    setClickMode('impact');
  };

  return (
    <div className="impact-area">
      {!drawing ? (
        <button
          type="button"
          onClick={() => {
            setDraft([]);
            setClickMode('draw-impact');
          }}
        >
          Draw the impact area on the map
        </button>
      ) : (
        <>
          <p className="hint" role="status">
            Click each corner of the impacted wetland on the map ({draft.length} point
            {draft.length === 1 ? '' : 's'} so far).
          </p>
          <div className="row wrap">
            <button type="button" disabled={draft.length < 3} onClick={finish}>
              Finish area
            </button>
            <button type="button" disabled={draft.length === 0} onClick={() => setDraft(draft.slice(0, -1))}>
              Undo last point
            </button>
            <button
              type="button"
              onClick={() => {
                setDraft([]);
                setClickMode('impact');
              }}
            >
              Cancel drawing
            </button>
          </div>
        </>
      )}
      {measured && (
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
              {measured.rankingPoint.unit.id}, which holds {Math.round(measured.rankingPoint.share * 100)} %
              of the area{measured.crossings.length > 0 ? ', the most of any unit it crosses' : ''}.
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
      )}
    </div>
  );
}
