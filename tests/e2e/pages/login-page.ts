import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, HOME_BY_ROLE, demoEmail } from '../support/accounts';
import { waitForRoleCache, waitForServiceWorker } from '../support/storage';
import { SyncStatusPill } from './sync-status';

/** The sign-in page (/login). */
export class LoginPage {
  constructor(readonly page: Page) {}

  get email() {
    return this.page.locator('input[type="email"]');
  }

  get password() {
    return this.page.locator('input[type="password"]');
  }

  get submit() {
    return this.page.locator('form button[type="submit"]');
  }

  async goto(search = ''): Promise<void> {
    await this.page.goto(`/login${search}`);
    await this.email.waitFor();
  }

  /** The screen that asks admins without two-step sign-in to turn it on. */
  get twoStepPrompt() {
    return this.page.getByRole('heading', { name: 'Protect your account with two-step sign-in' });
  }

  /** The second step's code field (6 digits, or a recovery code after the toggle). */
  get code() {
    return this.page.locator('input[name="totp-code"], input[name="recovery-code"]');
  }

  /**
   * Fills and sends the form. An admin without two-step sign-in is then asked to turn it on: by
   * default this answers "Not now", as most tests are about what comes after (`twoStepPrompt:
   * 'stay'` leaves the prompt open for a test about it).
   */
  async signIn(email: string, password: string, options: { twoStepPrompt?: 'skip' | 'stay' } = {}): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
    if (options.twoStepPrompt === 'stay') return;
    const notNow = this.page.getByRole('button', { name: 'Not now' });
    // Whichever comes first: the prompt, another page, an error, or the code step.
    const outcome = await Promise.race([
      notNow.waitFor().then(() => 'prompt' as const),
      this.page.waitForURL((url) => url.pathname !== '/login').then(() => 'left' as const),
      this.page.locator('.form-message--error').waitFor().then(() => 'error' as const),
      this.code.waitFor().then(() => 'code' as const),
    ].map((p) => p.catch(() => 'none' as const)));
    if (outcome === 'prompt') await notNow.click();
  }

  /** The second step: a code (or, with `recovery`, a recovery code) and the submit. */
  async enterCode(code: string, options: { recovery?: boolean } = {}): Promise<void> {
    if (options.recovery) await this.page.getByRole('button', { name: 'Use a recovery code' }).click();
    await this.page.locator(options.recovery ? 'input[name="recovery-code"]' : 'input[name="totp-code"]').fill(code);
    await this.page.getByRole('button', { name: 'Verify and sign in' }).click();
  }

  /** The form-level error the page shows after a failed sign-in. */
  async errorText(): Promise<string> {
    const alert = this.page.locator('.form-message--error');
    await alert.waitFor();
    return (await alert.innerText()).trim();
  }
}

/** Signs a demo account in from /login and waits for its home page (HOME_BY_ROLE). */
export async function signInAs(page: Page, role: keyof typeof HOME_BY_ROLE): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(demoEmail(role), DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname === HOME_BY_ROLE[role]);
}

/**
 * Signs a demo account in and waits until it can work offline: the service worker controls the
 * page and the first download is in. Answers the page's sync pill.
 */
export async function signInReady(page: Page, role: keyof typeof HOME_BY_ROLE): Promise<SyncStatusPill> {
  await signInAs(page, role);
  await waitForServiceWorker(page);
  const sync = new SyncStatusPill(page);
  await sync.waitForSynced();
  // Every page of the role opens offline from here on: its own files are cached after sign-in.
  await waitForRoleCache(page, role === 'staff' ? 'staff' : role === 'host' ? 'host' : 'admin');
  return sync;
}
