/** Skip links: to the map, and to the ranked options once there are some. They move focus, not just the scroll position. */

function focusById(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

function focusMap() {
  document.querySelector<HTMLElement>('#map canvas')?.focus();
}

export function SkipLinks({ toRanking }: { toRanking: boolean }) {
  return (
    <nav className="skip-links" aria-label="Skip links">
      <button type="button" onClick={focusMap}>
        Skip to the map
      </button>
      {toRanking && (
        <button type="button" onClick={() => focusById('ranking-heading')}>
          Skip to the ranked options
        </button>
      )}
    </nav>
  );
}
