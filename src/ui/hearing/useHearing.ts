/**
 * Hearing mode's part of the page: the steps (read only while presenting: over every candidate
 * they cost seconds at 100,000 sites), the current one, the camera that frames what each step
 * talks about, and focus and the map view handed back as they were before it started.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { CameraRequest } from '../../map/mapTypes';
import type { RankResult } from '../../siting';
import type { Mode, View } from '../../store/inputs';
import { useSitingStore } from '../../store/sitingStore';
import { hearingCamera } from './hearingCamera';
import { clampStep, hearingSteps } from './hearingSteps';

/** The steps of hearing mode and the current one; `button` goes on "Present at a hearing". */
export function useHearing(
  mode: Mode,
  result: RankResult | null,
  selectedId: string | null,
  impactLocation: readonly [number, number] | null,
  locations: ReadonlyMap<string, readonly [number, number] | null | undefined>,
  setCamera: (request: CameraRequest) => void,
) {
  const steps = useMemo(
    () => (mode.kind === 'hearing' ? hearingSteps(result, selectedId) : []),
    [mode.kind, result, selectedId],
  );
  const step = mode.kind === 'hearing' ? clampStep(mode.step, steps.length) : 0;
  const hearingStep = mode.kind === 'hearing' ? steps[step] : undefined;

  // Entering or leaving hearing mode replaces the panel that held focus: put focus somewhere
  // meaningful (the step title, then back on the button that started it), never on <body>.
  const button = useRef<HTMLButtonElement>(null);
  const previousMode = useRef(mode.kind);
  // The map view before the hearing's close-ups, put back when it ends (a hearing link opened
  // directly has the view saved from the last visit, if any).
  const viewBefore = useRef<View | null>(mode.kind === 'hearing' ? useSitingStore.getState().view : null);
  useEffect(() => {
    const before = previousMode.current;
    previousMode.current = mode.kind;
    if (before === mode.kind) return;
    if (mode.kind === 'hearing') viewBefore.current = useSitingStore.getState().view;
    if (before === 'hearing') {
      const view = viewBefore.current;
      viewBefore.current = null;
      // Not animated: the map is being resized back to the explorer's layout meanwhile, and an
      // animation under a resize ends away from the centre asked for.
      if (view) {
        setCamera({
          kind: 'center',
          center: [view.center[0], view.center[1]],
          zoom: view.zoom,
          animate: false,
        });
      }
    }
    // HearingView focuses its own title when it mounts (it loads on demand).
    if (before === 'hearing' && mode.kind === 'explore') button.current?.focus();
  });

  // Each hearing step frames what it talks about — once per step: results are re-derived
  // when the map moves, and re-framing then would chase the camera forever.
  const framed = useRef<string | null>(null);
  useEffect(() => {
    if (!hearingStep || !result) {
      framed.current = null;
      return;
    }
    const key = `${hearingStep.key}|${impactLocation?.join(',')}|${(hearingStep.linkIds.length ? hearingStep.linkIds : (hearingStep.siteIds ?? [])).join(',')}`;
    if (framed.current === key) return;
    framed.current = key;
    const request = hearingCamera(hearingStep, impactLocation, result.candidates, locations);
    if (request) setCamera(request);
  }, [hearingStep, result, impactLocation, locations, setCamera]);

  return { steps, step, hearingStep, button };
}
