/**
 * Offline first, in Chromium with two contexts: the housekeeper works with the network gone (for
 * the page and for the service worker: every request is aborted) through reloads served by the
 * service worker, and the host's open page shows the result once the housekeeper is back online,
 * without a refresh. Also: a demo account signs in with no server at all.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PROPERTIES } from '../../shared/demo/catalog';
import { browserSessions } from './support/browser';
import { DEMO_PASSWORD, HOME_BY_ROLE, demoEmail } from './support/accounts';
import { backgroundSyncTags, localRows, metaValue, storedToken, type LocalChecklistItem } from './support/storage';
import { ownStaffTask, ownTaskOnDevice } from './support/own-task';
import { goOffline, goOnline } from './support/network';
import { LoginPage, signInAs, signInReady } from './pages/login-page';
import { AppShell } from './pages/app-shell';
import { SyncStatusPill } from './pages/sync-status';

const { open } = browserSessions();

describe('offline work', () => {
  it('the housekeeper ticks and completes offline through reloads; the host sees it without a refresh', async () => {
    // A task of her own: the other files on the shared server work the demo's tasks.
    const own = await ownStaffTask({ task_title: `Offline turnover ${Date.now().toString(36)}`, checklist: ['Wipe the counters', 'Empty the bins'] });
    const staff = await open({ width: 390, height: 844 });
    const staffSync = await signInReady(staff.page, 'staff');

    const task = await ownTaskOnDevice(staff.page, own.id);
    const [first, second] = task.checklist_items.filter((i) => !i.done) as [LocalChecklistItem, LocalChecklistItem];

    const host = await open();
    await signInAs(host.page, 'host');
    await host.page.goto(`/host/housekeeping?taskId=${task.id}`);
    const hostDialog = host.page.locator('dialog.dialog[open]');
    await hostDialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    await hostDialog.locator('.badge', { hasText: 'Pending' }).waitFor();

    await staff.page.goto(`/staff/tasks?taskId=${task.id}`);
    const dialog = staff.page.locator('dialog.dialog[open]');
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();

    await goOffline(staff.context);
    await staff.page.reload();
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    await staffSync.waitForState('offline');

    await dialog.getByRole('checkbox', { name: first.text }).check();
    await dialog.getByRole('checkbox', { name: second.text }).check();
    await dialog.getByRole('button', { name: 'Complete task' }).click();
    await dialog.locator('.badge', { hasText: 'Completed' }).waitFor();
    await staffSync.waitForPending('offline', 3);
    expect(await staffSync.label()).toContain('Offline · 3 changes waiting');
    // The page cannot send: the service worker is asked to, when the connection returns (Background Sync).
    expect(await backgroundSyncTags(staff.page)).toContain('staykeep-outbox');

    await staff.page.reload();
    await dialog.locator('.badge', { hasText: 'Completed' }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: first.text }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: second.text }).isChecked()).toBe(true);
    await staffSync.waitForPending('offline', 3);
    // The host has heard nothing yet.
    expect(await hostDialog.locator('.badge', { hasText: 'Pending' }).count()).toBe(1);

    await goOnline(staff.context);
    await staffSync.waitForSynced();
    // The server pokes the host's open page, which pulls: no reload here.
    await hostDialog.locator('.badge', { hasText: 'Completed' }).waitFor({ timeout: 15_000 });
    const done = await hostDialog.locator('.checklist__item--done').allInnerTexts();
    expect(done.some((t) => t.includes(first.text))).toBe(true);
    expect(done.some((t) => t.includes(second.text))).toBe(true);
    expect(await localRows(staff.page, 'outbox')).toEqual([]);
  });

  it('signs a demo account in with the server unreachable: demo data on the device, a banner, wiped on sign-out', async () => {
    const s = await open();
    await new LoginPage(s.page).goto();
    await s.context.route('**/api/**', (route) => route.abort('connectionrefused'));
    await new LoginPage(s.page).signIn(demoEmail('host'), DEMO_PASSWORD);
    await s.page.waitForURL((url) => url.pathname === HOME_BY_ROLE.host);
    await s.page.locator('.demo-banner').waitFor();
    await new SyncStatusPill(s.page).waitForState('demo');
    expect(await storedToken(s.page)).toBeNull();

    await s.page.goto('/host/properties');
    const shell = new AppShell(s.page);
    await shell.waitForHeading('Properties');
    for (const p of DEMO_PROPERTIES) await s.page.getByText(p.property_name).first().waitFor();
    expect(await shell.errorStates()).toEqual([]);

    await shell.signOut();
    await s.page.waitForURL((url) => url.pathname === '/login');
    expect(await metaValue(s.page, 'session')).toBeNull();
    expect(await localRows(s.page, 'properties')).toEqual([]);
  });
});
