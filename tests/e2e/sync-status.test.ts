/**
 * The sync status in Chromium: a change the server refuses is shown with its reason, and the list
 * of refused changes survives a reload (it lives in the offline store). The refusal is the real
 * conflict rule: the housekeeper starts a task offline that the host has meanwhile completed, and
 * an older offline edit never reopens a completed task.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newSession, type Session } from './support/browser';
import { DEMO_PASSWORD, HOME_BY_ROLE, demoEmail } from './support/accounts';
import { localRows } from './support/storage';
import { hostUpdatesTask, ownStaffTask, ownTaskOnDevice } from './support/own-task';
import { goOffline, goOnline } from './support/network';
import { LoginPage } from './pages/login-page';
import { SyncStatusPill } from './pages/sync-status';

let browser: Browser;
const sessions: Session[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const s of sessions) expect(s.errors).toEqual([]);
  for (const s of sessions) await s.context.close();
  await browser?.close();
});

describe('sync status', () => {
  it('shows a refused change with the reason, and still after a reload', async () => {
    // A task of her own: the other files on the shared server work the demo's tasks.
    const own = await ownStaffTask({ task_title: `Refused start ${Date.now().toString(36)}` });
    const s = await newSession(browser, { width: 390, height: 844 });
    sessions.push(s);
    const login = new LoginPage(s.page);
    await login.goto();
    await login.signIn(demoEmail('staff'), DEMO_PASSWORD);
    await s.page.waitForURL((url) => url.pathname === HOME_BY_ROLE.staff);
    const pill = new SyncStatusPill(s.page);
    await pill.waitForSynced();

    const task = await ownTaskOnDevice(s.page, own.id);
    await s.page.goto(`/staff/tasks?taskId=${task.id}`);
    const dialog = s.page.locator('dialog.dialog[open]');
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    await pill.waitForSynced();

    // Offline, the housekeeper starts the task the host has just completed on the server.
    await goOffline(s.context);
    await pill.waitForState('offline');
    await hostUpdatesTask(own, { task_status: 'completed' });
    await dialog.getByRole('button', { name: 'Start task' }).click();
    await dialog.locator('.badge', { hasText: 'In progress' }).waitFor();
    await pill.waitForPending('offline', 1);

    await goOnline(s.context);
    // Refused: the toast says why, the task shows the server's state, nothing waits any more.
    const toast = s.page.getByRole('alert').filter({ hasText: 'A change was refused' });
    await toast.waitFor();
    expect(await toast.locator('.toast__description').innerText()).toBe('Task: change of task status: Task is already completed; only the host can reopen it');
    await dialog.locator('.badge', { hasText: 'Completed' }).waitFor();
    await pill.waitForSynced();
    expect(await pill.label()).toContain('1 refused');

    // A new page load (the task's own dialog, reopened by a reload of its address, would cover the pill).
    await s.page.goto(HOME_BY_ROLE.staff);
    await pill.waitForSynced();
    expect(await pill.label()).toContain('1 refused');
    await pill.pill.click();
    const details = s.page.getByRole('dialog', { name: 'Sync' });
    const refused = details.locator('.rejections__item');
    await refused.waitFor();
    expect(await refused.count()).toBe(1);
    expect(await refused.locator('.rejections__what').innerText()).toBe('Task: change of task status');
    expect(await refused.locator('.rejections__why').innerText()).toBe('Task is already completed; only the host can reopen it');

    await refused.getByRole('button', { name: 'Dismiss' }).click();
    await details.getByText('The server has accepted every change from this device.').waitFor();
    expect(await localRows(s.page, 'rejections')).toEqual([]);
  });
});
