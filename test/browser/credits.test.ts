/**
 * Issue 21 on the page, one page load: with no listing loaded a bank row says credits are not
 * loaded; "Load credit listing…" reads a BWSR listing (template columns) through the page's file
 * input, names the bad row and keeps the good rows once the user agrees; a bank's credits and
 * as-of date then show in its row, a zero-balance bank is listed apart, and the supply panel
 * gives the credits of the impact's bank service area. The build's banks.json is served as a live
 * RIBITS refresh with a ribits-ledgers.json (LEDGER entries in RIBITSr's documented shape, read by
 * the real reader), so the panel shows withdrawals per year labelled as derived from the ledger.
 * Real bank names, invented figures (tests only).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBankSiteData } from '../../src/formats/ribits/readBankSiteData';
import { bankSiteDataAnswer } from '../fixtures/ribits/ribitsFixtures';
import { appAndBrowserForFile, openPage, ROOT, screenshotPath, waitForMapIdle } from './harness';

const session = appAndBrowserForFile();
const HENNEPIN: [number, number] = [-93.3, 45.1];

interface BankEntry {
  siteId: string;
  name: string;
  shortName: string | null;
  bwsrAccount: string | null;
  status: string | null;
  location: [number, number] | null;
}

/** The two approved banks with accounts nearest the impact (in the build's banks.json). */
async function nearestBanks(): Promise<[BankEntry, BankEntry]> {
  const file = JSON.parse(await readFile(path.join(ROOT, 'dist/data/banks.json'), 'utf8')) as {
    banks: BankEntry[];
  };
  const distance = (at: [number, number]) => Math.hypot(at[0] - HENNEPIN[0], at[1] - HENNEPIN[1]);
  const near = file.banks
    .filter((bank) => bank.status === 'Approved' && bank.location && bank.bwsrAccount && bank.shortName)
    .sort((a, b) => distance(a.location as [number, number]) - distance(b.location as [number, number]));
  return [near[0] as BankEntry, near[1] as BankEntry];
}

