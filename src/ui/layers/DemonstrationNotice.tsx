/**
 * The notice every view shows while any layer stands in for official geography
 * (../shared/data/PROVENANCE.md: such layers must never pass as official).
 */
import { useLayerStore } from '../../store/layerStore';

export function DemonstrationNotice() {
  const manifest = useLayerStore((state) => state.manifest);
  if (!manifest?.demonstration) return null;
  const layers = Object.values(manifest.layers)
    .filter((layer) => layer.demonstration)
    .map((layer) => layer.title.split(' — ')[0] ?? layer.title);
  return (
    <p className="demonstration-notice" role="note">
      <strong>Demonstration geography — not official.</strong>{' '}
      <span className="notice-detail">
        {layers.join(', ')} {layers.length === 1 ? 'is' : 'are'} generated stand-ins for the DNR and BWSR
        layers, for trying the tool; do not use them for a determination.
      </span>
    </p>
  );
}
