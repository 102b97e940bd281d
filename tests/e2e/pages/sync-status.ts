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

  /** Waits until this many changes wait on the device, in this state. */
  async waitForPending(state: string, pending: number, timeout = 15_000): Promise<void> {
    await this.page.locator(`.sync-pill[data-sync-state="${state}"][data-pending="${pending}"]`).waitFor({ timeout });
  }

  /** What the pill says (its accessible name, whichever label the width shows). */
  async label(): Promise<string> {
    return (await this.pill.getAttribute('aria-label')) ?? '';
  }
}
