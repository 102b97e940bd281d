/**
 * The service worker's Web Push handling in Chromium: a push delivered through CDP
 * `ServiceWorker.deliverPushMessage` with the server's payload shape (server/src/modules/push) is
 * shown as a system notification (urgent ones require interaction; warnings close after 5 s), and a
 * click on it takes the open app to the task through /housekeeping?taskId=….
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Worker } from 'playwright-core';
import { baseUrl, launchBrowser, newSession, type Session } from './support/browser';
import { DEMO_PASSWORD, HOME_BY_ROLE, demoEmail } from './support/accounts';
import { localRows, registrationId, waitForServiceWorker } from './support/storage';
import { LoginPage } from './pages/login-page';
import { SyncStatusPill } from './pages/sync-status';

let browser: Browser;
let s: Session;

beforeAll(async () => {
  browser = await launchBrowser();
  s = await newSession(browser, { width: 390, height: 844 });
});
afterAll(async () => {
  expect(s?.errors ?? []).toEqual([]);
  await s?.context.close();
  await browser?.close();
});

type Shown = { title: string; body: string; tag: string; requireInteraction: boolean; data: unknown };

async function shownNotifications(): Promise<Shown[]> {
  return s.page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const list = await registration.getNotifications();
    return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, requireInteraction: n.requireInteraction, data: n.data as unknown }));
  });
}

describe('web push in the service worker', () => {
  it('shows pushed notifications and opens the task on a click', async () => {
    const { page, context } = s;
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(demoEmail('staff'), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === HOME_BY_ROLE.staff);
    await waitForServiceWorker(page);
    await new SyncStatusPill(page).waitForSynced();
    const task = ((await localRows(page, 'housekeeping_tasks')) as { id: string; task_title: string }[])[0];
    if (!task) throw new Error('The demo housekeeper has no task');

    const cdp = await context.newCDPSession(page);
    const regId = await registrationId(cdp);
    const origin = new URL(baseUrl()).origin;
    const push = (payload: Record<string, unknown>) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: regId, data: JSON.stringify(payload) });
    const now = new Date().toISOString();

    await push({ id: 'n-urgent', title: 'Urgent Task Alert', message: `${task.task_title} is urgent`, type: 'urgent', timestamp: now, actionUrl: `/housekeeping?taskId=${task.id}`, taskId: task.id, requireInteraction: true });
    await expect.poll(async () => (await shownNotifications()).find((n) => n.tag === 'n-urgent'), { timeout: 10_000 }).toEqual({
      title: 'Urgent Task Alert',
      body: `${task.task_title} is urgent`,
      tag: 'n-urgent',
      requireInteraction: true,
      // A housekeeper's task alert carries the task, for its actions (notification-actions.test.ts).
      data: { url: `/housekeeping?taskId=${encodeURIComponent(task.id)}`, taskId: task.id },
    });

    // A warning closes itself after 5 s; the urgent one stays until the user acts.
    await push({ id: 'n-warning', title: 'Task Overdue', message: task.task_title, type: 'warning', timestamp: now, actionUrl: `/housekeeping?taskId=${task.id}`, taskId: task.id, requireInteraction: false });
    await expect.poll(async () => (await shownNotifications()).some((n) => n.tag === 'n-warning' && !n.requireInteraction), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await shownNotifications()).map((n) => n.tag).sort(), { timeout: 12_000, interval: 500 }).toEqual(['n-urgent']);

    // A click: the worker's notificationclick handler takes the open page to the task.
    const worker: Worker | undefined = context.serviceWorkers().find((w) => w.url().startsWith(baseUrl()));
    if (!worker) throw new Error('No service worker target');
    await worker.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [shown] = await scope.registration.getNotifications({ tag: 'n-urgent' });
      if (!shown) throw new Error('The urgent notification is gone');
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown }));
    });
    await page.waitForURL((url) => url.pathname === '/staff/tasks' && url.searchParams.get('taskId') === task.id, { timeout: 15_000 });
    await page.locator('dialog.dialog[open] .dialog__title', { hasText: task.task_title }).waitFor();
    // The click closed it.
    await expect.poll(async () => (await shownNotifications()).length).toBe(0);
  });
});
