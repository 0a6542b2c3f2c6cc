/**
 * "Share link" (issue 33): the address holds the whole state, and both views say so and hand it
 * on — copied to the clipboard on a desktop, through the system share sheet on a phone, and shown
 * selected in a box when the clipboard refuses.
 */
import { describe, expect, it } from 'vitest';
import { appAndBrowserForFile, openPage, screenshotPath, waitForMapIdle } from './harness';

const session = appAndBrowserForFile();
const AITKIN = '-93.71,46.53';

describe('share link', () => {
  it('copies the link of the explorer, which reopens the same impact', async () => {
    const { context, page } = await openPage(session.browser);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.app.url });
      await page.goto(`${session.app.url}?at=${AITKIN}`);
      await waitForMapIdle(page);
      const results = page.getByRole('region', { name: 'Ranked replacement options' });
      await results.waitFor();
      await page.getByRole('button', { name: 'Share link' }).click();
      await page
        .getByRole('status')
        .getByText(/^Link copied\. It opens this view as it is now/)
        .waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(page.url());
      expect(new URL(copied).searchParams.get('at')).toMatch(/^-93\.71\d*,46\.53\d*$/);
      await page.screenshot({ path: screenshotPath('share-link-copied') });
    } finally {
      await context.close();
    }
  }, 180_000);

  it('shows the link selected to copy by hand when the clipboard refuses', async () => {
    const { context, page } = await openPage(session.browser);
    try {
      await context.addInitScript(() => {
        Object.defineProperty(navigator, 'clipboard', {
          value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
        });
      });
      await page.goto(`${session.app.url}?at=${AITKIN}`);
      await waitForMapIdle(page);
      await page.getByRole('button', { name: 'Share link' }).click();
      await page.getByText('Copying was refused by the browser: copy the link below.').waitFor();
      const box = page.getByRole('textbox', { name: 'Link to this view' });
      expect(await box.inputValue()).toBe(page.url());
    } finally {
      await context.close();
    }
  }, 180_000);

  it('on a phone, opens the system share sheet with the link, in the explorer and the public view', async () => {
    const { context, page } = await openPage(session.browser, { viewport: { width: 390, height: 844 } });
    try {
      // Chromium on Linux has no share sheet: a stand-in records what the page hands it, and the
      // page is told it has a touch screen as a phone does.
      await context.addInitScript(() => {
        const shared: unknown[] = [];
        (window as unknown as { shared: unknown[] }).shared = shared;
        Object.defineProperty(navigator, 'share', {
          value: (data: unknown) => {
            shared.push(data);
            return Promise.resolve();
          },
        });
        const match = window.matchMedia.bind(window);
        window.matchMedia = (query: string) =>
          query === '(pointer: coarse)' ? ({ matches: true } as MediaQueryList) : match(query);
      });
      await page.goto(`${session.app.url}?at=${AITKIN}`);
      await waitForMapIdle(page);
      await page.getByRole('button', { name: 'Share link' }).click();
      await page.getByRole('status').getByText('Link shared.').waitFor();
      const shared = () => page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared);
      expect((await shared())[0]?.url).toBe(page.url());

      await page.getByRole('button', { name: /Plain-language view/ }).click();
      const explainer = page.getByRole('complementary', { name: 'What the terms mean' });
      await explainer.getByRole('button', { name: 'Share link' }).click();
      await expect.poll(async () => (await shared()).length).toBe(2);
      expect((await shared())[1]?.url).toBe(page.url());
      await page.screenshot({ path: screenshotPath('share-link-phone-public') });
    } finally {
      await context.close();
    }
  }, 180_000);
});
