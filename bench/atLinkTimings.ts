/**
 * What a planner waits for on a `?at=` link (issue 24, item 12), read in the page: when the card
 * shows the impact's units, when the ranked table has its first row, and how long the first
 * keystroke in the coordinates box waits before the page takes it — with the renderer's main
 * thread split into script and compositor commits (waits on the software GPU) over that wait.
 */
import type { Page } from 'playwright-core';

export interface AtLinkTimings {
  /** first-contentful-paint, ms from navigation start. */
  fcpMs: number;
  /** The card's minor watershed is filled, ms from navigation start. */
  cardMs: number;
  /** The ranked table has its first row, ms from navigation start. */
  tableMs: number;
  /** The first key pressed in the coordinates box (as soon as it exists): when it was pressed and when the page took it, from navigation start. */
  keyPressedMs: number;
  keyAcceptedMs: number;
  /** Main-thread time in script and in compositor commits while that key waited. */
  keyWaitScriptMs: number;
  keyWaitCommitMs: number;
}

/** Call before `page.goto`: records when the card and the table fill, and when a key in the coordinates box is taken. */
export async function observeAtLink(page: Page): Promise<void> {
  await page.addInitScript(`(() => {
    const record = { card: -1, table: -1, accepted: -1 };
    window.__atLink = record;
    const check = () => {
      if (record.card < 0) {
        for (const dt of document.querySelectorAll('section dt')) {
          if (dt.textContent !== 'Minor watershed') continue;
          const value = dt.nextElementSibling && dt.nextElementSibling.textContent;
          if (value && value.trim() !== '') record.card = performance.now();
        }
      }
      if (record.table < 0 && document.querySelector('tbody tr th button')) record.table = performance.now();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
    document.addEventListener('input', (event) => {
      if (record.accepted < 0 && event.target && event.target.id === 'coordinates-input') record.accepted = performance.now();
    }, true);
  })()`);
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** Trace events of the main thread that run script (nested ones overlap their parents: counted once). */
const SCRIPT_EVENTS = new Set([
  'EvaluateScript',
  'v8.compile',
  'FunctionCall',
  'EventDispatch',
  'FireAnimationFrame',
  'HandlePostMessage',
  'TimerFire',
  'RunMicrotasks',
]);

/** The time the events cover between `from` and `to` (page ms), overlaps counted once. */
function unionWithin(events: TraceEvent[], toPage: (ts: number) => number, from: number, to: number): number {
  const spans = events
    .map((event) => {
      const start = toPage(event.ts);
      return [Math.max(start, from), Math.min(start + (event.dur ?? 0) / 1000, to)] as const;
    })
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reach = from;
  for (const [start, end] of spans) {
    if (end <= reach) continue;
    total += end - Math.max(start, reach);
    reach = end;
  }
  return total;
}

/**
 * Opens `url` with the observers installed, presses a key in the coordinates box as soon as it is
 * in the page, and waits for the card and the table; `wait` resolves when the page is done.
 */
export async function atLinkTimings(
  page: Page,
  url: string,
  wait: () => Promise<void>,
): Promise<AtLinkTimings> {
  await observeAtLink(page);
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (event) => events.push(...(event.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel',
    transferMode: 'ReportEvents',
  });
  await page.goto(url, { waitUntil: 'commit' });
  const input = page.locator('#coordinates-input');
  await input.waitFor({ state: 'attached', timeout: 120_000 });
  // A mark in the trace at a known page time: the trace's clock (µs) and the page's (ms) differ.
  const keyPressedMs = await page.evaluate(() => {
    console.timeStamp('at-link-anchor');
    return performance.now();
  });
  // Focus and the key go through the browser's input queue: the page takes them when its main thread is free.
  await input.focus();
  await page.keyboard.press('4');
  await page.waitForFunction(
    () => (window as unknown as { __atLink: { accepted: number } }).__atLink.accepted >= 0,
  );
  await wait();
  await page.waitForFunction(
    () => {
      const r = (window as unknown as { __atLink: { card: number; table: number } }).__atLink;
      return r.card >= 0 && r.table >= 0;
    },
    undefined,
    { timeout: 120_000 },
  );
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await traced;
  const figures = await page.evaluate(() => {
    const r = (window as unknown as { __atLink: { card: number; table: number; accepted: number } }).__atLink;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1;
    return { ...r, fcp, origin: performance.timeOrigin };
  });
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const anchor = events.find(
    (event) =>
      event.name === 'TimeStamp' &&
      event.pid === main?.pid &&
      JSON.stringify(event.args).includes('at-link-anchor'),
  );
  const toPage = (ts: number) => (anchor ? keyPressedMs + (ts - anchor.ts) / 1000 : Number.NaN);
  const onMain = events.filter(
    (event) => event.ph === 'X' && event.pid === main?.pid && event.tid === main?.tid,
  );
  const keyWaitScriptMs = unionWithin(
    onMain.filter((event) => SCRIPT_EVENTS.has(event.name)),
    toPage,
    keyPressedMs,
    figures.accepted,
  );
  const keyWaitCommitMs = unionWithin(
    onMain.filter((event) => event.name === 'Commit'),
    toPage,
    keyPressedMs,
    figures.accepted,
  );
  return {
    fcpMs: figures.fcp,
    cardMs: figures.card,
    tableMs: figures.table,
    keyPressedMs,
    keyAcceptedMs: figures.accepted,
    keyWaitScriptMs,
    keyWaitCommitMs,
  };
}
