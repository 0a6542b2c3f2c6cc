/**
 * When the map said it had drawn, read in the page: `performance.now()` at the last time its
 * container's `aria-busy` turned "false" (the explorer and the plain-GeoJSON baseline give the same
 * signal). Reading the clock after a test-side wait instead adds the harness's own latency, a
 * waitFor poll and an evaluate round trip while the browser's processes hold both cores: up to
 * 500 ms at a state-view visit of 2.7 s, a larger share of the faster page.
 */
import type { Page } from 'playwright-core';

/** Installs the recorder; call before the page's navigation. */
export async function recordDrawnAt(page: Page): Promise<void> {
  await page.addInitScript(`(() => {
    const check = () => {
      const map = document.querySelector('[data-testid="map"]');
      if (map && map.getAttribute('aria-busy') === 'false') {
        if (window.__drawnAt === undefined || window.__drawnBusy) window.__drawnAt = performance.now();
        window.__drawnBusy = false;
      } else if (map) window.__drawnBusy = true;
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
  })()`);
}

/** The recorded time (ms since navigation start), once the map is drawn. */
export async function drawnAt(page: Page): Promise<number> {
  const ms = await page.evaluate('window.__drawnAt');
  if (typeof ms !== 'number') throw new Error('the map never said it had drawn');
  return ms;
}
