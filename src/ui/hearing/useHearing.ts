/**
 * Hearing mode's part of the page: the steps (read only while presenting: over every candidate
 * they cost seconds at 100,000 sites), the current one, the camera that frames what each step
 * talks about, and focus handed back to the button that started it.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { CameraRequest } from '../../map/mapTypes';
import type { RankResult } from '../../siting';
import type { Mode } from '../../store/inputs';
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
  useEffect(() => {
    const before = previousMode.current;
    previousMode.current = mode.kind;
    if (before === mode.kind) return;
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
