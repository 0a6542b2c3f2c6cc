/**
 * What the place search can find: towns, counties, major watersheds and bank service areas from
 * the loaded layers, and PLSS sections when a PLSS layer was imported.
 */
import { useCallback, useMemo } from 'react';
import { useLayerStore } from '../../store/layerStore';
import { plssSearch } from './plssSearch';
import { buildSearchIndex } from './searchIndex';
import { usePlaceNames } from './usePlaceNames';

/** The search index over the loaded layers, and the PLSS lookup beside it. */
export function useSearchEntries() {
  const loads = useLayerStore((state) => state.loads);
  const placeNames = usePlaceNames();
  const names = placeNames.names;
  const entries = useMemo(() => {
    const data = (name: 'places' | 'counties' | 'majorWatersheds' | 'bankServiceAreas') => {
      const load = loads[name];
      return load.status === 'ready' ? load.data : undefined;
    };
    return buildSearchIndex({
      towns: data('places'),
      counties: data('counties'),
      majorWatersheds: data('majorWatersheds'),
      bankServiceAreas: data('bankServiceAreas'),
      ...(names ? { placeNames: names } : {}),
    });
  }, [loads, names]);
  const plssLayer = loads.plss.status === 'ready' ? loads.plss.data : undefined;
  const searchExtra = useCallback((query: string) => plssSearch(query, plssLayer), [plssLayer]);
  return { entries, searchExtra, onFirstUse: placeNames.want, namesLoading: placeNames.loading };
}
