/**
 * The channel partner end to end against the fake Tokeet (server/src/integrations/tokeet/fake):
 * the super admin saves the platform's credentials pointing at the fake; the demo host connects
 * from the Channels page through the fake's /dialog/ (which sends it back through
 * /admin/tokeet-callback), syncs everything, and sees the rentals linked and the reservation
 * among its bookings. Its own server: it lists the fake in INTEGRATION_ALLOWED_ORIGINS and knows
 * its own origin for the callback URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { dayStamp, startFakeTokeet, type FakeTokeet } from '../../server/src/integrations/tokeet/fake/server';
import { launchBrowser } from './support/browser';
import { OwnServer } from './support/own-server';
import { DEMO_PASSWORD, demoEmail } from './support/accounts';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';
import { seriousViolations } from './support/axe';

const server = new OwnServer('partner');
let fake: FakeTokeet;
let browser: Browser;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  fake = await startFakeTokeet();
  fake.account.rentals.push({ pkey: 'rental-e2e-1', name: 'Tokeet Dune House', type: 'house', bedrooms: 3, sleep_max: 6 }, { pkey: 'rental-e2e-2', name: 'Tokeet Pier Studio' });
  fake.account.bookings.push({
    pkey: 'inq-e2e-1',
    rental_id: 'rental-e2e-1',
    guest_arrive: dayStamp(day(4)),
    guest_depart: dayStamp(day(7)),
    booked: Math.floor(Date.now() / 1000),
    source: 'tokeet',
    guest_details: { name: 'Petra Tokeetson', emails: ['petra@example.test'] },
    num_adults: 2,
    total_cost: 540,
    currency: 'EUR',
  });
  await server.start();
  await server.app.close();
  await server.start({ integrationAllowedOrigins: [fake.origin], publicOrigin: server.origin });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server.remove();
  await fake?.close();
});

describe('channel partner (Tokeet)', () => {
  it('a super admin saves the Tokeet credentials', async () => {
    const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.goto(`?redirect=${encodeURIComponent('/admin/tokeet')}`);
    await login.signIn(demoEmail('super_admin'), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/admin/tokeet');
    await new AppShell(page).waitForHeading('Tokeet');

    const form = page.getByRole('form', { name: 'Tokeet credentials' });
    await form.getByLabel('Client id').fill(fake.clientId);
    await form.getByLabel('Secret key').fill(fake.clientSecret);
    await form.getByLabel('Partner e-mail').fill(fake.partnerEmail);
    await form.getByLabel('Partner id').fill(fake.partnerId);
    await form.getByLabel('Sandbox base URL').fill(fake.origin);
    await form.getByRole('button', { name: 'Save credentials' }).click();
    await page.getByText('Tokeet PAPI credentials saved successfully to database').first().waitFor();
    await form.getByText('A secret key is stored').waitFor();
    expect(await page.content()).not.toContain(fake.clientSecret);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('the host connects through Tokeet and syncs its rentals and bookings', async () => {
    const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const login = new LoginPage(page);
    await login.goto(`?redirect=${encodeURIComponent('/host/channels')}`);
    await login.signIn(demoEmail('host'), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/host/channels');
    await new AppShell(page).waitForHeading('Channels');

    await page.getByRole('button', { name: 'Connect Tokeet' }).click();
    // The fake's dialog approves and redirects to the callback, which completes and comes back here.
    await page.waitForURL((url) => url.pathname === '/host/channels', { timeout: 20_000 });
    await page.getByText('Tokeet OAuth authentication completed successfully').first().waitFor();
    expect(fake.requests.some((r) => r.path === '/dialog/')).toBe(true);

    const syncAll = page.getByRole('button', { name: 'Sync all from Tokeet' });
    await syncAll.click();
    const rentals = page.getByRole('table', { name: 'Tokeet rentals' });
    await rentals.getByText('Tokeet Dune House').waitFor({ timeout: 20_000 });
    await expect.poll(async () => rentals.getByText('Linked').count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(async () => syncAll.isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.getByRole('table', { name: 'Sync log' }).getByText('Bookings').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/host/bookings');
    await new AppShell(page).waitForHeading('Bookings');
    await page.getByText('Petra Tokeetson').first().waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
