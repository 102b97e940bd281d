import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, HOME_BY_ROLE, demoEmail } from '../support/accounts';
import { waitForServiceWorker } from '../support/storage';
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

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
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
  return sync;
}
