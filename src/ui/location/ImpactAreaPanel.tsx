/**
 * Drawing the impact as a polygon: click its corners on the map, then finish. Shows its area
 * in acres and square feet and, where it crosses units, the area in each.
 */
import pointOnFeature from '@turf/point-on-feature';
import { lazy, Suspense, useMemo } from 'react';
import type { UnitIndex } from '../../geo/unitIndex';
import { defaultInputs } from '../../store/inputs';
import { useLayerStore } from '../../store/layerStore';
import { useSitingStore } from '../../store/sitingStore';
import { closeRing } from './closeRing';
import type { SplitLayer } from './impactArea';

// The split over units needs polygon clipping: loaded when an area is drawn, not on first paint.
const ImpactAreaSummary = lazy(() =>
  import('./ImpactAreaSummary').then((module) => ({ default: module.ImpactAreaSummary })),
);

/** The acres field's value before anyone types in it (defaultInputs in src/store/inputs.ts). */
const STARTING_ACRES = defaultInputs().impact.acres;

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

  const layers = useMemo((): SplitLayer[] => {
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

  const finish = async () => {
    const ring = closeRing(draft);
    const { measureImpactArea } = await import('./impactArea');
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
            <button type="button" disabled={draft.length < 3} onClick={() => void finish()}>
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
      {polygon && polygon.length >= 4 && (
        <Suspense fallback={<p role="status">Measuring the drawn area…</p>}>
          <ImpactAreaSummary polygon={polygon} layers={layers} acres={acres} />
        </Suspense>
      )}
    </div>
  );
}
