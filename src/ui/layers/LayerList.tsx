/**
 * The layer list: visibility, opacity, a legend entry and provenance (source, date,
 * official or demonstration) for each map layer.
 */

import { LINE_COLOURS, SHARE_STEPS } from '../../map/palette';
import { CLUSTER_COLOUR, CLUSTER_MAX_ZOOM, CLUSTER_SITES_FROM } from '../../map/userSiteLayers';
import { useLayerStore } from '../../store/layerStore';
import { MAP_LAYERS, type MapLayerId } from '../../store/mapLayers';
import { useSitingStore } from '../../store/sitingStore';
import { useFlowsStore } from '../flows/flowsStore';
import { OfficialLayersPanel } from '../officialImport/OfficialLayersPanel';
import { LEVEL_MARKERS } from '../ranking/levelMarkers';
import { AreaClassLegend } from './AreaClassLegend';

function Swatch({ id }: { id: MapLayerId }) {
  switch (id) {
    case 'areaClass':
      return null;
    case 'counties':
      return <span className="swatch line" style={{ borderColor: LINE_COLOURS.county }} aria-hidden="true" />;
    case 'bankServiceAreas':
      return (
        <span
          className="swatch line thick"
          style={{ borderColor: LINE_COLOURS.bankServiceArea }}
          aria-hidden="true"
        />
      );
    case 'majorWatersheds':
      return (
        <span
          className="swatch line"
          style={{ borderColor: LINE_COLOURS.majorWatershed }}
          aria-hidden="true"
        />
      );
    case 'minorWatersheds':
      return (
        <span
          className="swatch line dashed"
          style={{ borderColor: LINE_COLOURS.minorWatershed }}
          aria-hidden="true"
        />
      );
    case 'sites':
      return <span className="swatch dot" aria-hidden="true" />;
    case 'flows':
      return (
        <span className="swatch fill" style={{ background: SHARE_STEPS[3].colour }} aria-hidden="true" />
      );
    case 'water':
      return <span className="swatch fill" style={{ background: LINE_COLOURS.water }} aria-hidden="true" />;
  }
}

export function LayerList() {
  const settings = useSitingStore((state) => state.layers);
  const setLayer = useSitingStore((state) => state.setLayer);
  const manifest = useLayerStore((state) => state.manifest);
  const loads = useLayerStore((state) => state.loads);
  const flowsReady = useFlowsStore((state) => state.answer?.kind === 'ready');
  const hiddenStatuses = useSitingStore((state) => state.hiddenBankStatuses);
  // The map clusters the sites from this many on (userSiteLayers.ts); the legend says so then.
  const clustered = useSitingStore((state) => state.userSites.length >= CLUSTER_SITES_FROM);
  const setBankStatusHidden = useSitingStore((state) => state.setBankStatusHidden);
  const sites = loads.sites;
  const statusCounts = new Map<string, number>();
  if (sites.status === 'ready') {
    for (const feature of sites.data?.features ?? []) {
      const status = String(feature.properties?.status ?? 'Unknown');
      statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
    }
  }

  return (
    <section className="card" aria-labelledby="layers-heading">
      <h2 id="layers-heading">Layers and legend</h2>
      <OfficialLayersPanel />
      <ul className="layer-list">
        {MAP_LAYERS.map((layer) => {
          const setting = settings[layer.id];
          // The flows layer's figures are the ledgers', not the majors' layer's (its panel names them).
          const entry = layer.id === 'flows' ? undefined : manifest?.layers[layer.data];
          const load = loads[layer.data];
          const inputId = `layer-${layer.id}`;
          return (
            <li key={layer.id}>
              <div className="layer-row">
                <input
                  type="checkbox"
                  id={inputId}
                  checked={setting.visible}
                  onChange={(event) => setLayer(layer.id, { visible: event.target.checked })}
                />
                <label htmlFor={inputId}>
                  <Swatch id={layer.id} /> {layer.title}
                </label>
                {entry && (
                  <span className={entry.demonstration ? 'badge demonstration' : 'badge official'}>
                    {entry.demonstration ? 'Demonstration' : entry.official ? 'Official' : 'Reference'}
                  </span>
                )}
              </div>
              <label className="opacity">
                <span>Opacity</span>
                <input
                  type="range"
                  min={0}
                  max={1}
                  step={0.05}
                  value={setting.opacity}
                  aria-label={`${layer.title} opacity`}
                  onChange={(event) => setLayer(layer.id, { opacity: Number(event.target.value) })}
                />
              </label>
              {layer.id === 'areaClass' && <AreaClassLegend />}
              {layer.id === 'sites' && statusCounts.size > 0 && (
                <fieldset className="bank-statuses">
                  <legend>Banks by status (shown and ranked)</legend>
                  {[...statusCounts.entries()]
                    .sort((a, b) => b[1] - a[1])
                    .map(([status, count]) => (
                      <label key={status} className="inline">
                        <input
                          type="checkbox"
                          checked={!hiddenStatuses.includes(status)}
                          onChange={(event) => setBankStatusHidden(status, !event.target.checked)}
                        />
                        {status} ({count})
                      </label>
                    ))}
                </fieldset>
              )}
              {layer.id === 'sites' && (
                <ul className="legend" aria-label="Site priority levels">
                  {Object.values(LEVEL_MARKERS).map((marker) => (
                    <li key={marker.key}>
                      <span className="swatch dot" style={{ background: marker.colour }} aria-hidden="true" />
                      <span aria-hidden="true">{marker.shape}</span> {marker.label}
                      {marker.key.length === 1 ? ` (“${marker.key}” on the map)` : ''}
                    </li>
                  ))}
                  <li>
                    <span className="swatch dot" style={{ background: '#ffffff' }} aria-hidden="true" />
                    Not ranked yet (choose an impact)
                  </li>
                  <li>Larger circles with a heavy outline are your proposed sites.</li>
                  {clustered && (
                    <li>
                      <span
                        className="swatch dot"
                        style={{ background: CLUSTER_COLOUR }}
                        aria-hidden="true"
                      />
                      A numbered dark circle is a cluster of that many of your sites (from{' '}
                      {CLUSTER_SITES_FROM.toLocaleString('en-US')} sites, below zoom {CLUSTER_MAX_ZOOM + 1});
                      click it, or press Enter with it at the map’s centre, to zoom in. The selected site is
                      always drawn, ringed in yellow.
                    </li>
                  )}
                </ul>
              )}
              {layer.id === 'flows' ? (
                <p className="provenance">
                  {flowsReady
                    ? 'From the RIBITS ledgers loaded; the legend, the sources and their dates are under Losses and replacements.'
                    : 'No RIBITS ledger loaded: nothing to draw yet (load one under Losses and replacements).'}
                </p>
              ) : entry ? (
                <p className="provenance">
                  {entry.source}
                  {entry.asOf ? ` · as of ${entry.asOf}` : ''}
                  {entry.featureCount ? ` · ${entry.featureCount.toLocaleString('en-US')} features` : ''}
                  {load.status === 'error' ? ' · failed to load' : ''}
                </p>
              ) : (
                load.status === 'absent' && <p className="provenance">Not in this build.</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
