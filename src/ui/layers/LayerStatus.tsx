/**
 * Load progress and load failures for each built layer, named so a planner knows which
 * layer is missing and that the rest of the map still works.
 */
import { LAYER_NAMES } from '../../formats/manifest';
import { useLayerStore } from '../../store/layerStore';

export function LayerStatus() {
  const manifest = useLayerStore((state) => state.manifest);
  const manifestError = useLayerStore((state) => state.manifestError);
  const loads = useLayerStore((state) => state.loads);
  const progress = useLayerStore((state) => state.progress);
  const retry = useLayerStore((state) => state.retry);
  const loadAll = useLayerStore((state) => state.loadAll);
  const overridesError = useLayerStore((state) => state.overridesError);

  if (manifestError) {
    return (
      <div className="alert" role="alert">
        <p>
          <strong>Map layers could not be loaded.</strong> {manifestError}
        </p>
        <button type="button" onClick={() => void loadAll()}>
          Try again
        </button>
      </div>
    );
  }
  const loading = LAYER_NAMES.filter((name) => loads[name].status === 'loading');
  const failed = LAYER_NAMES.filter((name) => loads[name].status === 'error');
  const total = LAYER_NAMES.filter((name) => manifest?.layers[name]).length || LAYER_NAMES.length;
  const fraction =
    LAYER_NAMES.reduce((sum, name) => {
      const load = loads[name];
      if (load.status === 'ready') return sum + 1;
      if (load.status === 'loading') return sum + (progress[name] ?? 0);
      return sum;
    }, 0) / total;
  return (
    <>
      {loading.length > 0 && (
        <div className="progress" role="status" aria-live="polite">
          <label htmlFor="layer-progress">
            Loading map layers ({total - loading.length} of {total} ready)
          </label>
          <progress id="layer-progress" max={1} value={fraction} />
        </div>
      )}
      {overridesError && (
        <div className="alert" role="alert">
          <p>{overridesError}</p>
        </div>
      )}
      {failed.map((name) => {
        const load = loads[name];
        const title = manifest?.layers[name]?.title ?? name;
        return (
          <div className="alert" role="alert" key={name}>
            <p>
              <strong>{title} could not be loaded.</strong> {load.status === 'error' ? load.message : ''} The
              rest of the map still works.
            </p>
            <button type="button" onClick={() => void retry(name)}>
              Retry {title}
            </button>
          </div>
        );
      })}
    </>
  );
}
