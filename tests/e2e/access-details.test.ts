/**
 * Access details on the housekeeper's phone (390×844): the host (1024 px) enters a door code and
 * Wi-Fi on a property where the demo housekeeper has a task due by tomorrow; her phone receives
 * them, shows them on the task, keeps them through an offline reload, and drops them from the device
 * as soon as she completes the task, still offline. Back online, the server's tombstone keeps them
 * gone. `E2E_SHOTS=<dir>` saves screenshots of the screens for a look.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSessions } from './support/browser';
import { localRows } from './support/storage';
import { goOffline, goOnline } from './support/network';
import { signInAs, signInReady } from './pages/login-page';
import { SyncStatusPill } from './pages/sync-status';

const { open } = browserSessions();
const DOOR_CODE = '8642';

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const DAY_MS = 24 * 60 * 60 * 1000;
const tomorrow = () => new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
const dayAfterTomorrow = () => new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10);

describe('access details', () => {
  it('reach the housekeeper inside her task’s window, work offline, and leave her phone when the task is done', async () => {
    const staff = await open({ width: 390, height: 844 });
    const staffSync = await signInReady(staff.page, 'staff');
    const tasks = await localRows(staff.page, 'housekeeping_tasks');
    const isOpenTask = (t: Record<string, unknown>) => !t.deleted_at && (t.task_status === 'pending' || t.task_status === 'in_progress');
    const dueBy = (t: Record<string, unknown>, day: string) => typeof t.scheduled_date !== 'string' || t.scheduled_date <= day;
    // A task due by tomorrow, the only one of hers at its property with a window open (even by a clock read a few hours ahead).
    const task = tasks.find(
      (t) =>
        t.task_status === 'pending' &&
        isOpenTask(t) &&
        dueBy(t, tomorrow()) &&
        Array.isArray(t.checklist_items) &&
        !tasks.some((other) => other.id !== t.id && other.property_id === t.property_id && isOpenTask(other) && dueBy(other, dayAfterTomorrow())),
    ) as { id: string; property_id: string; task_title: string; checklist_items: { text: string; done: boolean }[] } | undefined;
    if (!task) throw new Error('The demo housekeeper has no pending task due by tomorrow alone at its property');
    expect((await localRows(staff.page, 'property_access')).filter((a) => a.property_id === task.property_id)).toEqual([]);

    const host = await open({ width: 1024, height: 800 });
    await signInAs(host.page, 'host');
    await new SyncStatusPill(host.page).waitForSynced();
    await host.page.goto(`/host/properties/${task.property_id}`);
    const card = host.page.locator('.card', { has: host.page.getByRole('heading', { name: 'Access details' }) });
    await card.getByText('No door code, Wi-Fi or parking details yet.').waitFor();
    await card.getByRole('button', { name: 'Add' }).click();
    const form = host.page.locator('dialog.dialog[open]');
    await form.getByLabel('Door code').fill(DOOR_CODE);
    await form.getByLabel('Wi-Fi network').fill('Casa-Azul');
    await form.getByLabel('Wi-Fi password').fill('sol-e-mar-2026');
    await form.getByLabel('Parking').fill('Bay 14 in the garage under the building');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await card.locator('.access-details__code', { hasText: DOOR_CODE }).waitFor();
    await new SyncStatusPill(host.page).waitForSynced();
    await shot(host.page, 'host-property-access-1024');

    // The server pokes her phone, which pulls the details: her task is due by tomorrow.
    const held = async () => (await localRows(staff.page, 'property_access')).filter((a) => a.property_id === task.property_id && !a.deleted_at).map((a) => a.door_code);
    await expect.poll(held, { timeout: 20_000 }).toEqual([DOOR_CODE]);

    await staff.page.goto(`/staff/tasks?taskId=${task.id}`);
    const dialog = staff.page.locator('dialog.dialog[open]');
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    const details = dialog.locator('.access-details');
    await details.locator('.access-details__code', { hasText: DOOR_CODE }).waitFor();
    expect(await details.innerText()).toContain('Network Casa-Azul, password sol-e-mar-2026');
    await shot(staff.page, 'staff-task-access-390');

    // Offline, through a reload: still there.
    await goOffline(staff.context);
    await staff.page.reload();
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    await staffSync.waitForState('offline');
    await details.locator('.access-details__code', { hasText: DOOR_CODE }).waitFor();

    // Done, still offline: the device drops them at once.
    await dialog.getByRole('button', { name: 'Start task' }).click();
    await dialog.locator('.badge', { hasText: 'In progress' }).waitFor();
    for (const item of task.checklist_items.filter((i) => !i.done)) await dialog.getByRole('checkbox', { name: item.text }).check();
    await dialog.getByRole('button', { name: 'Complete task' }).click();
    await dialog.locator('.badge', { hasText: 'Completed' }).waitFor();
    await expect.poll(held, { timeout: 10_000 }).toEqual([]);
    expect(await dialog.locator('.access-details').count()).toBe(0);

    // Back online: the completion reaches the server, whose next pull tells her device the row is gone.
    await goOnline(staff.context);
    await staffSync.waitForSynced();
    await staff.page.reload();
    await staffSync.waitForSynced();
    expect(await held()).toEqual([]);
    await staff.page.goto('/staff/properties');
    await staff.page.locator('.staff-property').first().waitFor();
    expect(await staff.page.locator('.access-details__code', { hasText: DOOR_CODE }).count()).toBe(0);
    await shot(staff.page, 'staff-properties-390');
  });
});
