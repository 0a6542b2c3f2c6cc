/**
 * Whether the browser says it has a network now (navigator.onLine), updated on its `online` and
 * `offline` events: a unit that could not be read is "not stored on this device — offline" only
 * when the device is offline, and is read again when the network returns.
 */
import { useSyncExternalStore } from 'react';

export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      return () => {
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}
