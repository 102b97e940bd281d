import type { Page } from 'playwright-core';
import { ERROR_SCREEN_TITLE, ROUTER_ERROR_TITLE } from '../../../shared/messages';

/** A signed-in area: its page heading, navigation, data states and user menu. */
export class AppShell {
  constructor(readonly page: Page) {}

  heading() {
    return this.page.locator('h1.page__title');
  }

  /** Waits for a page heading with this text. */
  async waitForHeading(text: string): Promise<void> {
    await this.page.locator('h1.page__title', { hasText: text }).first().waitFor();
  }

  /** Waits until the page has finished loading its data: no request in flight, no skeleton left. */
  async waitForData(): Promise<void> {
    await this.page.waitForLoadState('networkidle');
    await this.page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0, undefined, { timeout: 15_000 });
  }

  /** Links of the main navigation (the sidebar on a desktop-sized window). */
  async navLinks(): Promise<{ label: string; href: string }[]> {
    await this.page.locator('.shell__sidebar .nav__link').first().waitFor();
    return this.page.locator('.shell__sidebar .nav__link').evaluateAll((links) =>
      links.map((a) => ({ label: (a.textContent ?? '').trim(), href: a.getAttribute('href') ?? '' })),
    );
  }

  async clickNav(label: string): Promise<void> {
    await this.page.locator('.shell__sidebar .nav__link', { hasText: label }).first().click();
  }

  /** Texts of the error states shown in place of data (a failed read). */
  async errorStates(): Promise<string[]> {
    return this.page.locator('.state--error').allInnerTexts();
  }

  async signOut(): Promise<void> {
    await this.page.locator('.user-menu__button').click();
    await this.page.getByRole('button', { name: 'Sign out', exact: true }).click();
  }
}

/** True when the generic error screen or the router fallback screen is showing. */
export async function showsErrorScreen(page: Page): Promise<boolean> {
  const text = await page.locator('body').innerText();
  return text.includes(ERROR_SCREEN_TITLE) || text.includes(ROUTER_ERROR_TITLE);
}

/** The path (and search) the browser is on. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}
