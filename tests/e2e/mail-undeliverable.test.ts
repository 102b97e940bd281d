/**
 * With no SMTP settings and the development transport off (MAIL_DEV_TRANSPORT=off, as in
 * production without the demo), the admins' "E-mail" page says that mail cannot be sent and links
 * to the SMTP settings (the server's side, the log included: server/test/log-secrets.test.ts).
 * This file runs its own server (the shared one has the demo's development transport on).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { OwnServer } from './support/own-server';
import { DEMO_PASSWORD, demoEmail } from './support/accounts';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';

const server = new OwnServer('mail-undeliverable');
let browser: Browser;

beforeAll(async () => {
  await server.start({ mailDevTransport: false });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await server.remove();
});

describe('mail with nowhere to send', () => {
  it('the E-mail page says that mail cannot be sent and points to the SMTP settings', async () => {
    const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const login = new LoginPage(page);
    await login.goto(`?redirect=${encodeURIComponent('/admin/mail')}`);
    await login.signIn(demoEmail('super_admin'), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/admin/mail');
    const shell = new AppShell(page);
    await shell.waitForHeading('E-mail');
    const notice = page.getByRole('alert').filter({ hasText: 'E-mail cannot be sent' });
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/^E-mail cannot be sent: no SMTP server is set up\. Password resets are refused/);
    await notice.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/settings');
    expect(errors).toEqual([]);
    await context.close();
  });
});
