import type { Page } from 'playwright-core';

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
