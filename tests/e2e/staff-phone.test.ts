/**
 * The housekeeper's phone, Chromium at 390×844: the day's progress on the dashboard, large touch
 * targets, and a task worked entirely offline (every request blocked, the service worker's too):
 * checklist ticked, task completed, through a reload. Back online, the host's open page (another
 * context) shows "Task Completed" in the bell without a reload, and the notification's action opens
 * that task.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSessions } from './support/browser';
import { localRows, type LocalChecklistItem } from './support/storage';
import { ownStaffTask, ownTaskOnDevice } from './support/own-task';
import { goOffline, goOnline } from './support/network';
import { signInAs, signInReady } from './pages/login-page';
import { SyncStatusPill } from './pages/sync-status';
import { seriousViolations } from './support/axe';

const { open } = browserSessions();

/** Heights of the visible controls matching a selector that are under 44 px (touch targets). */
async function smallTargets(page: Page, scope: string): Promise<string[]> {
  return page.locator(scope).evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('button, a[href], .checklist__toggle, select, input:not([type="checkbox"]), textarea')]
      .filter((el) => el.offsetParent !== null && !el.closest('.visually-hidden'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.height > 0 && box.height < 44)
      .map(({ el, box }) => `${el.tagName.toLowerCase()} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}" ${Math.round(box.height)}px`),
  );
}

/** The host's unread count as the bell announces it (other tests of the run may have left some). */
async function unread(page: Page): Promise<number> {
  const label = (await page.locator('.bell__button').getAttribute('aria-label')) ?? '';
  const found = /(\d+) unread/.exec(label);
  return found ? Number(found[1]) : 0;
}

