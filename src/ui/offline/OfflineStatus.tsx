/** Tells the presenter when the page and its data are stored for use without a network. */
import { useEffect, useState } from 'react';

export function OfflineStatus() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let live = true;
    // 'ready' resolves once the worker is active, i.e. after its install stored everything.
    void navigator.serviceWorker.ready.then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <p className="offline-status" role="status">
      {ready ? 'Available offline on this device' : ''}
    </p>
  );
}
