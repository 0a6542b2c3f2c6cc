/**
 * After one site is removed (issue 24, item 10): a live status line naming it, with an Undo that
 * puts it back where it was in the list. Focus goes to Undo, as after "Remove all sites"; the
 * removal itself is kept (link, local storage, IndexedDB) as soon as it is made, so a reload
 * without Undo keeps it removed.
 */
import { useEffect, useRef } from 'react';
import type { UserSite } from '../../siting/userSite';

export interface RemovedSite {
  site: UserSite;
  /** Its place in the list before removal. */
  index: number;
}

export interface SiteRemovedNoticeProps {
  removed: RemovedSite;
  onUndo: () => void;
}

export function SiteRemovedNotice({ removed, onUndo }: SiteRemovedNoticeProps) {
  const undo = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // A new removal (another site) moves focus to its Undo too.
    if (removed) undo.current?.focus();
  }, [removed]);
  const name = removed.site.name || removed.site.id;
  return (
    <p className="hint" role="status">
      Removed “{name}” from the ranking, the map and this browser’s storage.{' '}
      <button ref={undo} type="button" onClick={onUndo} aria-label={`Undo: put back ${name}`}>
        Undo
      </button>
    </p>
  );
}
