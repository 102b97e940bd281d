/**
 * The super admin's dashboard and billings on the demo data (its other hosts and their PayPal
 * payments): the figures are the server's, a figure's link opens the page listing its rows, the
 * billing filters narrow the rows as the server does, and the CSV download holds exactly the
 * filtered rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { BillingHistoryReply, Dashboard, RevenueStats } from '../../shared/api/billing';
import { formatMoney, formatMoneyList } from '../../shared/format/money';
import type { Money } from '../../shared/money';
import { launchBrowser, newSession } from './support/browser';
import { downloadCsv } from './support/csv';
import { DEMO_PASSWORD, demoEmail } from './support/accounts';
import { LoginPage } from './pages/login-page';
import { AppShell, pathOf, showsErrorScreen } from './pages/app-shell';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The server's answer, read with the page's own session cookie. */
async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

const usd = (units: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(units);
/**
 * Per-currency figures as a stat card lists them (client/src/lib/display.tsx MoneyFigures: one per
 * line when there are several), in the browser's en-US.
 */
const perCurrency = (list: readonly Money[]) =>
  list.length > 1 ? list.map((m) => formatMoney(m.amount, m.currency, 'en-US')).join('\n') : formatMoneyList(list, 'en-US');

function stat(page: Page, label: string) {
  return page.locator('.stat', { has: page.locator('.stat__label', { hasText: new RegExp(`^${label}$`) }) }).locator('.stat__value');
}

async function signIn(page: Page, path: string): Promise<AppShell> {
  const login = new LoginPage(page);
  await login.goto(`?redirect=${encodeURIComponent(path)}`);
  await login.signIn(demoEmail('super_admin'), DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname === path);
  return new AppShell(page);
}

/** How many rows the billing history table shows. */
async function shownTransactions(page: Page): Promise<number> {
  return page.locator('table.table:has(caption:text("Billing history")) tbody tr').count();
}

describe('admin dashboard and billings', () => {
  it('shows the server figures on the dashboard, and a figure opens the page listing its rows', async () => {
    const { context, page, errors } = await newSession(browser);
    try {
      const shell = await signIn(page, '/admin/dashboard');
      await shell.waitForHeading('Dashboard');
      await stat(page, 'Active hosts').waitFor();
      const figures = await api<Dashboard>(page, '/api/admin/dashboard');
      // The demo: the demo host and a dozen more, one suspended, months of payments.
      expect(figures.hosts.total).toBeGreaterThanOrEqual(13);
      expect(figures.hosts.suspended).toBe(1);
      expect(figures.subscriptions.activeSubscriptions).toBeGreaterThan(0);
      expect(await stat(page, 'Active hosts').innerText()).toBe(String(figures.hosts.active));
      expect(await stat(page, 'Suspended hosts').innerText()).toBe(String(figures.hosts.suspended));
      expect(await stat(page, 'Properties').innerText()).toBe(String(figures.properties));
      expect(await stat(page, 'Bookings').innerText()).toBe(String(figures.bookingsThisMonth));
      expect(await stat(page, 'Gross booking value').innerText()).toBe(perCurrency(figures.grossBookingValueThisMonth));
      expect(await stat(page, 'Commission earned').innerText()).toBe(perCurrency(figures.commissionThisMonth));
      expect(await stat(page, 'Subscription revenue').innerText()).toBe(usd(figures.subscriptions.monthlyRevenue));
      expect(await stat(page, 'Active subscriptions').innerText()).toBe(String(figures.subscriptions.activeSubscriptions));
      expect(await stat(page, 'Average revenue per host').innerText()).toBe(usd(figures.subscriptions.averageRevenuePerHost));
      expect(await stat(page, 'Calendar feeds failing').innerText()).toBe(String(figures.calendarFeeds.failing));
      expect(await stat(page, 'Push deliveries failing').innerText()).toBe(String(figures.pushDeliveriesFailing));

      // The feed and push figures open their rows further down the dashboard.
      await page.locator('a.stat-link', { has: page.locator('.stat__label', { hasText: /^Calendar feeds failing$/ }) }).click();
      await page.waitForURL((url) => url.hash === '#attention');
      expect(await page.locator('#attention').getByRole('heading', { name: 'Needs attention' }).isVisible()).toBe(true);
      expect(await page.locator('#attention table').count()).toBe((figures.attention.feeds.length > 0 ? 1 : 0) + (figures.attention.pushDeliveries.length > 0 ? 1 : 0));

      // Subscription revenue opens the billings filtered to completed payments.
      await page.locator('a.stat-link', { has: page.locator('.stat__label', { hasText: /^Subscription revenue$/ }) }).click();
      await page.waitForURL((url) => url.pathname === '/admin/billings');
      expect(pathOf(page)).toBe('/admin/billings?status=COMPLETED');
      await shell.waitForHeading('Billings');
      expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('COMPLETED');
      const completed = await api<BillingHistoryReply>(page, '/api/admin/billing/history?status=COMPLETED');
      await page.locator('.billing-summary', { hasText: `${completed.total} payments` }).waitFor();
      const badges = await page.locator('table.table:has(caption:text("Billing history")) tbody tr .badge').allInnerTexts();
      expect(badges.length).toBe(Math.min(completed.total, 200));
      expect(new Set(badges)).toEqual(new Set(['Completed']));

      // Suspended hosts opens the hosts list filtered to them: as many rows as the figure says.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/admin/dashboard');
      await stat(page, 'Suspended hosts').waitFor();
      const suspended = Number(await stat(page, 'Suspended hosts').innerText());
      await page.locator('a.stat-link', { has: page.locator('.stat__label', { hasText: /^Suspended hosts$/ }) }).click();
      await page.waitForURL((url) => url.pathname === '/admin/hosts' && url.searchParams.get('account_status') === 'suspended');
      await shell.waitForHeading('Hosts');
      await expect.poll(() => page.locator('.table tbody tr').count(), { timeout: 10_000 }).toBe(suspended);
      expect(await showsErrorScreen(page)).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('narrows the billing history with each filter and downloads exactly the filtered rows', async () => {
    const { context, page, errors } = await newSession(browser);
    try {
      const shell = await signIn(page, '/admin/billings');
      await shell.waitForHeading('Billings');
      const stats = await api<RevenueStats>(page, '/api/admin/billing/revenue-stats');
      await stat(page, 'Total revenue').waitFor();
      expect(await stat(page, 'Total revenue').innerText()).toBe(usd(stats.totalRevenue));
      expect(await stat(page, 'Revenue this month').innerText()).toBe(usd(stats.monthlyRevenue));
      expect(await stat(page, 'Active subscriptions').innerText()).toBe(String(stats.activeSubscriptions));
      expect(await page.getByRole('img', { name: /Subscription revenue by month/ }).count()).toBe(1);

      const all = await api<BillingHistoryReply>(page, '/api/admin/billing/history?limit=5000');
      expect(all.total).toBeGreaterThan(20);
      const summary = (n: number) => page.locator('.billing-summary', { hasText: `${n} payment${n === 1 ? '' : 's'}` }).waitFor();
      await summary(all.total);
      expect(await shownTransactions(page)).toBe(Math.min(all.total, 200));

      // Status: the refunded payments only.
      await page.getByLabel('Status', { exact: true }).selectOption('REFUNDED');
      const refunded = all.rows.filter((r) => r.status === 'REFUNDED');
      expect(refunded.length).toBeGreaterThan(0);
      await summary(refunded.length);
      await page.waitForURL((url) => url.searchParams.get('status') === 'REFUNDED');
      await page.getByLabel('Status', { exact: true }).selectOption('all');

      // Search across host name, e-mail and transaction id, in any case.
      const host = all.rows.find((r) => r.hostName === 'Maya Patel');
      expect(host).toBeDefined();
      await page.getByRole('searchbox', { name: 'Search' }).fill('maya PAT');
      const maya = all.rows.filter((r) => r.hostName === 'Maya Patel');
      await summary(maya.length);
      await page.getByRole('searchbox', { name: 'Search' }).fill(host?.transactionId.toLowerCase() ?? '');
      await summary(1);
      await page.getByRole('searchbox', { name: 'Search' }).fill('');

      // Plan name substring and days back, together: the CSV holds exactly those rows.
      await page.getByLabel('Plan', { exact: true }).fill('pro');
      await page.getByLabel('Period', { exact: true }).selectOption('90');
      const wanted = await api<BillingHistoryReply>(page, '/api/admin/billing/history?plan=pro&days=90');
      expect(wanted.total).toBeGreaterThan(0);
      expect(wanted.total).toBeLessThan(all.total);
      expect(wanted.rows.every((r) => r.planName.toLowerCase().includes('pro'))).toBe(true);
      await summary(wanted.total);
      await page.waitForURL((url) => url.searchParams.get('plan') === 'pro' && url.searchParams.get('days') === '90');
      expect(await shownTransactions(page)).toBe(wanted.total);

      const file = await downloadCsv(page, () => page.getByRole('button', { name: /^Export CSV/ }).click());
      expect(file.name).toMatch(/^billing-history-\d{4}-\d{2}-\d{2}\.csv$/);
      const [header, ...records] = file.rows;
      expect(header).toEqual([
        'Billing date',
        'Host',
        'E-mail',
        'Plan',
        'Amount',
        'Currency',
        'Status',
        'Payment method',
        'Transaction id',
        'Subscription id',
        'Next billing date',
      ]);
      expect(records.map((r) => r[8])).toEqual(wanted.rows.map((r) => r.transactionId));
      expect(records.map((r) => [r[0], r[1], r[3], Number(r[4]), r[6]])).toEqual(wanted.rows.map((r) => [r.billingDate, r.hostName, r.planName, r.amount, r.status]));

      // Clearing the filters brings every row back.
      await page.getByRole('button', { name: /^Clear 2 filters$/ }).click();
      await summary(all.total);
      expect(await showsErrorScreen(page)).toBe(false);
      expect(await shell.errorStates()).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
