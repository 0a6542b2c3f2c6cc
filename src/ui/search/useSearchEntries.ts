/**
 * What the place search can find: towns, counties, major watersheds and bank service areas from
 * the loaded layers, and PLSS sections when a PLSS layer was imported.
 */
import { useCallback, useMemo, useState } from 'react';
import type { LayerName } from '../../formats/manifest';
import { featuresOf, type LayerStore, useLayerStore } from '../../store/layerStore';
import { plssSearch } from './plssSearch';
import { buildSearchIndex, type SearchEntry } from './searchIndex';
import { usePlaceNames } from './usePlaceNames';

const NO_ENTRIES: SearchEntry[] = [];

/** One layer's features once loaded: the same reference until that layer is loaded again. */
const dataOf = (name: LayerName) => (state: LayerStore) => featuresOf(state.loads[name]);
const townsOf = dataOf('places');
const countiesOf = dataOf('counties');
const majorsOf = dataOf('majorWatersheds');
const serviceAreasOf = dataOf('bankServiceAreas');
const plssOf = dataOf('plss');

/**
 * The search index over the loaded layers, and the PLSS lookup beside it. Built when the search
 * is first used (focus or typing), not while a first visit loads: it finds a point inside every
 * county, watershed and service area, main-thread work nobody asked for until then.
 */
export function useSearchEntries() {
  const towns = useLayerStore(townsOf);
  const counties = useLayerStore(countiesOf);
  const majorWatersheds = useLayerStore(majorsOf);
  const bankServiceAreas = useLayerStore(serviceAreasOf);
  const plssLayer = useLayerStore(plssOf);
  const placeNames = usePlaceNames();
  const names = placeNames.names;
  const [used, setUsed] = useState(false);
  const wantNames = placeNames.want;
  const onFirstUse = useCallback(() => {
    setUsed(true);
    wantNames();
  }, [wantNames]);
  const entries = useMemo(
    () =>
      used
        ? buildSearchIndex({
            towns,
            counties,
            majorWatersheds,
            bankServiceAreas,
            ...(names ? { placeNames: names } : {}),
          })
        : NO_ENTRIES,
    [used, towns, counties, majorWatersheds, bankServiceAreas, names],
  );
  const searchExtra = useCallback((query: string) => plssSearch(query, plssLayer), [plssLayer]);
  return { entries, searchExtra, onFirstUse, namesLoading: placeNames.loading };
}
