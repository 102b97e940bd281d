/**
 * The admins' "E-mail" page: a reset requested by a host is listed with its recipient, subject
 * and status (the demo has no SMTP, so the development transport sends it), the filter keeps one
 * status, and an empty status says so; the page says that mail goes to the server log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, newSession } from './support/browser';
import { DEMO_PASSWORD, demoEmail } from './support/accounts';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('outgoing mail for admins', () => {
  it('lists a queued reset as sent, filters by status and says when a status has none', async () => {
    const host = demoEmail('host');
    const res = await fetch(`${baseUrl()}/api/auth/reset-password/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: host }),
    });
    expect(res.status).toBe(200);

    const { context, page, errors } = await newSession(browser);
    try {
      const login = new LoginPage(page);
      await login.goto(`?redirect=${encodeURIComponent('/admin/mail')}`);
      await login.signIn(demoEmail('super_admin'), DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/admin/mail');
      const shell = new AppShell(page);
      await shell.waitForHeading('E-mail');
      await shell.waitForData();
      // The demo has no SMTP: the page says where mail goes instead (the development transport).
      expect(await page.locator('.mail-delivery').innerText()).toMatch(/^No SMTP server is set up: messages go to the server log/);

      const row = page.locator('.table tbody tr', { hasText: host }).first();
      await row.waitFor();
      expect(await row.innerText()).toContain('Reset your Staykeep password');
      expect(await row.locator('.badge', { hasText: 'Sent' }).count()).toBe(1);

      await page.getByLabel('Status').selectOption('failed');
      await page.getByText('No failed messages').waitFor();
      await page.getByLabel('Status').selectOption('sent');
      await page.locator('.table tbody tr', { hasText: host }).first().waitFor();
      expect(await shell.errorStates()).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
