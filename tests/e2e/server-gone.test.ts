/**
 * When the server goes away, an open page says so at once: the event stream drops, the app tries
 * to sync, and the pill reads "Offline" without waiting for the 30 s timer. This file runs its own
 * server (the shared one must stay up for the other files) and stops it under the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { OwnServer } from './support/own-server';
import { DEMO_PASSWORD, demoEmail } from './support/accounts';
import { LoginPage } from './pages/login-page';
import { SyncStatusPill } from './pages/sync-status';
import type { Browser } from 'playwright-core';

const server = new OwnServer('server-gone');
let browser: Browser;

beforeAll(async () => {
  await server.start();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await server.remove();
});

describe('the server goes away under an open page', () => {
  it('shows Offline without waiting for the next timed sync', async () => {
    const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(demoEmail('host'), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/host/dashboard');
    const pill = new SyncStatusPill(page);
    await pill.waitForSynced();

    await server.app.close();
    // Well before the 30 s timer would have tried: the dropped stream itself triggers the attempt.
    await pill.waitForState('offline', 10_000);
    expect(await pill.label()).toMatch(/^Sync: Offline/);
    await context.close();
  });
});
