/**
 * "Share link" in the header of the explorer and of the public view: the page's address holds
 * the whole state (impact, details, sites, layers, selection, view; src/store/urlState.ts), and
 * nobody is told so unless the page offers it. On a phone it opens the system share sheet
 * (Web Share API); elsewhere, or when that is not there, it copies the link, and if the clipboard
 * refuses, shows the link selected in a text box to copy by hand. Typed names and addresses never
 * travel in the link (they are kept on this device only).
 */
import { useEffect, useRef, useState } from 'react';

type Outcome = { kind: 'idle' } | { kind: 'copied' } | { kind: 'shared' } | { kind: 'manual'; url: string };

/** Whether the system share sheet is the natural way here: a touch device that offers it. */
function systemShare(): boolean {
  return (
    typeof navigator.share === 'function' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(pointer: coarse)').matches
  );
}

export function ShareLink({ title }: { title: string }) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const box = useRef<HTMLInputElement>(null);
  // The note over the map goes after a while; the link box stays until the next press.
  useEffect(() => {
    if (outcome.kind !== 'copied' && outcome.kind !== 'shared') return;
    const timer = setTimeout(() => setOutcome({ kind: 'idle' }), 8000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const share = async () => {
    const url = window.location.href;
    if (systemShare()) {
      try {
        await navigator.share({ title, text: 'Wetland replacement siting explorer', url });
        setOutcome({ kind: 'shared' });
        return;
      } catch (error) {
        // The user closed the sheet: nothing to say. Anything else: copy instead.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setOutcome({ kind: 'copied' });
    } catch {
      setOutcome({ kind: 'manual', url });
      requestAnimationFrame(() => box.current?.select());
    }
  };

  return (
    <div className="share-link">
      <button type="button" onClick={() => void share()}>
        Share link
      </button>
      <p role="status" className="share-status">
        {outcome.kind === 'copied' &&
          'Link copied. It opens this view as it is now (place, details, sites, layers); names and addresses you typed stay on this device.'}
        {outcome.kind === 'shared' && 'Link shared.'}
        {outcome.kind === 'manual' && 'Copying was refused by the browser: copy the link below.'}
      </p>
      {outcome.kind === 'manual' && (
        <input ref={box} readOnly aria-label="Link to this view" value={outcome.url} className="share-url" />
      )}
    </div>
  );
}