describe('credit listings on the page', () => {
  it('loads a listing: a bank row shows its credits and as-of date, a zero balance is apart, the supply panel counts them', async () => {
    const [selling, empty] = await nearestBanks();
    const work = await mkdtemp(path.join(tmpdir(), 'credits-browser-'));
    const listing = path.join(work, 'bwsr-listing.csv');
    await writeFile(
      listing,
      [
        'Account Number,Bank Name,Credit Type,Circular 39 Type,Approval,Credits Available,Unit,As Of Date',
        `${selling.bwsrAccount},"${selling.shortName}",Type 3 shallow marsh,Type 3,both,4.5,acres,`,
        `${empty.bwsrAccount},"${empty.shortName}",Type 3 shallow marsh,Type 3,WCA only,0,acres,`,
        `${selling.bwsrAccount},"${selling.shortName}",Type 2,Type 2,404 only,-1,acres,`,
      ].join('\n'),
    );
    const { context, page, pageErrors } = await openPage(session.browser, {
      viewport: { width: 1280, height: 1000 },
    });
    // The built banks as a live refresh of 2026-12-01 whose selling bank has a ledger: two
    // withdrawals in the 5 years before (6 credits), a release and an older withdrawal that do not count.
    const built = JSON.parse(await readFile(path.join(ROOT, 'dist/data/banks.json'), 'utf8')) as {
      banks: (BankEntry & { ledgerEntries: number | null })[];
    };
    const LEDGER = [
      ['Release', '01/10/2015', 40],
      ['Withdrawal', '05/05/2019', 50],
      ['Withdrawal', '07/01/2022', 4],
      ['Withdrawal', '03/15/2024', 2],
    ].map(([type, date, credits], i) => ({
      TRANSACTION_ID: 91000 + i,
      TRANSACTION_TYPE: type,
      JURISDICTION: 'State',
      TRANSACTION_DATE: date,
      CREDITS: credits,
      CREDIT_TYPE_LIST: 'Wetland',
    }));
    const ledger = readBankSiteData(
      bankSiteDataAnswer(
        { id: 1, name: selling.name, ledger: LEDGER },
        { serviceArea: false, footprint: false, contacts: false, ledger: true },
      ),
      1,
      'fixture',
    ).ledger;
    // Both are fetched by the page itself (not a worker), so a browser-side route serves them.
    await page.route('**/data/banks.json', (route) =>
      route.fulfill({
        json: {
          ...built,
          source: 'ribits-refresh',
          retrieved: '2026-12-01T12:00:00Z',
          banks: built.banks.map((b) => ({ ...b, ledgerEntries: b.siteId === selling.siteId ? 4 : null })),
        },
      }),
    );
    // The manifest says so too: the page decides from it whether to fetch the ledgers.
    const manifest = JSON.parse(await readFile(path.join(ROOT, 'dist/data/manifest.json'), 'utf8'));
    manifest.banks = {
      ...manifest.banks,
      source: 'ribits-refresh',
      retrieved: '2026-12-01T12:00:00Z',
      ledgers: { file: 'ribits-ledgers.json', banks: 1, entries: LEDGER.length },
    };
    await page.route('**/data/manifest.json', (route) => route.fulfill({ json: manifest }));
    await page.route('**/data/ribits-ledgers.json', (route) =>
      route.fulfill({ json: { schema: 1, ledgers: { [selling.siteId]: ledger } } }),
    );
    try {
      await page.goto(`${session.app.url}?at=${HENNEPIN.join(',')}`);
      await waitForMapIdle(page);
      const banks = page.getByRole('table', { name: 'Bank credits (levels 3–4)' });
      await banks.waitFor();
      // No listing: plain words, no figure.
      await expect.poll(async () => banks.innerText(), { timeout: 60_000 }).toContain('Credits not loaded');

      await page.getByLabel('As-of date (used where the file states none)').fill('2026-11-15');
      await page.getByLabel('Credit listing file').setInputFiles(listing);
      // The bad row is named by row and column; the good rows are kept only once the user agrees.
      const bad = page.getByRole('alertdialog');
      await bad.waitFor();
      expect(await bad.innerText()).toMatch(/Row 4, column Credits Available/);
      await page.getByRole('button', { name: 'Keep the good rows' }).click();
      await page.getByRole('list', { name: 'Loaded credit listings' }).waitFor();

      const sellingRow = banks.locator('tbody tr', { hasText: selling.shortName as string });
      await expect
        .poll(async () => sellingRow.innerText(), { timeout: 60_000 })
        .toContain('4.5 acres WCA and Section 404');
      expect(await sellingRow.innerText()).toContain('as of 2026-11-15 (bwsr-listing.csv)');

      const apart = page.getByRole('table', { name: 'Banks that cannot sell credits' });
      await expect.poll(async () => apart.innerText()).toContain(empty.shortName as string);
      expect(await banks.innerText()).not.toContain(empty.shortName as string);

      const supply = page.getByRole('region', { name: 'Credit supply near the impact' });
      await expect
        .poll(async () => supply.innerText())
        .toMatch(/WCA and Section 404\s+Type 3\s+4\.5 acres\s+1\s+2026-11-15/);
      const withdrawals = page.getByRole('region', { name: 'Withdrawals per year and years of supply' });
      const ledgerText = await withdrawals.innerText();
      expect(ledgerText).toContain(
        'Derived from the RIBITS ledger, withdrawals 2021-12-01 to 2026-12-01 (5 years, or since a bank’s first ledger entry when later), as of 2026-12-01',
      );
      // 6 credits over 5 years; no RIBITS figure of State credits, so no years of supply (acres are not credits).
      expect(ledgerText).toMatch(/\tState\t1\.2 credits \(2 withdrawals\)\t—\tnone: no available figure/);
      expect(ledgerText).toContain('2021-12-01 to 2026-12-01');
      expect(ledgerText).toContain('none: no available figure for State credits');
      await withdrawals.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath('credits-listing-loaded') });

      // The hearing's bank step names the impact's bank service area's credits by approval, dated,
      // with the notice to confirm them with BWSR (issue 21, item 4).
      await page.getByRole('button', { name: 'Present at a hearing' }).click();
      await page.getByRole('button', { name: /^Go to step 6: Priority 3/ }).click();
      const credits = page.getByRole('region', { name: "Credits in the impact's bank service area" });
      await credits.waitFor();
      const said = await credits.innerText();
      expect(said).toMatch(/WCA and Section 404: 4\.5 acres of Type 3 \(1 bank\), as of 2026-11-15/);
      expect(said).toContain('must be confirmed with BWSR');
      expect(said).not.toContain('not loaded');
      await page.screenshot({ path: screenshotPath('hearing-bank-credits') });

      // The saved copy damaged (issue 32 item 7): after a reload the page names the lost listing
      // and uses no figure of it, where it used to show nothing and overwrite it at the next load.
      const damaged = await page.evaluate(
        () =>
          new Promise<string>((resolve, reject) => {
            const open = indexedDB.open('mn-wetland-siting-credit-listings');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const store = open.result.transaction('listings', 'readwrite').objectStore('listings');
              const get = store.get('current');
              get.onsuccess = () => {
                const record = get.result as { entries: { file: string; json: string }[] };
                record.entries[0]!.json = record.entries[0]!.json.slice(0, 200);
                const put = store.put(record);
                put.onsuccess = () => resolve(record.entries[0]!.file);
                put.onerror = () => reject(put.error);
              };
            };
          }),
      );
      expect(damaged).toBe('bwsr-listing.csv');
      await page.goto(`${session.app.url}?at=${HENNEPIN.join(',')}`);
      await waitForMapIdle(page);
      const lost = page.getByRole('alert').filter({ hasText: 'could not be read' });
      await lost.waitFor();
      expect(await lost.innerText()).toContain('"bwsr-listing.csv" (the saved copy is damaged)');
      await lost.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath('credits-listing-lost') });
      await expect.poll(async () => banks.innerText(), { timeout: 60_000 }).toContain('Credits not loaded');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
      await rm(work, { recursive: true, force: true });
    }
  }, 240_000);
  it('on a phone, each ranked option is a card that fits the screen, its credits in words; banks with credits one click away', async () => {
    const [selling] = await nearestBanks();
    const work = await mkdtemp(path.join(tmpdir(), 'credits-phone-'));
    const listing = path.join(work, 'bwsr-listing.csv');
    // One bank far down the ladder holds credits: the nearest rows say "not known".
    await writeFile(
      listing,
      [
        'Account Number,Bank Name,Credit Type,Circular 39 Type,Approval,Credits Available,Unit,As Of Date',
        `${selling.bwsrAccount},"${selling.shortName}",Type 3 shallow marsh,Type 3,WCA only,4.5,acres,2026-11-15`,
      ].join('\n'),
    );
    const { context, page, pageErrors } = await openPage(session.browser, {
      viewport: { width: 390, height: 844 },
    });
    try {
      await page.goto(`${session.app.url}?at=${HENNEPIN.join(',')}`);
      await waitForMapIdle(page);
      const banks = page.getByRole('table', { name: 'Bank credits (levels 3–4)' });
      await banks.waitFor({ state: 'attached' });
      const firstCard = banks.getByRole('row').nth(1);
      await expect
        .poll(async () => firstCard.innerText(), { timeout: 60_000 })
        .toContain('Credits for sale: not known here. Load the bank’s credit listing, or ask BWSR.');
      // A card, not a 640 px table in a 330 px box: nothing scrolls sideways, each row within the screen.
      const scroll = page.getByTestId('ladder-scroll-bank');
      const overflow = await scroll.evaluate((box) => box.scrollWidth - box.clientWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await firstCard.scrollIntoViewIfNeeded();
      const card = await firstCard.boundingBox();
      expect(card!.x).toBeGreaterThanOrEqual(0);
      expect(card!.x + card!.width).toBeLessThanOrEqual(390);
      // The site's name is still the row's header, for a screen reader reading the card.
      expect(await firstCard.getByRole('rowheader').getByRole('button').count()).toBe(1);
      await page.screenshot({ path: screenshotPath('credits-phone-cards') });

      await page.getByLabel('Credit listing file').setInputFiles(listing);
      await page.getByRole('list', { name: 'Loaded credit listings' }).waitFor();
      const first = page.getByRole('button', { name: 'Show the 1 bank with listed credits first' });
      await first.click();
      await expect
        .poll(async () => firstCard.innerText(), { timeout: 30_000 })
        .toContain(selling.shortName as string);
      expect(await firstCard.innerText()).toMatch(
        /Has 4\.5 acres of credit for sale \(bwsr-listing\.csv, as of 2026-11-15\); it counts for a WCA replacement\./,
      );
      // One click back to the statutory order.
      expect(await first.count()).toBe(0);
      await firstCard.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath('credits-phone-listed-first') });
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
      await rm(work, { recursive: true, force: true });
    }
  }, 240_000);
});
