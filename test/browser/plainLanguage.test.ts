/**
 * The plain-language view answers for the place (issue 24, item 9): it names the minor and major
 * watershed and the bank service area, keeps the place across both routes back to the explorer
 * and a reload, answers "why could a bank 100 miles away be used?" with this place's service area
 * and subd. 3(c), and on a phone brings the answer into view.
 */
import { describe, expect, it } from 'vitest';
import { appAndBrowserForFile, openPage, screenshotPath, waitForMapIdle } from './harness';
import { expectOfflineOfferIn } from './offlineOffer';

const session = appAndBrowserForFile();
/** Buffalo, Wright County (issue 24's planner). */
const BUFFALO = '-93.87,45.17';
const QUESTION = 'Why could a bank 100 miles away be used?';
/** Minn. Stat. 103G.222 subd. 3(c), as in ../shared/law/103G.222.txt. */
const SUBD_3C =
  'Notwithstanding paragraph (a), clauses (1) and (2), the priority order for replacement by wetland banking begins at paragraph (a), clause (3), according to rules adopted under section 103G.2242, subdivision 1.';

describe('plain-language view', () => {
  it('names the looked-up place’s watersheds and BSA, and keeps the place through a reload and back', async () => {
    const { context, page } = await openPage(session.browser);
    await page.goto(session.app.url);
    await waitForMapIdle(page);
    await page.getByRole('button', { name: 'Plain-language view' }).click();
    const explainer = page.getByRole('complementary', { name: 'What the terms mean' });
    const search = explainer.getByRole('combobox');
    await search.fill('Aitkin');
    await search.press('Enter');
    const waters = explainer.getByRole('region', { name: 'Where Aitkin County drains' });
    const items = waters.getByRole('listitem');
    await expect.poll(() => items.count(), { timeout: 120_000 }).toBe(3);
    const [minor, major, bsa] = await items.allInnerTexts();
    expect(minor).toMatch(/^Minor watershed: .+ \(no\. \d+\) — the small stream area this place drains to/);
    expect(major).toMatch(/^Major watershed: .+ \(no\. \d+\) — the large river basin/);
    expect(bsa).toMatch(/^Bank service area: .+ \(BSA \d+\) — the group of major watersheds/);
    expect(`${minor}${major}${bsa}`).not.toMatch(/not found|not known/);
    // The public's question, answered honestly: not shown here, and where the figures are (issue 33, blocker 3).
    const losses = explainer.getByRole('note', { name: 'Losses and replacements not shown' });
    expect(await losses.innerText()).toMatch(
      /^Not shown here: how many acres of wetland were drained or filled/,
    );
    expect(await losses.getByRole('link', { name: 'BWSR WCA Program Reports' }).getAttribute('href')).toBe(
      'https://bwsr.state.mn.us/wca-program-reports',
    );
    expect(await losses.getByRole('link', { name: 'USACE RIBITS' }).count()).toBe(1);

    // A reload in the plain-language view keeps the place looked up.
    await page.reload();
    await waitForMapIdle(page);
    await expect
      .poll(() => waters.getByRole('listitem').allInnerTexts(), { timeout: 60_000 })
      .toEqual([minor, major, bsa]);

    // Back to the explorer: with no impact yet, the place looked up becomes it.
    await explainer.getByRole('button', { name: 'Back to the explorer' }).click();
    const card = page.getByRole('complementary', { name: 'Controls and results' });
    await expect.poll(() => card.innerText(), { timeout: 60_000 }).toMatch(/County\s+Aitkin County/);
    expect(new URL(page.url()).searchParams.get('at')).not.toBeNull();

    // And the card's "What do these mean?" opens the view on the same place.
    await card.getByRole('button', { name: 'What do these mean?' }).click();
    await expect
      .poll(() => waters.getByRole('listitem').allInnerTexts(), { timeout: 60_000 })
      .toEqual([minor, major, bsa]);
    await page.screenshot({ path: screenshotPath('plain-language-place') });
    await context.close();
  });

  it('on a phone, says what works offline, answers the far-bank question for this place and scrolls the answer into view', async () => {
    const { context, page } = await openPage(session.browser, {
      viewport: { width: 390, height: 844 },
      offlineCopy: true,
    });
    await page.goto(`${session.app.url}?at=${BUFFALO}`);
    await waitForMapIdle(page);
    await page.getByRole('button', { name: 'What do these mean?' }).click();
    const explainer = page.getByRole('complementary', { name: 'What the terms mean' });
    // The card's place, not an empty view.
    const bsaItem = explainer
      .getByRole('region', { name: 'Where Wright County drains' })
      .getByRole('listitem')
      .filter({ hasText: 'Bank service area:' });
    await expect.poll(() => bsaItem.innerText()).toMatch(/\(BSA (\d+)\)/);
    const bsaId = (await bsaItem.innerText()).match(/\(BSA (\d+)\)/)?.[1];
    // The header keeps to the title on a phone: the public's view says itself what works without a
    // network, and offers to store the rest (it said nothing on a phone before).
    await expectOfflineOfferIn(page, explainer);

    await explainer.getByRole('button', { name: QUESTION }).click();
    const answer = explainer.getByRole('region', { name: QUESTION });
    const first = answer.getByRole('paragraph').first();
    await expect
      .poll(() => first.innerText())
      .toMatch(
        new RegExp(
          `^Wright County is in bank service area ${bsaId}, .+ covers about [\\d,]+ square miles — the counties of .*Wright`,
        ),
      );
    const text = await answer.innerText();
    expect(text).toContain(`it starts at level 3, the same bank service area (BSA ${bsaId})`);
    expect(text).toContain(`“${SUBD_3C}”`);

    // The answer's first paragraph is on screen, whole, inside the sheet.
    await expect
      .poll(
        async () => {
          const box = await first.boundingBox();
          const sheet = await explainer.boundingBox();
          return box && sheet ? box.y >= sheet.y && box.y + box.height <= 844 : false;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    await page.screenshot({ path: screenshotPath('plain-language-phone-answer') });
    await context.close();
  });

  it('on a phone, puts the plain-language sentence for a place looked up above the fold', async () => {
    const { context, page } = await openPage(session.browser, { viewport: { width: 390, height: 844 } });
    try {
      await page.goto(session.app.url);
      await waitForMapIdle(page);
      await page.getByRole('button', { name: 'Plain-language view' }).click();
      const explainer = page.getByRole('complementary', { name: 'What the terms mean' });
      const search = explainer.getByRole('combobox');
      await search.fill('Aitkin');
      await explainer
        .getByRole('option', { name: /^Aitkin County/ })
        .first()
        .waitFor();
      await search.press('Enter');
      const sentence = explainer.getByRole('status').filter({ hasText: /^In Aitkin County, / });
      await sentence.waitFor();
      await expect
        .poll(async () => {
          const box = await sentence.boundingBox();
          const sheet = await explainer.boundingBox();
          return box && sheet ? box.y >= sheet.y && box.y + box.height <= 844 : false;
        })
        .toBe(true);
      await page.screenshot({ path: screenshotPath('plain-language-phone-sentence') });
    } finally {
      await context.close();
    }
  });
});
