/**
 * The app badge (navigator.setAppBadge, stubbed by an init script that records every call): the
 * housekeeper's open urgent and overdue tasks, the host's unread guest messages and alerts; it
 * follows a change (the host reads the alerts) and is cleared on sign-out.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSessions } from './support/browser';
import { localRows, localTasks } from './support/storage';
import { ownStaffTask, ownTaskOnDevice } from './support/own-task';
import { signInReady } from './pages/login-page';
import { AppShell } from './pages/app-shell';

const { open } = browserSessions();

declare global {
  interface Window {
    __badgeCalls?: number[];
  }
}

/** Records what the page puts on the app badge (0 for a clear). */
async function recordBadge(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__badgeCalls = [];
    Object.defineProperty(navigator, 'setAppBadge', { configurable: true, value: (count?: number) => (window.__badgeCalls?.push(count ?? 0), Promise.resolve()) });
    Object.defineProperty(navigator, 'clearAppBadge', { configurable: true, value: () => (window.__badgeCalls?.push(0), Promise.resolve()) });
  });
}

async function waitForBadge(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => window.__badgeCalls?.at(-1) === n, count, { timeout: 10_000 });
}

/** Today in a timezone, YYYY-MM-DD. */
function todayIn(timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

describe('the app badge', () => {
  it('counts the housekeeper’s open urgent and overdue tasks', async () => {
    // An urgent task of her own: the other files on the shared server complete the demo's.
    const own = await ownStaffTask({ task_title: `Urgent leak ${Date.now().toString(36)}`, priority_level: 'urgent' });
    const { page } = await open({ width: 390, height: 844 });
    await recordBadge(page);
    await signInReady(page, 'staff');
    await ownTaskOnDevice(page, own.id);
    const settings = (await localRows(page, 'display_settings'))[0];
    const timezone = typeof settings?.timezone === 'string' ? settings.timezone : 'UTC';
    const today = todayIn(timezone);
    const expected = (await localTasks(page)).filter((t) => {
      const open = t.task_status === 'pending' || t.task_status === 'in_progress';
      const due = (t as { due_date?: string | null }).due_date ?? null;
      const overdue = due !== null && (/^\d{4}-\d{2}-\d{2}$/.test(due) ? due < today : Date.parse(due) < Date.now());
      return open && ((t as { priority_level?: string }).priority_level === 'urgent' || overdue);
    }).length;
    expect(expected).toBeGreaterThan(0);
    await waitForBadge(page, expected);
  });

  it('counts the host’s unread messages and alerts, follows reading them, and clears on sign-out', async () => {
    const { page } = await open();
    await recordBadge(page);
    await signInReady(page, 'host');
    const unread = (await localRows(page, 'inbox_messages')).filter((m) => m.direction === 'inbound' && m.status === 'unread');
    const alerts = (await localRows(page, 'notifications')).filter((n) => n.isRead === false).length;
    const first = unread[0];
    if (!first) throw new Error('The demo inbox has no unread message');
    await waitForBadge(page, unread.length + alerts);

    // Reading a conversation takes its messages off the badge.
    const inThread = unread.filter((m) => m.booking_id === first.booking_id).length;
    await page.goto('/host/inbox');
    await page.getByRole('navigation', { name: 'Conversations' }).getByRole('button').filter({ hasText: String(first.guest_name) }).first().click();
    await page.getByRole('region', { name: `Conversation with ${String(first.guest_name)}` }).getByRole('button', { name: 'Mark as read' }).click();
    await waitForBadge(page, unread.length - inThread + alerts);

    await new AppShell(page).signOut();
    await page.waitForURL((url) => url.pathname === '/login');
    await waitForBadge(page, 0);
  });
});
