/**
 * On a phone the header keeps to the title: what works without a network, and the offer to store
 * the rest, must be in the panel the user has open (the explorer's sheet, the plain-language view).
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits for the offer in `panel`, then checks the one-place line beside it and none in the header. */
export async function expectOfflineOfferIn(page: Page, panel: Locator): Promise<void> {
  await panel.getByRole('button', { name: /^Make available offline \(\d+(\.\d)? MB\)$/ }).waitFor();
  const places = panel.getByText(/^Works offline now: 1 place$/);
  expect(await places.isVisible()).toBe(true);
  // The offer comes first in reading and tab order, the places line after it (issue 33).
  const offer = panel.getByRole('button', { name: /^Make available offline/ });
  const handle = await places.elementHandle();
  expect(
    await offer.evaluate(
      (button, summary) =>
        Boolean(summary && button.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING),
      handle,
    ),
  ).toBe(true);
  expect(
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Make available offline/ })
      .count(),
  ).toBe(0);
}
