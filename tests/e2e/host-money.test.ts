/**
 * Finances and analytics on the demo data: the figures match the bookings on the device, the CSV
 * downloads carry exactly the rows behind a figure, and the analytics page shows its figures and
 * charts for a chosen period beside the one before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatMoney, formatMoneyList } from '../../shared/format/money';
import { sortCurrencies } from '../../shared/money';
import { launchBrowser, newSession } from './support/browser';
import { downloadCsv } from './support/csv';
import { DEMO_PASSWORD, demoEmail } from './support/accounts';
import { localRows } from './support/storage';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const cents = (units: unknown) => Math.round(Number(units) * 100);
type LocalRow = Record<string, unknown>;
const currencyOf = (row: LocalRow) => String(row.currency || 'USD');

/**
 * What a per-currency figure must read: one amount per currency (of the rows and of the given
 * properties), each the sum of that currency's rows, the default first, as shared/format/money.ts
 * writes them in the browser's en-US.
 */
function perCurrency(rows: readonly LocalRow[], field: string, properties: readonly LocalRow[] = []): string {
  const currencies = sortCurrencies([...properties, ...rows].map(currencyOf));
  const list = currencies.map((currency) => ({ currency, amount: rows.filter((r) => currencyOf(r) === currency).reduce((s, r) => s + cents(r[field]), 0) / 100 }));
  return shownAs(list);
}

/** A stat card lists several currencies one per line (client/src/lib/display.tsx MoneyFigures). */
function shownAs(list: readonly { currency: string; amount: number }[]): string {
  return list.length > 1 ? list.map((m) => formatMoney(m.amount, m.currency, 'en-US')).join('\n') : formatMoneyList(list, 'en-US');
}

