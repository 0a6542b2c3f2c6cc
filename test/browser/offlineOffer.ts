/**
 * On a phone the header keeps to the title: what works without a network, and the offer to store
 * the rest, must be in the panel the user has open (the explorer's sheet, the plain-language view).
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits for the offer in `panel`, then checks the one-place line beside it and none in the header. */
export async function expectOfflineOfferIn(page: Page, panel: Locator): Promise<void> {
  await panel.getByRole('button', { name: /^Make available offline \(\d+(\.\d)? MB\)$/ }).waitFor();
  expect(await panel.getByText(/^Without a network: 1 place$/).isVisible()).toBe(true);
  expect(
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Make available offline/ })
      .count(),
  ).toBe(0);
}
