/**
 * How much of the map column the results take (percent of its height), as the divider above
 * them sets it: remembered in local storage, so a reload (and hearing mode, the plain-language
 * view) keeps it. The default gives the ranking room for several rows at 1280×860 (issue 24).
 */
import { useCallback, useState } from 'react';

const KEY = 'siting-results-share';
export const RESULTS_SHARE = { min: 20, max: 85, default: 62, large: 80 } as const;

export function clampShare(value: number): number {
  return Math.round(Math.min(RESULTS_SHARE.max, Math.max(RESULTS_SHARE.min, value)));
}

function storedShare(): number {
  try {
    const stored = Number(window.localStorage.getItem(KEY));
    return stored > 0 ? clampShare(stored) : RESULTS_SHARE.default;
  } catch {
    return RESULTS_SHARE.default;
  }
}

/** [share, setShare(value, keep)]: `keep` false while dragging (stored when the drag ends). */
export function useResultsShare(): [number, (value: number, keep?: boolean) => void] {
  const [share, setShareState] = useState(storedShare);
  const setShare = useCallback((value: number, keep = true) => {
    const next = clampShare(value);
    setShareState(next);
    if (!keep) return;
    try {
      window.localStorage.setItem(KEY, String(next));
    } catch {
      // Private mode: the size lasts for this page only.
    }
  }, []);
  return [share, setShare];
}