describe('host money pages', () => {
  it('finances match the bookings, and each CSV holds the rows behind its figure', async () => {
    const { context, page, errors } = await newSession(browser);
    try {
      const login = new LoginPage(page);
      await login.goto('?redirect=/host/finances');
      await login.signIn(demoEmail('host'), DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/host/finances');
      const shell = new AppShell(page);
      await shell.waitForHeading('Finances');
      await shell.waitForData();

      const year = await page.getByLabel('Year', { exact: true }).inputValue();
      const bookings = (await localRows(page, 'bookings')).filter((b) => b.booking_status !== 'cancelled' && String(b.check_in_date).startsWith(`${year}-`));
      const properties = await localRows(page, 'properties');
      expect(bookings.length, 'the demo host has bookings this year').toBeGreaterThan(0);
      // The demo prices Lisbon in euros and Kyoto in yen: the figures are per currency, never summed.
      expect(new Set(bookings.map(currencyOf))).toEqual(new Set(['USD', 'EUR', 'JPY']));
      const gross = bookings.reduce((s, b) => s + cents(b.total_amount), 0);

      const stat = (label: string) => page.locator('.stat', { has: page.locator('.stat__label', { hasText: label }) }).locator('.stat__value');
      expect(await stat('Gross revenue').innerText()).toBe(perCurrency(bookings, 'total_amount', properties));
      expect(await stat('Commission').innerText()).toBe(perCurrency(bookings, 'commission_amount', properties));
      expect(await stat('Net payout').innerText()).toBe(perCurrency(bookings, 'net_amount', properties));
      // Yen never show decimals.
      expect(await stat('Gross revenue').innerText()).toMatch(/¥[\d,]+$/);
      expect(await page.locator('table', { has: page.locator('caption', { hasText: `Revenue by month, ${year}, in USD` }) }).locator('tbody tr').count()).toBe(12);

      // The currency switch: the month table and its summary CSV are of one currency, and add up
      // to that currency's rows.
      await page.getByLabel('Currency', { exact: true }).selectOption('EUR');
      const euroMonths = page.locator('table', { has: page.locator('caption', { hasText: `Revenue by month, ${year}, in EUR` }) });
      await euroMonths.waitFor();
      const euros = bookings.filter((b) => currencyOf(b) === 'EUR');
      const summary = await downloadCsv(page, () => page.getByRole('button', { name: /^Summary CSV: download the monthly figures/ }).click());
      expect(summary.rows[0]).toEqual(['month', 'currency', 'bookings', 'gross', 'commission', 'net']);
      expect(summary.rows.slice(1).every((r) => r[1] === 'EUR')).toBe(true);
      expect(summary.rows.slice(1).reduce((s, r) => s + cents(r[3]), 0)).toBe(euros.reduce((s, b) => s + cents(b.total_amount), 0));
      expect(await euroMonths.locator('td[data-label="Gross"]').allInnerTexts()).toSatisfy((cells: string[]) => cells.every((c) => c.startsWith('€')));
      await page.getByLabel('Currency', { exact: true }).selectOption('USD');
      await page.locator('table', { has: page.locator('caption', { hasText: `Revenue by month, ${year}, in USD` }) }).waitFor();
      // Every chart of the page is drawn, each in its own turn (components/charts/BarChart.tsx).
      const plots = await page.locator('.chart__plot').count();
      expect(plots).toBeGreaterThan(0);
      await expect.poll(async () => page.locator('.chart__plot .recharts-wrapper').count()).toBe(plots);

      // Every booking of the year, in one file: as many records as stays, the same gross.
      const all = await downloadCsv(page, () => page.getByRole('button', { name: /^Bookings CSV: download all/ }).click());
      expect(all.name).toBe(`bookings-${year}.csv`);
      const [header, ...records] = all.rows;
      expect(header?.slice(0, 3)).toEqual(['booking_id', 'property', 'guest_name']);
      const totalAt = header?.indexOf('total_amount') ?? -1;
      expect(records.map((r) => r[0]).sort()).toEqual(bookings.map((b) => String(b.id)).sort());
      expect(records.reduce((s, r) => s + cents(r[totalAt]), 0)).toBe(gross);
      // Each record names its currency; per currency the file adds up to the screen's figure.
      const currencyAt = header?.indexOf('currency') ?? -1;
      const fromFile = records.map((r) => ({ currency: r[currencyAt], total_amount: r[totalAt] }));
      expect(perCurrency(fromFile, 'total_amount', properties)).toBe(await stat('Gross revenue').innerText());

      // One month's file holds exactly that month's stays.
      const monthTable = page.locator('table', { has: page.locator('caption', { hasText: `Revenue by month, ${year}` }) });
      const monthRow = monthTable.locator('tbody tr', { has: page.locator('button:enabled') }).first();
      const month = (await monthRow.locator('td').first().innerText()).trim();
      const stays = Number(await monthRow.locator('td[data-label="Stays"]').innerText());
      const one = await downloadCsv(page, () => monthRow.getByRole('button').click());
      expect(one.rows.length - 1).toBe(stays);
      const checkInAt = header?.indexOf('check_in_date') ?? -1;
      const monthNumber = String(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].indexOf(month.slice(0, 3)) + 1).padStart(2, '0');
      for (const r of one.rows.slice(1)) expect(r[checkInAt]?.slice(0, 7)).toBe(`${year}-${monthNumber}`);

      // One property: the figures follow the filter.
      const property = page.getByLabel('Property', { exact: true });
      const firstProperty = await property.locator('option').nth(1).getAttribute('value');
      await property.selectOption(firstProperty ?? '');
      const own = bookings.filter((b) => b.property_id === firstProperty);
      const ownProperty = properties.filter((p) => p.id === firstProperty);
      await expect.poll(() => stat('Gross revenue').innerText()).toBe(perCurrency(own, 'total_amount', ownProperty));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('analytics shows the figures of a period beside the one before, with charts', async () => {
    const { context, page, errors } = await newSession(browser);
    try {
      const login = new LoginPage(page);
      await login.goto('?redirect=/host/analytics');
      await login.signIn(demoEmail('host'), DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/host/analytics');
      const shell = new AppShell(page);
      await shell.waitForHeading('Analytics');
      await shell.waitForData();

      await page.getByLabel('Period', { exact: true }).selectOption('last-90');
      const stat = (label: string) => page.locator('.stat', { has: page.locator('.stat__label', { hasText: label }) });
      const occupancy = await stat('Occupancy').locator('.stat__value').innerText();
      expect(occupancy).toMatch(/^\d+(\.\d)?%$/);
      expect(Number(occupancy.replace('%', ''))).toBeGreaterThan(0);
      expect(await stat('Occupancy').locator('.stat__hint').innerText()).toMatch(/^before: \d+(\.\d)?%/);
      expect(await stat('ADR').locator('.stat__value').innerText()).toMatch(/^\$[\d,]+\.\d{2}$/);
      expect(await stat('RevPAR').locator('.stat__value').innerText()).toMatch(/^\$[\d,]+\.\d{2}$/);
      // Yen rates have no decimals, and are labelled with their currency.
      await page.getByLabel('Currency', { exact: true }).selectOption('JPY');
      await stat('ADR (average daily rate), JPY').locator('.stat__value').filter({ hasText: /^¥[\d,]+$/ }).waitFor();
      expect(await stat('RevPAR, JPY').locator('.stat__value').innerText()).toMatch(/^¥[\d,]+$/);
      await page.getByLabel('Currency', { exact: true }).selectOption('USD');
      expect(await stat('Average stay').locator('.stat__value').innerText()).toMatch(/nights?$/);
      expect(await stat('Cancellations').locator('.stat__value').innerText()).toMatch(/^\d+ of \d+$/);
      await page.locator('.chart__plot .recharts-bar-rectangle').first().waitFor();
      expect(await page.locator('table', { has: page.locator('caption', { hasText: 'Bookings by site' }) }).locator('tbody tr').count()).toBeGreaterThan(0);

      // A custom range: the first and last day count, the period before has as many days; a
      // range that ends before it starts is explained by the fields and the last good one stays.
      await page.getByLabel('Period', { exact: true }).selectOption('custom');
      await page.getByLabel('First day', { exact: true }).fill('2026-02-20');
      await page.getByLabel('Last day', { exact: true }).fill('2026-03-05');
      const range = page.locator('.analytics-range p');
      await range.filter({ hasText: /2026.*2026.*set beside.*2026/ }).waitFor();
      const shown = await range.innerText();
      await page.getByLabel('Last day', { exact: true }).fill('2026-02-01');
      await page.getByText('The last day must be on or after the first').waitFor();
      expect(await range.innerText()).toBe(shown);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
  it('display settings saved on the profile apply to the money pages at once', async () => {
    const { context, page, errors } = await newSession(browser);
    try {
      const login = new LoginPage(page);
      await login.goto('?redirect=/host/profile');
      await login.signIn(demoEmail('host'), DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/host/profile');
      const shell = new AppShell(page);
      await shell.waitForHeading('Profile');
      await shell.waitForData();

      // The time zone list follows the first paint (Select's deferOptions) with nobody touching it,
      // and the saved zone stays chosen.
      const zone = page.getByLabel('Timezone', { exact: true });
      const savedZone = await zone.inputValue();
      expect(savedZone).toMatch(/^[A-Za-z_]+\/[A-Za-z_/-]+$|^UTC$/);
      await expect.poll(async () => zone.locator('option').count()).toBeGreaterThan(100);
      expect(await zone.inputValue()).toBe(savedZone);

      const dateFormat = page.getByLabel('Date format', { exact: true });
      const before = await dateFormat.inputValue();
      const save = page.getByRole('button', { name: 'Save display settings' });
      const setFormat = async (value: string) => {
        await dateFormat.selectOption(value);
        await save.click();
        await page.locator('.toast', { hasText: 'Display settings saved' }).waitFor();
      };
      await setFormat('YYYY-MM-DD');
      try {
        await shell.clickNav('Finances');
        await page.waitForURL((url) => url.pathname === '/host/finances');
        await shell.waitForData();
        const stay = page.locator('table', { has: page.locator('caption', { hasText: 'Unpaid bookings' }) }).locator('td[data-label="Stay"]').first();
        expect(await stay.innerText()).toMatch(/^\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}$/);
      } finally {
        // The demo host's settings are shared by the other test files of a run: put them back.
        await page.goto('/host/profile');
        await shell.waitForData();
        await setFormat(before);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
