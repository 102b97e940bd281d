/**
 * Installing is offered: a `beforeinstallprompt` (dispatched here with a recording `prompt`, as
 * Chromium's would be) makes the staff dashboard show a one-time offer whose button calls
 * `prompt()`, remembered after a reload; the user menu's "Install app" does the same, and without
 * the event (Safari) it shows the steps by hand.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSessions } from './support/browser';
import { signInReady } from './pages/login-page';

const { open } = browserSessions();

declare global {
  interface Window {
    __prompted?: number;
  }
}

/** Fires an install offer like Chromium's, whose prompt() is counted and accepted. */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__prompted = 0;
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };
    event.prompt = () => {
      window.__prompted = (window.__prompted ?? 0) + 1;
      return Promise.resolve();
    };
    event.userChoice = Promise.resolve({ outcome: 'dismissed' });
    window.dispatchEvent(event);
  });
}

describe('installing the app', () => {
  it('offers it once on the staff dashboard and from the user menu', async () => {
    const { page } = await open({ width: 390, height: 844 });
    await signInReady(page, 'staff');
    const offer = page.locator('.install-prompt');
    expect(await offer.count()).toBe(0);

    await offerInstall(page);
    await offer.waitFor();
    await offer.getByRole('button', { name: 'Install app' }).click();
    await page.waitForFunction(() => window.__prompted === 1);
    await offer.waitFor({ state: 'detached' });

    // Answered once: not offered again, even with a new install offer.
    await page.reload();
    await page.locator('h1.page__title', { hasText: 'Today' }).waitFor();
    await offerInstall(page);
    await page.locator('.user-menu__button').click();
    await page.getByRole('button', { name: 'Install app' }).click();
    await page.waitForFunction(() => window.__prompted === 1);
    expect(await offer.count()).toBe(0);
  });

  it('shows the steps by hand where the browser has no install dialog, and the dismissible offer for Safari', async () => {
    const { context, page } = await open({ width: 390, height: 844 });
    await signInReady(page, 'staff');
    await page.locator('.user-menu__button').click();
    await page.getByRole('button', { name: 'Install app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Install Staykeep' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Install app');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await context.close();

    // An iPhone: Share → Add to Home Screen, offered on the dashboard until "Not now".
    const iphone = await open({ width: 390, height: 844 });
    await iphone.context.addInitScript(() => {
      Object.defineProperty(navigator, 'userAgent', { get: () => 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1' });
    });
    await signInReady(iphone.page, 'staff');
    const offer = iphone.page.locator('.install-prompt');
    await offer.getByRole('button', { name: 'Show me how' }).click();
    const steps = iphone.page.getByRole('dialog', { name: 'Install Staykeep' });
    await steps.waitFor();
    expect(await steps.innerText()).toContain('Add to Home Screen');
    await steps.getByRole('button', { name: 'Done' }).click();
    await iphone.page.reload();
    await iphone.page.locator('h1.page__title', { hasText: 'Today' }).waitFor();
    expect(await offer.count()).toBe(0);
  });

  it("opens an empty booking form from the installed app's New booking shortcut", async () => {
    const { page } = await open({ width: 1024, height: 768 });
    await signInReady(page, 'host');
    await page.goto('/host/bookings?new=1');
    const form = page.locator('dialog.dialog[open]');
    await form.getByRole('heading', { name: 'New booking' }).waitFor();
    expect(await form.getByLabel(/^Guest name/).inputValue()).toBe('');
  });
});
