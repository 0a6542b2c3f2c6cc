/**
 * Issue 37 on the page: from a ranked bank to BWSR's withdrawal application, filled in. A BWSR
 * listing in the project's template (real bank names and accounts of the build, invented figures:
 * tests only) is loaded through the page's file input; then the bank row's and the map card's
 * action, the filled page printed to one Letter PDF and read back with pdftotext, changing pools,
 * typed-in fields kept across a reload and absent from the link, and each refusal.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appAndBrowserForFile, openPage, RESULTS_DIR, ROOT, screenshotPath, waitForMapIdle } from './harness';

const session = appAndBrowserForFile();
const HENNEPIN: [number, number] = [-93.3, 45.1];

interface BankEntry {
  siteId: string;
  shortName: string | null;
  bwsrAccount: string | null;
  status: string | null;
  location: [number, number] | null;
}

let work: string;
let listing: string;
let selling: BankEntry;
let federal: BankEntry;
let pending: BankEntry;

beforeAll(async () => {
  const banks = (
    JSON.parse(await readFile(path.join(ROOT, 'dist/data/banks.json'), 'utf8')) as { banks: BankEntry[] }
  ).banks;
  const distance = (b: BankEntry) => Math.hypot(b.location![0] - HENNEPIN[0], b.location![1] - HENNEPIN[1]);
  const usable = banks
    .filter((b) => b.location && b.bwsrAccount && b.shortName)
    .filter((b) => banks.filter((o) => o.bwsrAccount === b.bwsrAccount).length === 1)
    .sort((a, b) => distance(a) - distance(b));
  [selling, federal] = usable.filter((b) => b.status === 'Approved') as [BankEntry, BankEntry];
  pending = usable.find((b) => b.status === 'Pending')!;
  work = await mkdtemp(path.join(tmpdir(), 'application-browser-'));
  listing = path.join(work, 'bwsr-listing.csv');
  const row = (bank: BankEntry, rest: string) => `${bank.bwsrAccount},"${bank.shortName}",${rest}`;
  await writeFile(
    listing,
    [
      'Account Number,Bank Name,Credit Type,Credit Subgroup,Plant Community,Circular 39 Type,Approval,Credits Available,Unit,Price per Credit,As Of Date',
      row(selling, 'Type 3 shallow marsh,A,Shallow marsh,Type 3,both,1.5,acres,38000,2026-11-20'),
      row(selling, 'Type 2 meadow,B,Sedge meadow,Type 2,WCA only,0.25,acres,,2026-11-20'),
      row(selling, 'Type 3 shallow marsh,C,Shallow marsh,Type 3,404 only,9,acres,,2026-11-20'),
      row(federal, 'Type 3 shallow marsh,A,Shallow marsh,Type 3,404 only,7,acres,,2026-11-20'),
      row(pending, 'Type 3 shallow marsh,A,Shallow marsh,Type 3,both,3,acres,,2026-11-20'),
    ].join('\n'),
  );
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function loadListing(page: Page): Promise<void> {
  await page.getByLabel('As-of date (used where the file states none)').fill('2026-11-20');
  await page.getByLabel('Credit listing file').setInputFiles(listing);
  await page.getByRole('list', { name: 'Loaded credit listings' }).waitFor();
  // The banks with listed credits first: the Pending one is far down the statutory order.
  await page.getByRole('button', { name: /^Show the \d+ banks? with listed credits first$/ }).click();
}

const rowOf = (page: Page, bank: BankEntry) =>
  page.locator('.app tbody tr', { hasText: bank.shortName as string });

async function pdfText(page: Page, name: string): Promise<string> {
  const pdfPath = path.join(RESULTS_DIR, `${name}.pdf`);
  await page.pdf({ path: pdfPath, format: 'Letter', printBackground: true, preferCSSPageSize: true });
  expect(execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' })).toMatch(/^Pages:\s+1$/m);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', pdfPath, path.join(RESULTS_DIR, name)]);
  return execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('the withdrawal application on the page', () => {
  it('opens from the bank row filled in, changes pools, prints one Letter page, keeps typed fields off the link', async () => {
    const { context, page, pageErrors } = await openPage(session.browser, {
      viewport: { width: 1280, height: 860 },
    });
    try {
      await page.goto(`${session.app.url}?at=${HENNEPIN.join(',')}`);
      await waitForMapIdle(page);
      await page.getByRole('table', { name: 'Bank credits (levels 3–4)' }).waitFor();
      await loadListing(page);
      const action = rowOf(page, selling).getByRole('button', {
        name: /^Prepare withdrawal application for /,
      });
      await action.waitFor({ timeout: 60_000 });
      // Refusals are named on the rows: a Pending bank, and one whose only credit is Section 404 only.
      await expect
        .poll(async () => rowOf(page, pending).innerText())
        .toContain('No withdrawal application: status Pending, not Approved');
      await expect
        .poll(async () => rowOf(page, federal).innerText())
        .toContain('No withdrawal application: no pool that can serve a WCA plan');
      expect(
        await rowOf(page, federal)
          .getByRole('button', { name: /^Prepare withdrawal/ })
          .count(),
      ).toBe(0);

      await action.click();
      const dialog = page.getByRole('dialog', { name: /^Withdrawal application: / });
      await dialog.waitFor();
      const form = dialog.getByRole('article');
      // 1 acre in Hennepin County (less than 50 percent: 2:1) needs 2 acres: A (1.5) and B (0.25) by default.
      const words = async () => (await form.innerText()).replace(/\s+/g, ' ');
      await expect.poll(words).toContain(`Account Number: ${selling.bwsrAccount}`);
      const text = await words();
      expect(text).toMatch(/Replacement Credits Required: 2 /);
      expect(text).toContain('County: Hennepin');
      const withdrawn = form.getByRole('table', { name: 'Credits to be withdrawn' });
      expect(await withdrawn.innerText()).toMatch(/A\tShallow marsh · Type 3\t1\.5\t\$38,000/);
      expect(await withdrawn.innerText()).toMatch(/B\tSedge meadow · Type 2\t0\.25/);
      expect(await withdrawn.innerText()).toMatch(/TOTAL CREDITS\t1\.75/);
      expect(text).toMatch(/Shortfall: 0\.25 acres\..*\(Minn\. R\. 8420\.0522 subp\. 1\)/s);
      await expect
        .poll(words)
        .toMatch(/City of \w.*Hennepin County\. This is where to confirm the LGU, not the LGU of record/);
      // The Section 404 only pool is never on the form.
      const pools = dialog.getByRole('region', { name: 'Pools for this application' });
      expect(await pools.innerText()).toMatch(
        /subgroup C .*Not on the form: Section 404 only credit cannot serve/s,
      );
      expect(await withdrawn.innerText()).not.toMatch(/\bC\t/);

      // Changing pools: 1 credit from A; more than B lists is refused with the reason.
      await pools.getByRole('spinbutton', { name: /^Credits from subgroup A/ }).fill('1');
      await expect.poll(async () => withdrawn.innerText()).toMatch(/TOTAL CREDITS\t1\.25/);
      await pools.getByRole('spinbutton', { name: /^Credits from subgroup B/ }).fill('0.5');
      await expect
        .poll(async () => pools.getByRole('alert').innerText())
        .toMatch(/more than the 0\.25 the pool lists/);
      await pools.getByRole('spinbutton', { name: /^Credits from subgroup B/ }).fill('0.25');

      // Typed in: kept on this device and in the project file, never in the link.
      await form.getByLabel('Name:', { exact: true }).fill('Ada Planner');
      await form.getByLabel('WCA LGU').fill('City of Example');
      await form.getByLabel('Project Name').fill('Example Road');
      expect(page.url()).not.toMatch(/Ada|Example/);
      const flowing = await pdfText(page, 'withdrawal-application');
      expect(flowing).toContain(
        'Application for Withdrawal of Wetland Credits from the Minnesota Wetland Bank',
      );
      expect(flowing).toContain('Demonstration geography — not official. Not for submission.');
      expect(flowing).toContain('Ada Planner');
      expect(flowing).toContain(`Account Number: ${selling.bwsrAccount}`);
      expect(flowing).toMatch(/TOTAL CREDITS 1\.25/);
      expect(flowing).not.toContain('Pools for this application');
      await page.screenshot({ path: screenshotPath('withdrawal-application-desktop'), fullPage: true });
      // The same fields as CSV: one row per withdrawal, spreadsheet-ready.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download the application (CSV)' }).click(),
      ]);
      const csv = (await readFile((await download.path()) as string, 'utf8')).replace(/^\uFEFF/, '');
      const [header, ...csvRows] = csv.trim().split('\r\n');
      expect(header).toMatch(
        /^projectName,bankServiceArea,county,majorWatershed,wetlandImpactSizeAcres,replacementCreditsRequired,/,
      );
      expect(csvRows).toHaveLength(2);
      expect(csvRows[0]).toMatch(
        new RegExp(
          `^Example Road,\\d+,Hennepin,\\d+,1,2,WCA replacement plan decision,${selling.bwsrAccount},`,
        ),
      );

      await page.reload();
      await waitForMapIdle(page);
      expect(page.url()).not.toMatch(/Ada|Example/);
      await rowOf(page, selling)
        .getByRole('button', { name: /^Prepare withdrawal application for / })
        .click();
      const again = page.getByRole('dialog', { name: /^Withdrawal application: / }).getByRole('article');
      await expect
        .poll(async () => again.getByLabel('Name:', { exact: true }).inputValue())
        .toBe('Ada Planner');
      expect(await again.getByLabel('WCA LGU').inputValue()).toBe('City of Example');
      await expect
        .poll(async () => again.getByRole('table', { name: 'Credits to be withdrawn' }).innerText())
        .toMatch(/TOTAL CREDITS\t1\.25/);
      // Close returns to the ranking; the report then names the application's bank and credits.
      await page.getByRole('button', { name: 'Close the application' }).click();
      await expect
        .poll(async () => page.locator('.report-host').innerText())
        .toMatch(
          /Withdrawal application prepared: .*1\.25 credits \(1 from subgroup A, 0\.25 from subgroup B\); 0\.75 acres short/,
        );
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);

  it('on the map card and on a phone: the selected bank offers the application; a refusal says why', async () => {
    const { context, page, pageErrors } = await openPage(session.browser, {
      viewport: { width: 390, height: 844 },
    });
    try {
      await page.goto(`${session.app.url}?at=${HENNEPIN.join(',')}`);
      await waitForMapIdle(page);
      await loadListing(page);
      // Selecting the bank (its name in the ranking) puts its card on the map.
      const name = rowOf(page, selling).locator('th button').first();
      await name.waitFor({ timeout: 60_000 });
      await name.click();
      const card = page.getByRole('complementary', { name: 'Selected bank' });
      await card.waitFor();
      await card.getByRole('button', { name: /^Prepare withdrawal application for / }).click();
      const dialog = page.getByRole('dialog', { name: /^Withdrawal application: / });
      await dialog.getByRole('table', { name: 'Credits to be withdrawn' }).waitFor();
      await page.screenshot({ path: screenshotPath('withdrawal-application-phone'), fullPage: true });
      // Printed from a phone it is the same one Letter page.
      expect(await pdfText(page, 'withdrawal-application-phone')).toMatch(/TOTAL CREDITS 1\.75/);
      // Only pools approved for both: B (WCA only) leaves the form.
      await dialog
        .getByRole('radio', { name: 'WCA replacement plan decision and Section 404 permit' })
        .check();
      await expect
        .poll(async () => dialog.getByRole('table', { name: 'Credits to be withdrawn' }).innerText())
        .not.toMatch(/\bB\t/);
      await page.getByRole('button', { name: 'Close the application' }).click();
      // The Pending bank's card says why there is no application.
      await rowOf(page, pending).locator('th button').first().click();
      await expect
        .poll(async () => card.innerText())
        .toContain('No withdrawal application: status Pending, not Approved');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});
