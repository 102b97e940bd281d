/**
 * Subscription billing end to end against the fake PayPal (server/src/integrations/paypal/fake):
 * the super admin configures PayPal (wrong secret refused in place first) and syncs the plans;
 * the demo host subscribes to Pro monthly, is sent to the fake's approval page, which activates
 * the subscription, delivers PayPal's signed BILLING.SUBSCRIPTION.ACTIVATED to the server over
 * HTTP and sends the host back; the subscription page then shows the active subscription. Its
 * own server: it lists the fake in INTEGRATION_ALLOWED_ORIGINS and must know its own origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startFakePaypal, type FakePaypal } from '../../server/src/integrations/paypal/fake/server';
import { launchBrowser } from './support/browser';
import { OwnServer } from './support/own-server';
import { DEMO_PASSWORD, demoEmail } from './support/accounts';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';
import { seriousViolations } from './support/axe';

const server = new OwnServer('paypal');
let fake: FakePaypal;
let browser: Browser;

beforeAll(async () => {
  fake = await startFakePaypal();
  // The first start picks the port; the second knows its origin for PayPal's return URLs.
  await server.start();
  await server.app.close();
  await server.start({ integrationAllowedOrigins: [fake.origin], publicOrigin: server.origin });
  fake.webhookTarget = `${server.origin}/api/paypal/webhook`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server.remove();
  await fake?.close();
});

describe('PayPal billing', () => {
  it('a super admin configures PayPal and syncs the plans', async () => {
    const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const login = new LoginPage(page);
    await login.goto(`?redirect=${encodeURIComponent('/admin/paypal')}`);
    await login.signIn(demoEmail('super_admin'), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/admin/paypal');
    await new AppShell(page).waitForHeading('PayPal');
    await page.getByText('PayPal is not configured yet').waitFor();

    const form = page.getByRole('form', { name: 'PayPal configuration' });
    await form.getByLabel('Client id').fill(fake.clientId);
    await form.getByLabel('Client secret').fill('not-the-secret');
    await form.getByLabel('Webhook id').fill(fake.webhookId);
    await form.getByLabel('API base URL (optional)').fill(fake.origin);
    await form.getByRole('button', { name: 'Save and check' }).click();
    const refused = form.getByRole('alert').filter({ hasText: 'Failed to configure PayPal integration' });
    await refused.waitFor();
    expect(await refused.innerText()).toContain('Failed to get access token: Unauthorized');

    await form.getByLabel('Client secret').fill(fake.clientSecret);
    await form.getByRole('button', { name: 'Save and check' }).click();
    await page.getByText('PayPal integration configured successfully').first().waitFor();
    await page.getByText('Stored (encrypted)').waitFor();
    expect(await page.content()).not.toContain(fake.clientSecret);

    await page.getByRole('button', { name: 'Sync plans to PayPal' }).click();
    await page.getByText('Subscription plans synced to PayPal successfully').first().waitFor();
    const table = page.getByRole('table', { name: 'PayPal plans by tier' });
    await table.waitFor();
    // Three demo tiers, monthly and yearly each, every one synced.
    await expect.poll(async () => table.getByRole('row').filter({ hasText: 'Synced' }).count()).toBe(6);
    expect(fake.plans.size).toBe(6);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the host subscribes through the approval page and comes back to an active subscription', async () => {
    const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const login = new LoginPage(page);
    await login.goto(`?redirect=${encodeURIComponent('/host/subscription')}`);
    await login.signIn(demoEmail('host'), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/host/subscription');
    await new AppShell(page).waitForHeading('Subscription');
    await page.getByText('You have no PayPal subscription yet').waitFor();

    await page.getByRole('button', { name: /^Subscribe to Pro monthly$/i }).click();
    // The fake's approval page activates it, notifies our webhook, and sends the host back.
    await page.waitForURL((url) => url.pathname === '/host/subscription' && url.searchParams.has('subscription_id'));
    const billing = page.locator('section.card').filter({ has: page.getByRole('heading', { name: 'Billing', exact: true }) });
    await billing.getByText('Active', { exact: true }).waitFor();
    await billing.getByText('Pro Monthly', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();
    // No other plan may be started while this one runs.
    expect(await page.getByRole('button', { name: /^Subscribe to/ }).count()).toBe(0);
    const [sub] = [...fake.subscriptions.values()];
    expect(sub?.status).toBe('ACTIVE');
    expect(sub?.subscriber.email_address).toBe(demoEmail('host'));
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the super admin suspends and reactivates the host's subscription", async () => {
    const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 1024, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const login = new LoginPage(page);
    await login.goto(`?redirect=${encodeURIComponent('/admin/paypal')}`);
    await login.signIn(demoEmail('super_admin'), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/admin/paypal');
    const [sub] = [...fake.subscriptions.values()];
    // The demo's other hosts have subscriptions too: the row is the one with the fake's id.
    const table = page.getByRole('table', { name: 'PayPal subscriptions' });
    const row = table.getByRole('row').filter({ hasText: sub!.id });
    await row.getByText('Active', { exact: true }).waitFor();

    await row.getByRole('button', { name: /^Suspend:/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend this subscription?' });
    await dialog.getByLabel('Reason (sent to PayPal, optional)').fill('Card reported stolen');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await page.getByText('Subscription suspended').first().waitFor();
    await row.getByText('Suspended', { exact: true }).waitFor();
    expect(sub?.status).toBe('SUSPENDED');
    expect(fake.requests.find((r) => r.path.endsWith('/suspend'))?.body).toEqual({ reason: 'Card reported stolen' });

    await row.getByRole('button', { name: /^Reactivate:/ }).click();
    await page.getByRole('dialog', { name: 'Reactivate this subscription?' }).getByRole('button', { name: 'Reactivate' }).click();
    await page.getByText('Subscription reactivated').first().waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    expect(sub?.status).toBe('ACTIVE');
    expect(errors).toEqual([]);
    await context.close();
  });
});
