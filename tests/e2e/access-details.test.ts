/**
 * Access details on the housekeeper's phone (390×844): the host (1024 px) gives the demo
 * housekeeper a task today at a new property and enters its door code and Wi-Fi; her phone receives
 * them, shows them on the task, keeps them through an offline reload, and drops them from the device
 * as soon as she completes the task, still offline. Back online, the server's tombstone keeps them
 * gone. The host's hours and cost of the month, with its CSV. `E2E_SHOTS=<dir>` saves screenshots of
 * the screens for a look.
 */
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSessions } from './support/browser';
import { localRows, storedToken } from './support/storage';
import { downloadCsv } from './support/csv';
import { goOffline, goOnline } from './support/network';
import { signInAs, signInReady } from './pages/login-page';
import { SyncStatusPill } from './pages/sync-status';

const { open } = browserSessions();
const DOOR_CODE = '8642';

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

describe('access details', () => {
  it('reach the housekeeper inside her task’s window, work offline, and leave her phone when the task is done', async () => {
    const staff = await open({ width: 390, height: 844 });
    const staffSync = await signInReady(staff.page, 'staff');
    const [me] = await localRows(staff.page, 'housekeeping_staff');
    if (!me) throw new Error('The demo housekeeper has no staff row on her device');

    const host = await open({ width: 1024, height: 800 });
    await signInAs(host.page, 'host');
    await new SyncStatusPill(host.page).waitForSynced();
    // A cottage of her own for the test, with one task for her today: no other task keeps a window open there.
    const token = await storedToken(host.page);
    const create = async (table: number, payload: Record<string, unknown>): Promise<string> =>
      host.page.evaluate(
        async ({ table, payload, token }) => {
          const res = await fetch(`/api/table/${table}/create`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(payload) });
          if (res.status !== 201) throw new Error(`create ${table}: ${res.status} ${await res.text()}`);
          return ((await res.json()) as { ID: string }).ID;
        },
        { table, payload, token },
      );
    const propertyId = await create(20100, { property_name: 'Access Test Cottage', address: 'Rua do Teste 1, Lisboa' });
    const items = ['Strip beds', 'Clean bathroom'];
    const task = {
      property_id: propertyId,
      task_title: 'Access test turnover',
      checklist_items: items.map((text, i) => ({ id: `item-${i}`, text, done: false })),
      id: '',
    };
    task.id = await create(20111, { property_id: propertyId, task_title: task.task_title, assigned_staff_id: me.id, scheduled_date: new Date().toISOString().slice(0, 10), checklist_items: task.checklist_items });
    // The server is shared with the other files: the cottage and its task go when this test ends.
    onTestFinished(async () => {
      for (const [table, id] of [[20111, task.id], [20100, propertyId]] as const) {
        await host.page.evaluate(
          async ({ table, id, token }) => {
            await fetch(`/api/table/${table}/delete`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ ID: id }) });
          },
          { table, id, token },
        );
      }
    });
    await expect.poll(async () => (await localRows(staff.page, 'housekeeping_tasks')).some((t) => t.id === task.id), { timeout: 20_000 }).toBe(true);
    expect((await localRows(staff.page, 'property_access')).filter((a) => a.property_id === task.property_id)).toEqual([]);

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

describe('hours and cost', () => {
  it('shows the month’s hours and cost per staff member, with a CSV of the same lines, at 1024 and 390 px', async () => {
    const host = await open({ width: 1024, height: 800 });
    await signInAs(host.page, 'host');
    await new SyncStatusPill(host.page).waitForSynced();
    await host.page.goto('/host/housekeeping');
    await host.page.getByRole('tab', { name: 'Hours & cost' }).click();
    const report = host.page.locator('.work-report');
    await report.waitFor();
    // A month with no completed work says so.
    await report.getByLabel('Month', { exact: true }).fill('2001-01');
    await report.getByText('No work completed in Jan 2001').waitFor();
    await shot(host.page, 'host-hours-empty-1024');
    // This month: the task completed in the test above at least.
    await report.getByLabel('Month', { exact: true }).fill(new Date().toISOString().slice(0, 7));
    const table = report.getByRole('table', { name: /Hours and cost by staff member/ });
    await table.waitFor();
    const rows = await table.locator('tbody tr').count();
    expect(rows).toBeGreaterThan(0);
    const csv = await downloadCsv(host.page, () => report.getByRole('button', { name: 'Download hours and cost by staff member as a CSV file' }).click());
    expect(csv.name).toMatch(/^housekeeping-by-staff-\d{4}-\d{2}\.csv$/);
    expect(csv.rows[0]).toEqual(['Staff member', 'Currency', 'Tasks', 'Tasks without times', 'Hours', 'Cost']);
    expect(csv.rows.length - 1).toBe(rows);
    await shot(host.page, 'host-hours-1024');
    await host.page.setViewportSize({ width: 390, height: 844 });
    await table.waitFor();
    await shot(host.page, 'host-hours-390');
  });
});
