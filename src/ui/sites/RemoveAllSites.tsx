/**
 * "Remove all sites": one button, a confirmation that names the count and says the browser's
 * copy goes too, then an Undo until the next change of the sites. Keyboard: the confirmation
 * takes focus on its Remove button, Escape keeps the sites; after removal, focus goes to Undo.
 */
import { useEffect, useRef, useState } from 'react';
import type { UserSite } from '../../siting/userSite';
import { useSitingStore } from '../../store/sitingStore';

const count = (n: number) => `${n.toLocaleString('en-US')} site${n === 1 ? '' : 's'}`;

export function RemoveAllSites() {
  const userSites = useSitingStore((state) => state.userSites);
  const removeAllUserSites = useSitingStore((state) => state.removeAllUserSites);
  const addUserSites = useSitingStore((state) => state.addUserSites);
  const [asking, setAsking] = useState(false);
  /** The sites just removed, for Undo (dropped when sites are added again). */
  const [removed, setRemoved] = useState<UserSite[] | null>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const undo = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  useEffect(() => {
    if (removed) undo.current?.focus();
  }, [removed]);
  // New sites after a removal replace what Undo would bring back.
  useEffect(() => {
    if (removed && userSites.length > 0) setRemoved(null);
  }, [removed, userSites]);

  if (removed)
    return (
      <p className="hint" role="status">
        Removed {count(removed.length)}, from the ranking, the map and this browser’s storage; the link no
        longer carries them.{' '}
        <button
          ref={undo}
          type="button"
          onClick={() => {
            const sites = removed;
            setRemoved(null);
            addUserSites(sites);
          }}
        >
          Undo
        </button>
      </p>
    );
  if (userSites.length === 0) return null;
  if (!asking)
    return (
      <button ref={opener} type="button" onClick={() => setAsking(true)}>
        Remove all sites ({userSites.length.toLocaleString('en-US')})
      </button>
    );
  const keep = () => {
    setAsking(false);
    requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <fieldset
      className="confirm-remove"
      onKeyDown={(event) => {
        if (event.key === 'Escape') keep();
      }}
    >
      <legend>
        Remove all {count(userSites.length)}? They leave the ranking and the map, and their copy in this
        browser’s storage is deleted.
      </legend>
      <div className="row">
        <button
          ref={confirm}
          type="button"
          onClick={() => {
            setRemoved(userSites);
            setAsking(false);
            removeAllUserSites();
          }}
        >
          Remove all {count(userSites.length)}
        </button>
        <button type="button" onClick={keep}>
          Keep them
        </button>
      </div>
    </fieldset>
  );
}
