/** The toast and tooltip behaviour (client/src/components/ui/constants.ts) in a real browser. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newSession } from './support/browser';
import { DEMO_PASSWORD, demoEmail } from './support/accounts';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';
import { SyncStatusPill } from './pages/sync-status';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('opens a tooltip after the hover delay, not before', async () => {
  const { context, page, errors } = await newSession(browser);
  try {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(demoEmail('host'), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/host/dashboard');
    // Once the first download is in: its progress banner and the screens it fills move the
    // header, and a pointer that no longer rests on the bell rightly opens no tooltip.
    await new SyncStatusPill(page).waitForSynced();
    const bell = page.locator('.bell__button');
    await bell.hover();
    await page.waitForTimeout(300);
    expect(await page.locator('[role="tooltip"]').count()).toBe(0);
    const tooltip = page.locator('[role="tooltip"]', { hasText: 'Notifications' });
    await tooltip.waitFor({ timeout: 2000 });
    expect(await bell.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));
    await page.mouse.move(5, 500);
    await tooltip.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

it('shows a toast on sign-out that F8 focuses and a sideways swipe dismisses', async () => {
  const { context, page, errors } = await newSession(browser);
  try {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(demoEmail('host'), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/host/dashboard');
    await new AppShell(page).signOut();
    await page.waitForURL((url) => url.pathname === '/login');

    const toast = page.locator('.toast', { hasText: 'Signed out' });
    await toast.waitFor();
    expect(await page.locator('.toast').count()).toBe(1);

    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Notifications (F8)');

    const box = await toast.boundingBox();
    if (!box) throw new Error('The toast has no box');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 50, y, { steps: 3 });
    await page.mouse.move(box.x + 100, y, { steps: 3 });
    await page.mouse.up();
    await toast.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

it('keeps a toast that was swiped less than the threshold', async () => {
  const { context, page } = await newSession(browser);
  try {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(demoEmail('staff'), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/staff/dashboard');
    await new AppShell(page).signOut();
    const toast = page.locator('.toast', { hasText: 'Signed out' });
    await toast.waitFor();
    const box = await toast.boundingBox();
    if (!box) throw new Error('The toast has no box');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 50, y, { steps: 3 });
    await page.mouse.up();
    await page.waitForTimeout(200);
    expect(await toast.isVisible()).toBe(true);
  } finally {
    await context.close();
  }
});
