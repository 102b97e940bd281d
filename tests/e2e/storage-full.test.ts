/**
 * A full disk (every IndexedDB put/add of the page throws QuotaExceededError once a flag is set,
 * as a full device would) loses nothing and locks no one out: a checklist tick is refused with a
 * message naming the cause and the remedy, the stored task and the outbox stay as they were, and
 * an offline reload opens the housekeeper's page signed in, with no page error (start-up writes
 * nothing it needs). The profile's storage card shows the usage and whether the data is persistent.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSessions } from './support/browser';
import { localRows, localTasks, type LocalChecklistItem } from './support/storage';
import { ownStaffTask, ownTaskOnDevice } from './support/own-task';
import { goOffline } from './support/network';
import { signInReady } from './pages/login-page';

const { open } = browserSessions();

const FULL_FLAG = 'e2e.storage-full';

/** From the flag on, the page's IndexedDB writes fail as on a full disk. */
async function simulateFullDisk(page: Page): Promise<void> {
  await page.addInitScript((flag) => {
    const store = IDBObjectStore.prototype;
    for (const method of ['put', 'add'] as const) {
      const original = store[method];
      store[method] = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if (localStorage.getItem(flag) === '1') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.apply(this, args);
      };
    }
  }, FULL_FLAG);
}

describe('a full disk', () => {
  it('keeps what is stored, says why a change was not saved, and an offline reload stays signed in', async () => {
    // A pending task of her own for this test: the other files share the server and work the demo's.
    const own = await ownStaffTask({ task_title: 'Full disk check', checklist: ['Restock towels'] });
    const { context, page } = await open({ width: 390, height: 844 });
    await simulateFullDisk(page);
    await signInReady(page, 'staff');
    const task = await ownTaskOnDevice(page, own.id);
    const item = task.checklist_items.find((i) => !i.done) as LocalChecklistItem;
    await page.goto(`/staff/tasks?taskId=${task.id}`);
    const dialog = page.locator('dialog.dialog[open]');
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    const outboxBefore = await localRows(page, 'outbox');

    await page.evaluate((flag) => localStorage.setItem(flag, '1'), FULL_FLAG);
    await dialog.getByRole('checkbox', { name: item.text }).click();
    const alert = page.locator('.toast--destructive');
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text).toContain('storage is full');
    expect(text).toContain('Free some space');
    expect(text).toContain('waiting are kept');

    // Nothing stored was lost or changed, and the outbox holds what it held.
    const after = (await localTasks(page)).find((t) => t.id === task.id);
    expect(after?.checklist_items).toEqual(task.checklist_items);
    expect(await localRows(page, 'outbox')).toEqual(outboxBefore);

    // Offline, with the disk still full: the app opens signed in, on the same page.
    await goOffline(context);
    await page.reload();
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/staff/tasks');
    expect(await dialog.getByRole('checkbox', { name: item.text }).isChecked()).toBe(false);

    // The profile says how much is stored and whether the browser keeps it.
    await page.keyboard.press('Escape');
    await page.goto('/staff/profile');
    const card = page.locator('.storage-card');
    await card.getByText(/used of .* available/).waitFor();
    const persistent = await card.getByText('Yes, persistent').count();
    if (persistent === 0) {
      await card.getByText('Not guaranteed').waitFor();
      expect(await card.innerText()).toContain('Install Staykeep on this device');
    }
    expect(new URL(page.url()).pathname).toBe('/staff/profile');
  });
});
