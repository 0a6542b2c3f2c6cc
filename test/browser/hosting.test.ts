/**
 * Hosting the layers anywhere (issue 12) and what hosts get wrong (issue 15): data on another
 * origin (Debian's nginx) named by a deploy-time config.json, never by a link; a host without
 * range support; a host that gzips its partial responses; the production server's offline copy
 * behind `Vary` headers, with "Make available offline"; and the bytes a first visit costs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appAndBrowserForFile,
  countPixels,
  type Fault,
  gzipRangesFault,
  ignoreRangesFault,
  openPage,
  ROOT,
  screenshotPath,
  startApp,
  waitForMapIdle,
} from './harness';
import { NGINX, type NginxHost, startNginx } from './nginxHost';

/** The three area-class fills as the map draws them (55 % over the state's #fbfaf6). */
const AREA_CLASS_ON_MAP: [number, number, number][] = [
  [137, 182, 212],
  [183, 225, 214],
  [243, 249, 208],
];

const session = appAndBrowserForFile();
const HENNEPIN: [number, number] = [-93.3, 45.1];
const AITKIN: [number, number] = [-93.7, 46.55];
const MINOR = '/data/minor-watersheds.fgb';

function notices(page: Page) {
  return page.locator('.notices');
}

async function clickMapCentre(page: Page): Promise<void> {
  const box = await page.getByTestId('map').boundingBox();
  if (!box) throw new Error('no map');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** The value the impact card gives for one of its terms (County, Minor watershed, …). */
async function unitValue(page: Page, term: string): Promise<string> {
  const card = page.getByRole('region', { name: 'Impact location' });
  const row = card
    .locator('dl > div')
    .filter({ has: page.getByRole('term').getByText(term, { exact: true }) });
  return row.getByRole('definition').innerText();
}

async function layerAlerts(page: Page): Promise<string[]> {
  return page.getByRole('alert').filter({ hasText: 'could not be loaded' }).allInnerTexts();
}

describe('data on another origin', () => {
  let nginx: NginxHost;
  beforeAll(async () => {
    nginx = await startNginx(path.join(ROOT, 'dist/data'));
  });
  afterAll(async () => {
    await nginx?.close();
  });

  it(`reads every layer from a second host (${NGINX}) named in config.json, with ranges, and answers a click`, async () => {
    const dataUrl = `${nginx.url}data/`;
    const html = readFileSync(path.join(ROOT, 'dist/index.html'), 'utf8');
    // What a deployer does: name the data host in config.json and allow it in the CSP.
    const deployed: Fault = (pathname) => {
      if (pathname === '/config.json')
        return {
          status: 200,
          body: JSON.stringify({ dataUrl }),
          headers: { 'content-type': 'application/json' },
        };
      if (pathname === '/' || pathname === '/index.html')
        return {
          status: 200,
          body: html.replace("connect-src 'self'", `connect-src 'self' ${nginx.url.replace(/\/$/, '')}`),
          headers: { 'content-type': 'text/html; charset=utf-8' },
        };
      return null;
    };
    const app = await startApp(deployed);
    const { context, page, pageErrors } = await openPage(session.browser);
    try {
      // A shared link's card comes from range reads (before the layers arrive), a click's from them.
      await page.goto(`${app.url}?at=${HENNEPIN.join(',')}&view=${AITKIN.join(',')},9`);
      const card = page.getByRole('region', { name: 'Impact location' });
      await card.getByText('Hennepin County').waitFor();
      await waitForMapIdle(page);
      await clickMapCentre(page);
      await card.getByText('Aitkin County').waitFor();
      await page.getByRole('table', { name: /^Bank credits/ }).waitFor();
      expect(await layerAlerts(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath('hosting-cross-origin') });
      // No data from the app's own server; the second host answered ranges (206) and whole files.
      expect(app.requests.filter((request) => request.startsWith('/data/'))).toEqual([]);
      const log = nginx.accessLog();
      expect(log.some((line) => line.startsWith('200 "-" /data/manifest.json'))).toBe(true);
      expect(log.filter((line) => /^206 "bytes=\d+-\d+" \/data\/.*\.fgb$/.test(line)).length).toBeGreaterThan(
        0,
      );
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
      await app.close();
    }
  });

  it('answers the preflight and exposes the range headers a cross-origin reader needs', async () => {
    const response = await fetch(`${nginx.url}data/manifest.json`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://example.test', 'Access-Control-Request-Headers': 'range' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Range/);
    const ranged = await fetch(`${nginx.url}data/counties.fgb`, {
      headers: { Origin: 'http://example.test', Range: 'bytes=0-7' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('access-control-allow-origin')).toBe('*');
    expect(ranged.headers.get('access-control-expose-headers')).toMatch(/Content-Range/);
    expect(ranged.headers.get('content-range')).toMatch(/^bytes 0-7\/\d+$/);
  });
});

describe('the data source is the host’s choice, never the link’s', () => {
  it('ignores a ?data= parameter with a notice and reads its own data', async () => {
    const { context, page } = await openPage(session.browser);
    const before = session.app.requests.length;
    await page.goto(`${session.app.url}?data=http://127.0.0.1:9/evil/&at=${HENNEPIN.join(',')}`);
    await page.getByRole('region', { name: 'Impact location' }).getByText('Hennepin County').waitFor();
    expect(await notices(page).innerText()).toMatch(
      /Ignored the link's "data" parameter: where the map data comes from is set by whoever hosts this explorer, never by a link/,
    );
    expect(session.app.requests.slice(before)).toContain('/data/manifest.json');
    await context.close();
  });

  it('names a malformed config.json in a notice and uses the build’s data', async () => {
    const app = await startApp((pathname) =>
      pathname === '/config.json'
        ? { status: 200, body: '{"dataUrl": 42, ', headers: { 'content-type': 'application/json' } }
        : null,
    );
    const { context, page } = await openPage(session.browser);
    try {
      await page.goto(`${app.url}?at=${HENNEPIN.join(',')}`);
      await page.getByRole('region', { name: 'Impact location' }).getByText('Hennepin County').waitFor();
      expect(await notices(page).innerText()).toContain('config.json was not used: it is not valid JSON');
      expect(app.requests).toContain('/data/manifest.json');
    } finally {
      await context.close();
      await app.close();
    }
  });
});

describe('hosts that get ranges wrong', () => {
  it('falls back to one whole download with a notice naming a host without range support', async () => {
    const app = await startApp(ignoreRangesFault);
    const host = new URL(app.url).host;
    const { context, page } = await openPage(session.browser);
    try {
      await page.goto(`${app.url}?at=${HENNEPIN.join(',')}`);
      const card = page.getByRole('region', { name: 'Impact location' });
      await card.getByText('Hennepin County').waitFor();
      await card.getByText('BSA 7').waitFor();
      await page
        .getByRole('status')
        .getByText(`${host} does not answer range requests, so each map layer is downloaded whole`)
        .waitFor();
      await waitForMapIdle(page);
      expect(await layerAlerts(page)).toEqual([]);
      // One range request per file, answered whole, then slices of it: never a request per feature.
      const ranged = app.sent.filter((entry) => entry.range && entry.path === MINOR);
      expect(ranged.length).toBe(1);
      expect(ranged[0]?.status).toBe(200);
    } finally {
      await context.close();
      await app.close();
    }
  });

  it('loads every layer on 4 fresh visits to a host that gzips its layers and their partial responses', async () => {
    const app = await startApp(gzipRangesFault());
    const errors: string[] = [];
    try {
      // Four visits: each one races the card's range reads against the whole-layer reads and meets
      // the fault (cut streams from a file's 2nd range read, a 416 from its 3rd, a short whole file
      // at the 1st and 5th whole read); twenty took over three minutes of the 15-minute test budget
      // for the same checks, six 50 s.
      for (let visit = 0; visit < 4; visit++) {
        // A small window: fewer map tiles to draw, the same reads (kept fast; the reads are the test).
        const { context, page } = await openPage(session.browser, { viewport: { width: 480, height: 360 } });
        try {
          // A link: range reads for the card race the whole-layer reads, as on a first visit.
          await page.goto(`${app.url}?at=${HENNEPIN.join(',')}`);
          await page.getByRole('region', { name: 'Impact location' }).getByText('Hennepin County').waitFor();
          // Every layer read (or failed); drawing them is not what this test is about.
          await page.locator('#layer-progress').waitFor({ state: 'detached' });
          errors.push(...(await layerAlerts(page)).map((text) => `visit ${visit + 1}: ${text}`));
        } finally {
          await context.close();
        }
      }
      // The fault was exercised (gzipped, cut and refused ranges), and no visit saw a layer error.
      expect(app.sent.filter((entry) => entry.range && entry.status === 416).length).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await app.close();
    }
  }, 900_000);
});

describe('the offline copy on the production server', () => {
  it('after one visit to a host that sends Vary, reloads offline with the map and the card, each byte fetched once', async () => {
    const app = await startApp(undefined, { headers: { vary: 'Origin, Accept-Encoding' } });
    const { context, page, pageErrors } = await openPage(session.browser, { offlineCopy: true });
    // When the page sets up the offline copy: only once its layers are read (installing it compiles
    // every script of the app, time a first visit should spend drawing the map).
    await context.addInitScript(() => {
      const workers = navigator.serviceWorker;
      const register = workers.register.bind(workers);
      workers.register = (url, options) => {
        document.documentElement.dataset.offlineCopyRegistered = document.getElementById('layer-progress')
          ? 'while layers loaded'
          : 'after the layers';
        return register(url, options);
      };
    });
    try {
      await page.goto(`${app.url}?at=${HENNEPIN.join(',')}`);
      await waitForMapIdle(page);
      // The card and the ranking read their ranges; those are what the offline copy keeps.
      await page.getByRole('table', { name: /^Bank credits/ }).waitFor();
      const minorSize = readFileSync(path.join(ROOT, 'dist', MINOR)).byteLength;
      const minorSent = app.sent
        .filter((entry) => entry.path === MINOR)
        .reduce((sum, entry) => sum + entry.bytes, 0);
      const total = app.sent.reduce((sum, entry) => sum + entry.bytes, 0);
      console.info(
        `first visit: ${app.sent.length} requests, ${(total / 1e6).toFixed(2)} MB; minor watersheds ${(minorSent / 1e6).toFixed(2)} MB of a ${(minorSize / 1e6).toFixed(2)} MB file`,
      );
      // Page and offline copy share one download: the minor watersheds are read by range only.
      expect(minorSent).toBeLessThan(minorSize * 1.1);
      // No file's whole body was sent twice (the offline copy re-uses the page's fetches). The
      // one exception is index.html: the page was opened as /?at=…, the copy stores / (2 kB).
      const perPath = new Map<string, number>();
      for (const entry of app.sent.filter((entry) => !entry.range && entry.status === 200))
        perPath.set(entry.path, (perPath.get(entry.path) ?? 0) + 1);
      expect([...perPath].filter(([name, count]) => count > 1 && name !== '/')).toEqual([]);
      expect(perPath.get('/')).toBeLessThanOrEqual(2);

      await page.locator('html[data-offline-copy-registered]').waitFor({ state: 'attached' });
      expect(await page.locator('html').getAttribute('data-offline-copy-registered')).toBe(
        'after the layers',
      );

      // Up front, before going offline: which places work without a network until all is stored
      // (one line in the header while online; opened, it names them).
      await page.getByText(/^Works offline now: 1 place$/).click();
      await page
        .getByText(/^Without a network, only places already looked up here work .*Hennepin County/)
        .waitFor();

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await waitForMapIdle(page);
      const card = page.getByRole('region', { name: 'Impact location' });
      await card.getByText('Hennepin County').waitFor();
      await page.getByRole('table', { name: /^Bank credits/ }).waitFor();
      expect(await layerAlerts(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath('hosting-offline-vary') });

      // A place not visited before (Brainerd): no unit reads as a fact, and nothing is ranked as if unknown.
      // The wording rests on the failed reads (no answer from the data host), not navigator.onLine,
      // which some Chromium versions read as true after this offline reload.
      await page.getByRole('textbox', { name: /Coordinates/ }).fill('46.35, -94.20');
      await page.keyboard.press('Enter');
      await card
        .getByRole('alert')
        .getByText(/^Offline: this place is not stored on this device/)
        .waitFor();
      for (const label of ['County', 'Minor watershed', 'Wetland area class']) {
        expect(await unitValue(page, label)).toMatch(
          /^Not stored on this device, and the data host cannot be reached \(offline\?\)/,
        );
      }
      expect(await card.innerText()).not.toMatch(/Not found|\bUnknown\b|Could not be read|Reload the page/);
      const results = page.getByRole('region', { name: 'Ranked replacement options' });
      await results
        .getByText(
          /^Not ranked: the units of this place are not stored on this device, and the data host cannot be reached/,
        )
        .waitFor();
      // Nothing that needs a network is offered while the data host cannot be reached.
      expect(await page.getByRole('button', { name: /Make available offline/ }).count()).toBe(0);
      expect(await page.getByRole('table', { name: /^Bank credits/ }).count()).toBe(0);
      // The card calls the area class not known: the map draws no class colour to contradict it.
      await page
        .getByRole('region', { name: 'Map' })
        .getByRole('status')
        .getByText(/^Area-class colours not drawn: this place’s wetland area class is not known/)
        .waitFor();
      await waitForMapIdle(page);
      const png = await page.getByTestId('map').screenshot();
      let classPixels = 0;
      for (const colour of AREA_CLASS_ON_MAP) classPixels += await countPixels(page, png, colour, 3);
      expect(classPixels).toBeLessThan(200);
      await page.screenshot({ path: screenshotPath('hosting-offline-new-place') });
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
      await app.close();
    }
  }, 240_000);

  it('"Make available offline" shows the size, stores the layers with progress, says when done, and survives reload', async () => {
    const { context, page } = await openPage(session.browser, { offlineCopy: true });
    try {
      await page.goto(`${session.app.url}?at=${HENNEPIN.join(',')}`);
      await waitForMapIdle(page);
      const status = page.getByRole('status').getByText('Available offline on this device');
      // A first visit reads most layers by range: the rest is offered, with its size, before any download.
      const offer = page.getByRole('button', { name: /^Make available offline \(\d+(\.\d)? MB\)$/ });
      await offer.waitFor();
      // Record whether the labelled progress bar showed (storing from loopback takes a moment).
      await page.evaluate(() => {
        const seen = window as unknown as { progressSeen?: boolean };
        new MutationObserver(() => {
          if (document.querySelector('progress[aria-label="Storing for offline use"]'))
            seen.progressSeen = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
      await offer.click();
      await status.waitFor();
      expect(await page.evaluate(() => (window as unknown as { progressSeen?: boolean }).progressSeen)).toBe(
        true,
      );
      // The browser evicts the largest file (storage pressure); the page notices on return.
      await page.evaluate(async (minor) => {
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys())
            if (new URL(request.url).pathname === minor) await cache.delete(request);
        }
        window.dispatchEvent(new Event('focus'));
      }, MINOR);
      const minorMb = (readFileSync(path.join(ROOT, 'dist', MINOR)).byteLength / 1e6).toFixed(1);
      const button = page.getByRole('button', { name: `Make available offline (${minorMb} MB)` });
      await button.click();
      await status.waitFor();
      expect(await page.getByRole('button', { name: /Make available offline/ }).count()).toBe(0);
      await page.reload();
      await waitForMapIdle(page);
      await status.waitFor();
      await context.setOffline(true);
      await page.reload();
      await waitForMapIdle(page);
      await page.getByRole('textbox', { name: /Coordinates/ }).fill('46.55, -93.7');
      await page.keyboard.press('Enter');
      await page.getByRole('region', { name: 'Impact location' }).getByText('Aitkin County').waitFor();
      expect(await layerAlerts(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});
