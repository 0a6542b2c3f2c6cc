/** Shows, over the map, which layers are streaming their full-resolution features for the view. */
import { useDetailStore } from '../../store/detailStore';

export function DetailProgress() {
  const streams = useDetailStore((state) => state.streams);
  const entries = Object.entries(streams);
  if (entries.length === 0) return null;
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
