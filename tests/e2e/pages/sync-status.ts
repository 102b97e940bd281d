import type { Page } from 'playwright-core';

/** The sync status pill of the top bar (client/src/components/layout/SyncStatus.tsx). */
export class SyncStatusPill {
  constructor(readonly page: Page) {}

  get pill() {
    return this.page.locator('.sync-pill');
  }

  /** Waits until the pill is in this state (idle, syncing, offline, error, unauthorized, demo). */
  async waitForState(state: string, timeout = 20_000): Promise<void> {
    await this.page.locator(`.sync-pill[data-sync-state="${state}"]`).waitFor({ timeout });
  }

  /** Waits until the engine is idle with nothing waiting: everything is on the server. */
  async waitForSynced(timeout = 20_000): Promise<void> {
    await this.page.locator('.sync-pill[data-sync-state="idle"][data-pending="0"]').waitFor({ timeout });
  }

  async waitForLabel(text: string, timeout = 15_000): Promise<void> {
    await this.page.locator('.sync-pill__label', { hasText: text }).waitFor({ timeout });
  }

  async label(): Promise<string> {
    return (await this.page.locator('.sync-pill__label').innerText()).trim();
  }
}
