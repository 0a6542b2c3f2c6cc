/**
 * The search's place names (every Minnesota city, township and unorganized territory from
 * MnDOT, and the gazetteer's other places), fetched once from the data host when the search is
 * first used: not in the page's JavaScript (their reader loads with them) and not read on a
 * visit that never searches. A failure is reported in the page's notices, and the layers'
 * towns still answer.
 */
import { useCallback, useState } from 'react';
import type { PlaceName } from '../../formats/placeNames/placeNames';
import { fromOfflineCopy, keepOfflineCopy } from '../../geo/offlineCopy';
import { addNotice } from '../../store/addNotice';
import { useLayerStore } from '../../store/layerStore';

type State = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; names: PlaceName[] };

export function usePlaceNames(): { names: PlaceName[] | null; loading: boolean; want: () => void } {
  const entry = useLayerStore((state) => state.manifest?.placeNames ?? null);
  const baseUrl = useLayerStore((state) => state.baseUrl);
  const [state, setState] = useState<State>({ status: 'idle' });
  const want = useCallback(() => {
    if (!entry || state.status !== 'idle') return;
    setState({ status: 'loading' });
    const url = new URL(entry.file, new URL(baseUrl, window.location.href)).href;
    fetch(url)
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const bytes = new Uint8Array(await response.arrayBuffer());
        const { parsePlaceNames } = await import('../../formats/placeNames/placeNames');
        const names = parsePlaceNames(JSON.parse(new TextDecoder().decode(bytes)), entry.file);
        // Checked, then kept for offline use (a search offline finds them too).
        if (!fromOfflineCopy(response)) void keepOfflineCopy(url, bytes, 'application/json');
        setState({ status: 'ready', names });
      })
      .catch((error: unknown) => {
        setState({ status: 'failed' });
        addNotice(
          `The place names (${entry.file}) could not be read: ${error instanceof Error ? error.message : String(error)}. Search finds the larger towns, counties and watersheds only.`,
        );
      });
  }, [entry, baseUrl, state.status]);
  return {
    names: state.status === 'ready' ? state.names : null,
    loading: state.status === 'loading',
    want,
  };
}
