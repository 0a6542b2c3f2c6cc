/**
 * The map's losses-and-replacements overlays (issue 34, item 4): built only while the layer is
 * shown and the accounting is ready, once per change of the answer, the jurisdiction or the
 * majors loaded; empty otherwise (the map then draws nothing for them).
 */
import type { FeatureCollection } from 'geojson';
import { useEffect, useMemo } from 'react';
import { featuresOf, type LayerLoad, useLayerStore } from '../../store/layerStore';
import { useSitingStore } from '../../store/sitingStore';
import { useFlowsStore } from './flowsStore';
import { flowLinesOverlay, flowMajorsOverlay, shownJurisdiction } from './flowsView';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

export function useFlowOverlays(
  allowed: boolean,
  majors: LayerLoad,
  /** Shown whatever the layer's setting (the hearing's losses step). */
  forced = false,
): { flowMajors: FeatureCollection; flowLines: FeatureCollection } {
  const visible = (useSitingStore((state) => state.layers.flows.visible) || forced) && allowed;
  const answer = useFlowsStore((state) => state.answer);
  const asked = useFlowsStore((state) => state.jurisdiction);
  const majorFeatures = featuresOf(majors);
  // The layer colours the majors: they are read when it is shown, whatever the majors' own setting.
  useEffect(() => {
    if (visible) useLayerStore.getState().ensureLoaded('majorWatersheds');
  }, [visible]);
  return useMemo(() => {
    if (!visible || answer?.kind !== 'ready') return { flowMajors: EMPTY, flowLines: EMPTY };
    const jurisdiction = shownJurisdiction(answer.view, asked);
    return {
      flowMajors: flowMajorsOverlay(majorFeatures?.features, answer.view, jurisdiction),
      flowLines: flowLinesOverlay(answer.view, jurisdiction),
    };
  }, [visible, answer, asked, majorFeatures]);
}
