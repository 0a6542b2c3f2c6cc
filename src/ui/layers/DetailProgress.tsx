/**
 * Shows, over the map, which layers are streaming their full-resolution features for the view.
 * Compact (hearing mode): one small bar in the map's top corner, under the demonstration badge,
 * so it covers nothing of the lower map a projector shows (its four bars at the bottom did).
 */
import { useDetailStore } from '../../store/detailStore';

export function DetailProgress({ compact = false }: { compact?: boolean }) {
  const streams = useDetailStore((state) => state.streams);
  const entries = Object.entries(streams);
  if (entries.length === 0) return null;
  if (compact) {
    const known = entries.every(([, stream]) => stream && stream.total > 0);
    const loaded = entries.reduce((sum, [, stream]) => sum + (stream?.loaded ?? 0), 0);
    const total = entries.reduce((sum, [, stream]) => sum + (stream?.total ?? 0), 0);
    return (
      <div className="detail-progress compact">
        <label>
          <span>
            Full detail: {entries.length} layer{entries.length === 1 ? '' : 's'}
          </span>
          <progress
            aria-label="Loading full detail"
            max={100}
            {...(known ? { value: Math.round((loaded / total) * 100) } : {})}
          />
        </label>
      </div>
    );
  }
  return (
    <div className="detail-progress">
      {entries.map(([name, stream]) => {
        const title = (stream?.title ?? name).split(' — ')[0];
        const percent = stream && stream.total > 0 ? Math.round((stream.loaded / stream.total) * 100) : null;
        return (
          <label key={name}>
            <span>{title}: full detail</span>
            <progress
              aria-label={`Loading full detail of ${title}`}
              max={100}
              {...(percent === null ? {} : { value: percent })}
            />
          </label>
        );
      })}
    </div>
  );
}
