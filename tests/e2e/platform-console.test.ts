/**
 * The platform pages of the admin console. The super admin edits a tier (refused in place with a
 * limit of 0, then saved) and a setting (refused in place when it is no currency code, then
 * saved), both reaching the server; the SMTP card's test e-mail answers with the spec §8 toast
 * (the demo's SMTP is off); the audit log lists both changes by name and filters by table. An
 * admin (made here: a registered user whose role the super admin sets to "Admin") reads the same
 * pages with no edit control.
 */
import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { TABLE_IDS } from '../../shared/registry';
import { EMAIL_CONFIG_ERROR_TITLE, EMAIL_NOT_CONFIGURED_TEXT } from '../../shared/messages';
import { browserSessions } from './support/browser';
import { DEMO_PASSWORD, HOME_BY_ROLE, demoEmail } from './support/accounts';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';
import { seriousViolations } from './support/axe';

const sessions = browserSessions();

async function signIn(page: Page, email: string, password: string, home: string): Promise<AppShell> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(email, password);
  await page.waitForURL((url) => url.pathname === home);
  return new AppShell(page);
}

async function rows(request: APIRequestContext, table: number): Promise<Record<string, unknown>[]> {
  const res = await request.post(`/api/table/${table}/page`, { data: { PageNo: 1, PageSize: 100 } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { List: Record<string, unknown>[] }).List;
}

async function openPage(shell: AppShell, label: string, heading: string): Promise<void> {
  await shell.clickNav(label);
  await shell.waitForHeading(heading);
  await shell.waitForData();
}

describe('platform console', () => {
  it('lets the super admin edit a tier and a setting, test the mail settings and read the audit log', async () => {
    const { page, context } = await sessions.open({ width: 1280, height: 900 });
    const shell = await signIn(page, demoEmail('super_admin'), DEMO_PASSWORD, HOME_BY_ROLE.super_admin);
    // The other browser files share this server: what this test changes is put back as it was.
    const login = await context.request.post('/api/auth/login', { data: { email: demoEmail('super_admin'), password: DEMO_PASSWORD } });
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const putBack = async (table: number, row: Record<string, unknown> | undefined, fields: readonly string[]) => {
      if (!row) throw new Error(`Nothing to put back in table ${table}`);
      const data = Object.fromEntries([['ID', row.id], ...fields.map((f) => [f, row[f]])]);
      const res = await context.request.post(`/api/table/${table}/update`, { data, headers: auth });
      expect(res.status(), await res.text()).toBe(200);
    };
    const proBefore = (await rows(context.request, TABLE_IDS.subscription_tiers)).find((t) => t.tier_name === 'pro');
    const currencyBefore = (await rows(context.request, TABLE_IDS.platform_settings)).find((s) => s.setting_key === 'currency');

    // ── Subscriptions: edit Pro ──
    await openPage(shell, 'Subscriptions', 'Subscriptions');
    const pro = page.getByRole('region', { name: 'Pro tier' });
    await expect.poll(() => page.locator('.tier-card').count()).toBe(3);
    await pro.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Pro' });
    await dialog.waitFor();
    await dialog.getByLabel('Properties limit').fill('0');
    await dialog.getByRole('button', { name: 'Save tier' }).click();
    await dialog.getByText('Properties limit must be at least 1.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Properties limit').fill('6');
    await dialog.getByLabel('Monthly price').fill('54.5');
    await dialog.getByRole('button', { name: 'Add feature' }).click();
    await dialog.getByRole('textbox', { name: 'Feature 8', exact: true }).fill('Quarterly account review');
    await dialog.getByRole('button', { name: 'Save tier' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await pro.getByText('$54.50').first().waitFor();
    await pro.getByText('Quarterly account review').waitFor();
    await expect
      .poll(async () => (await rows(context.request, TABLE_IDS.subscription_tiers)).find((t) => t.tier_name === 'pro'), { timeout: 15_000 })
      .toMatchObject({ monthly_price: 54.5, properties_limit: 6 });
    await putBack(TABLE_IDS.subscription_tiers, proBefore, ['monthly_price', 'properties_limit', 'features']);

    // ── Settings: the currency ──
    await openPage(shell, 'Settings', 'Settings');
    await page.getByRole('tab', { name: 'General' }).click();
    const general = page.getByRole('form', { name: 'General settings' });
    await general.getByLabel('Currency').fill('euros');
    await general.getByRole('button', { name: 'Save general settings' }).click();
    await general.getByText('Currency must be a three-letter currency code such as USD.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await general.getByLabel('Currency').fill('EUR');
    await general.getByRole('button', { name: 'Save general settings' }).click();
    await page.locator('.toast', { hasText: 'Settings saved' }).waitFor();
    await expect
      .poll(async () => (await rows(context.request, TABLE_IDS.platform_settings)).find((s) => s.setting_key === 'currency')?.setting_value, { timeout: 15_000 })
      .toBe('EUR');
    await putBack(TABLE_IDS.platform_settings, currencyBefore, ['setting_value']);

    // ── SMTP: the password is write-only, the test e-mail says SMTP is off ──
    await page.getByRole('tab', { name: 'E-mail (SMTP)' }).click();
    const smtp = page.getByRole('form', { name: 'E-mail (SMTP) settings' });
    await expect.poll(() => smtp.getByLabel('SMTP password').inputValue()).toBe('');
    await smtp.getByText('Not set').first().waitFor();
    await page.getByRole('button', { name: 'Send test e-mail' }).click();
    const toast = page.locator('.toast', { hasText: EMAIL_CONFIG_ERROR_TITLE });
    await toast.waitFor();
    expect(await toast.innerText()).toContain(EMAIL_NOT_CONFIGURED_TEXT);

    // ── Audit log: both changes, by name; a filter by table ──
    await openPage(shell, 'Audit log', 'Audit log');
    const table = page.getByRole('table', { name: 'Audit log entries' });
    await table.getByRole('row', { name: /Sam Super.*Subscription tiers.*pro/ }).first().waitFor();
    await table.getByRole('row', { name: /Sam Super.*Platform settings.*Currency/ }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Table').selectOption({ label: 'Platform settings' });
    await expect.poll(() => table.getByRole('row', { name: /Subscription tiers/ }).count()).toBe(0);
    await table.getByRole('row', { name: /Currency/ }).first().waitFor();
  });

  it('shows an admin the same pages read-only', async () => {
    const { page, context } = await sessions.open({ width: 1280, height: 900 });
    // An admin account: registered, then given the role by the super admin (normalised from "Admin").
    const email = `platform-admin-${Date.now()}@example.test`;
    const password = 'admin-pass-1234';
    const registered = await context.request.post('/api/auth/register', { data: { email, password, name: 'Ada Admin' } });
    expect(registered.status()).toBe(201);
    const userId = ((await registered.json()) as { user: { ID: string } }).user.ID;
    const login = await context.request.post('/api/auth/login', { data: { email: demoEmail('super_admin'), password: DEMO_PASSWORD } });
    const token = ((await login.json()) as { token: string }).token;
    const promoted = await context.request.post(`/api/table/${TABLE_IDS.users}/update`, { data: { ID: userId, Role: 'Admin' }, headers: { authorization: `Bearer ${token}` } });
    expect(promoted.status()).toBe(200);
    await context.clearCookies();

    const shell = await signIn(page, email, password, HOME_BY_ROLE.super_admin);

    await openPage(shell, 'Subscriptions', 'Subscriptions');
    await expect.poll(() => page.locator('.tier-card').count()).toBe(3);
    await page.getByText('Only a super admin can change the subscription tiers').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    for (const name of ['New tier', 'Edit', 'Deactivate', 'Offer again']) expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    expect(await page.getByRole('button', { name: /^Move / }).count()).toBe(0);

    await openPage(shell, 'Settings', 'Settings');
    await page.getByText('Only a super admin can change the platform settings').waitFor();
    await page.getByRole('table', { name: 'Commission settings' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.getByRole('form', { name: /settings$/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Save / }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Currency' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'E-mail (SMTP)' }).click();
    await page.getByRole('table', { name: 'E-mail (SMTP) settings' }).getByText('Not set').waitFor();

    await openPage(shell, 'Audit log', 'Audit log');
    await page.getByRole('table', { name: 'Audit log entries' }).getByRole('row', { name: /Users/ }).first().waitFor();
  });
});
