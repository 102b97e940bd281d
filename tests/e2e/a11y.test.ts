/** axe-core on the auth pages and each dashboard: no serious or critical violation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { launchBrowser, newSession } from './support/browser';
import { DEMO_PASSWORD, HOME_BY_ROLE, demoEmail } from './support/accounts';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility', () => {
  const publicPages: [string, string][] = [
    ['/', 'h1'],
    ['/login', 'input[type="email"]'],
    ['/register', 'input[type="email"]'],
    ['/resetpassword', 'input[type="email"]'],
    ['/resetpassword?token=abc', 'input[type="password"]'],
    ['/setup', 'h1'],
    ['/no/such/page', 'h1'],
  ];
  for (const [path, ready] of publicPages) {
    it(`${path} has no serious or critical violation`, async () => {
      const { context, page } = await newSession(browser);
      try {
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('a failed sign-in keeps the login page accessible', async () => {
    const { context, page } = await newSession(browser);
    try {
      const login = new LoginPage(page);
      await login.goto();
      await login.signIn(demoEmail('host'), 'not-the-password');
      await login.errorText();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const role of ['super_admin', 'host', 'staff'] as const) {
    for (const viewport of [
      { width: 1280, height: 860 },
      { width: 390, height: 844 },
    ]) {
      it(`${HOME_BY_ROLE[role]} at ${viewport.width}px has no serious or critical violation`, async () => {
        const { context, page } = await newSession(browser, viewport);
        try {
          const login = new LoginPage(page);
          await login.goto();
          await login.signIn(demoEmail(role), DEMO_PASSWORD);
          await page.waitForURL((url) => url.pathname === HOME_BY_ROLE[role]);
          await new AppShell(page).waitForData();
          expect(await seriousViolations(page)).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }

  // Just above the phone layout, wide tables scroll sideways and must stay reachable by keyboard.
  for (const [role, path] of [
    ['host', '/host/calendar'],
    ['host', '/host/finances'],
    ['super_admin', '/admin/hosts'],
    ['super_admin', '/admin/subscriptions'],
    ['super_admin', '/admin/billings'],
  ] as const) {
    it(`${path} at 740px has no serious or critical violation`, async () => {
      const { context, page } = await newSession(browser, { width: 740, height: 1000 });
      try {
        const login = new LoginPage(page);
        await login.goto(`?redirect=${encodeURIComponent(path)}`);
        await login.signIn(demoEmail(role), DEMO_PASSWORD);
        await page.waitForURL((url) => url.pathname === path);
        await new AppShell(page).waitForData();
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
