/** Messages about the link or restored work (e.g. ignored URL parameters), dismissible. */
import { useSitingStore } from '../store/sitingStore';

export function Notices() {
  const notices = useSitingStore((state) => state.notices);
  const dismiss = useSitingStore((state) => state.dismissNotice);
  if (notices.length === 0) return null;
  return (
    <div className="notices" role="status">
      {notices.map((notice, index) => (
        <p key={notice} className="notice">
          {notice}{' '}
          <button type="button" onClick={() => dismiss(index)} aria-label="Dismiss notice">
            Dismiss
          </button>
        </p>
      ))}
    </div>
  );
}
