/**
 * What the place search can find: every Minnesota city, township and unorganized territory
 * and the gazetteer's places (place-names.json), towns, counties, major watersheds and bank
 * service areas from the loaded layers, and PLSS sections when a PLSS layer was imported.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LayerName } from '../../formats/manifest';
import { featuresOf, type LayerStore, useLayerStore } from '../../store/layerStore';
import { plssSearch } from './plssSearch';
import type { SearchEntry } from './searchIndex';
import { usePlaceNames } from './usePlaceNames';

type SearchModule = typeof import('./searchIndex');

const NO_RESULTS: SearchEntry[] = [];

/** One layer's features once loaded: the same reference until that layer is loaded again. */
const dataOf = (name: LayerName) => (state: LayerStore) => featuresOf(state.loads[name]);
const townsOf = dataOf('places');
const countiesOf = dataOf('counties');
const majorsOf = dataOf('majorWatersheds');
const serviceAreasOf = dataOf('bankServiceAreas');
const plssOf = dataOf('plss');

/**
 * The search over the loaded layers and place names, and the PLSS lookup beside it. The index
 * and its code (a chunk of their own, outside the page's first JavaScript) load when the search
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
  const [engine, setEngine] = useState<SearchModule | null>(null);
  const wantNames = placeNames.want;
  const onFirstUse = useCallback(() => {
    setUsed(true);
    wantNames();
  }, [wantNames]);
  useEffect(() => {
    if (!used || engine) return;
    let live = true;
    void import('./searchIndex').then((module) => {
      if (live) setEngine(module);
    });
    return () => {
      live = false;
    };
  }, [used, engine]);
  const entries = useMemo(
    () =>
      engine
        ? engine.buildSearchIndex({
            towns,
            counties,
            majorWatersheds,
            bankServiceAreas,
            ...(names ? { placeNames: names } : {}),
          })
        : NO_RESULTS,
    [engine, towns, counties, majorWatersheds, bankServiceAreas, names],
  );
  const search = useCallback(
    (query: string) => (engine ? engine.searchPlaces(entries, query) : NO_RESULTS),
    [engine, entries],
  );
  const searchExtra = useCallback((query: string) => plssSearch(query, plssLayer), [plssLayer]);
  return {
    search,
    searchExtra,
    onFirstUse,
    namesLoading: placeNames.loading || (used && !engine),
  };
}