describe('the housekeeper’s phone', () => {
  it('works a task offline; the host hears "Task Completed" in the bell without a reload', async () => {
    // A task of her own: the other files on the shared server work the demo's tasks.
    const own = await ownStaffTask({ task_title: `Phone turnover ${Date.now().toString(36)}`, checklist: ['Make the beds', 'Sweep the porch'] });
    const staff = await open({ width: 390, height: 844 });
    const staffSync = await signInReady(staff.page, 'staff');
    await staff.page.locator('.staff-progress').waitFor();
    expect(await staff.page.locator('nav.tabbar').isVisible()).toBe(true);

    const task = await ownTaskOnDevice(staff.page, own.id);
    const [first, second] = task.checklist_items.filter((i) => !i.done) as [LocalChecklistItem, LocalChecklistItem];

    const host = await open();
    await signInAs(host.page, 'host');
    const bell = host.page.locator('.bell__button');
    await bell.waitFor();
    await new SyncStatusPill(host.page).waitForSynced();
    const unreadBefore = await unread(host.page);

    // The housekeeper finds it in the list (filters and large cards), then goes offline.
    await staff.page.locator('nav.tabbar').getByRole('link', { name: 'Tasks' }).click();
    await staff.page.waitForURL((url) => url.pathname === '/staff/tasks');
    await staff.page.getByLabel('When').selectOption('');
    await staff.page.locator('.task-card', { hasText: task.task_title }).first().click();
    await staff.page.waitForURL((url) => url.searchParams.get('taskId') === task.id);
    const dialog = staff.page.locator('dialog.dialog[open]');
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    expect(await smallTargets(staff.page, 'dialog.dialog[open]')).toEqual([]);

    await goOffline(staff.context);
    await staff.page.reload();
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    await staffSync.waitForState('offline');
    // A note typed and not saved survives closing the dialog, kept on the device as a draft.
    const note = 'Tap in the bathroom drips 🚿';
    await dialog.getByLabel('Notes').fill(note);
    const taskUrl = staff.page.url();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await staff.page.goto(taskUrl);
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    expect(await dialog.getByLabel('Notes').inputValue()).toBe(note);
    await dialog.getByText('Not saved yet: kept on this device').waitFor();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    expect(await dialog.getByLabel('Notes').inputValue()).toBe(task.notes ?? '');
    await dialog.getByRole('button', { name: 'Start task' }).click();
    await dialog.locator('.badge', { hasText: 'In progress' }).waitFor();
    await dialog.getByRole('checkbox', { name: first.text }).check();
    await dialog.getByRole('checkbox', { name: second.text }).check();
    await dialog.getByRole('button', { name: 'Complete task' }).click();
    await dialog.locator('.badge', { hasText: 'Completed' }).waitFor();
    await staffSync.waitForPending('offline', 4);
    // On a phone the pill keeps its words (its short form), not a bare dot.
    const short = staff.page.locator('.sync-pill__short');
    expect(await short.isVisible()).toBe(true);
    expect(await short.innerText()).toBe('Offline · 4 waiting');

    await staff.page.reload();
    await dialog.locator('.badge', { hasText: 'Completed' }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: first.text }).isChecked()).toBe(true);
    // Nothing has reached the host yet.
    expect(await unread(host.page)).toBe(unreadBefore);
    const completedFor = async () =>
      (await localRows(host.page, 'notifications')).filter((n) => n.title === 'Task Completed' && n.taskId === task.id && !n.deleted_at).length;
    expect(await completedFor()).toBe(0);

    const workDoneBy = new Date().toISOString();
    await goOnline(staff.context);
    await staffSync.waitForSynced();

    // The server pokes the host's page, which pulls the new notification: no reload.
    await host.page.waitForFunction(
      (before) => Number(/(\d+) unread/.exec(document.querySelector('.bell__button')?.getAttribute('aria-label') ?? '')?.[1] ?? 0) > before,
      unreadBefore,
      { timeout: 15_000 },
    );
    await expect.poll(completedFor, { timeout: 15_000 }).toBe(1);
    expect(await bell.getAttribute('aria-label')).toMatch(/^Notifications, \d+ unread$/);
    await bell.click();
    // The panel's foot tells the browser's permission, read as the panel opens.
    const permission = await host.page.evaluate(() => Notification.permission);
    const footText = { default: 'Allow notifications', granted: 'Browser notifications are on for this site.', denied: 'Browser notifications are blocked' }[permission];
    await host.page.locator('.bell__foot', { hasText: footText }).waitFor();
    const item = host.page.locator('.bell__item--success', { hasText: 'Task Completed' }).filter({ hasText: task.task_title });
    await item.waitFor();
    expect(await item.locator('.badge').innerText()).toBe('success');
    await item.getByRole('button', { name: /^Open/ }).click();
    await host.page.waitForURL((url) => url.pathname === '/host/housekeeping' && url.searchParams.get('taskId') === task.id);
    const hostDialog = host.page.locator('dialog.dialog[open]');
    await hostDialog.locator('.badge', { hasText: 'Completed' }).waitFor();
    // The times of the work are the phone's, from while it was offline, not when it found a signal.
    const worked = (await localRows(host.page, 'housekeeping_tasks')).find((t) => t.id === task.id);
    expect(typeof worked?.started_at).toBe('string');
    expect(String(worked?.started_at) <= String(worked?.completed_at)).toBe(true);
    expect(String(worked?.completed_at) < workDoneBy).toBe(true);
    await hostDialog.locator('dt', { hasText: 'Started' }).waitFor();
    expect(await hostDialog.locator('dt', { hasText: 'Completed' }).locator('xpath=following-sibling::dd').innerText()).toMatch(/\(\d+ min\)$/);
    await hostDialog.getByRole('button', { name: 'Close' }).last().click();

    // Opening it marked it read (through the outbox); mark all read and clear empty the bell.
    await bell.click();
    const panel = host.page.locator('.bell__panel');
    await panel.waitFor();
    expect(await panel.locator('.bell__item--unread', { hasText: 'Task Completed' }).filter({ hasText: task.task_title }).count()).toBe(0);
    if (await panel.getByRole('button', { name: 'Mark all read' }).count()) await panel.getByRole('button', { name: 'Mark all read' }).click();
    await host.page.locator('.bell__count').waitFor({ state: 'detached' });
    await panel.getByRole('button', { name: 'Clear all' }).click();
    await panel.getByText('You are all caught up').waitFor();
    await new SyncStatusPill(host.page).waitForSynced();
    const left = (await localRows(host.page, 'notifications')).filter((n) => !n.deleted_at);
    expect(left).toEqual([]);
  });

  it('keeps every staff page accessible on a phone, with 44 px targets', async () => {
    const s = await open({ width: 390, height: 844 });
    await signInAs(s.page, 'staff');
    await new SyncStatusPill(s.page).waitForSynced();
    const problems: string[] = [];
    for (const [label, path] of [
      ['Today', '/staff/dashboard'],
      ['Tasks', '/staff/tasks'],
      ['Schedule', '/staff/schedule'],
      ['Properties', '/staff/properties'],
      ['Profile', '/staff/profile'],
    ] as const) {
      await s.page.locator('nav.tabbar').getByRole('link', { name: label }).click();
      await s.page.waitForURL((url) => url.pathname === path);
      await s.page.locator('h1.page__title', { hasText: label }).waitFor();
      await s.page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0);
      problems.push(...(await seriousViolations(s.page)).map((v) => `${path}: ${v}`));
      problems.push(...(await smallTargets(s.page, '.page__body')).map((v) => `${path}: small target ${v}`));
    }
    // The profile's push card: permission and this device's state.
    await s.page.getByRole('heading', { name: 'Push notifications on this device' }).waitFor();
    await s.page.getByText('Not subscribed').waitFor();
    expect(problems).toEqual([]);
    // axe on many views: slow on a shared machine.
  }, 180_000);
});
