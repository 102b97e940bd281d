/**
 * The sync status in Chromium: a change the server refuses is shown with its reason, and the list
 * of refused changes survives a reload (it lives in the offline store). The refusal is the real
 * conflict rule: the housekeeper starts a task offline that the host has meanwhile completed, and
 * an older offline edit never reopens a completed task.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, newSession, type Session } from './support/browser';
import { DEMO_PASSWORD, HOME_BY_ROLE, demoEmail } from './support/accounts';
import { localRows } from './support/storage';
import { goOffline, goOnline } from './support/network';
import { LoginPage } from './pages/login-page';
import { SyncStatusPill } from './pages/sync-status';

const TASKS = 20111;

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


/** The host's own write, through the table API (what the host's screens would send). */
async function hostCompletes(taskId: string): Promise<void> {
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoEmail('host'), password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseUrl()}/api/table/${TASKS}/update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ ID: taskId, task_status: 'completed' }),
  });
  expect(res.status).toBe(200);
}

type LocalTask = { id: string; task_title: string; task_status: string };

describe('sync status', () => {
  it('shows a refused change with the reason, and still after a reload', async () => {
    const s = await newSession(browser, { width: 390, height: 844 });
    sessions.push(s);
    const login = new LoginPage(s.page);
    await login.goto();
    await login.signIn(demoEmail('staff'), DEMO_PASSWORD);
    await s.page.waitForURL((url) => url.pathname === HOME_BY_ROLE.staff);
    const pill = new SyncStatusPill(s.page);
    await pill.waitForSynced();

    const tasks = (await localRows(s.page, 'housekeeping_tasks')) as LocalTask[];
    // The last pending one: other browser tests start the first ones.
    const task = tasks.filter((t) => t.task_status === 'pending').at(-1);
    if (!task) throw new Error('The demo housekeeper has no pending task');
    await s.page.goto(`/staff/tasks?taskId=${task.id}`);
    const dialog = s.page.locator('dialog.dialog[open]');
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    await pill.waitForSynced();

    // Offline, the housekeeper starts the task the host has just completed on the server.
    await goOffline(s.context);
    await pill.waitForState('offline');
    await hostCompletes(task.id);
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
