/**
 * Acting from a task alert: an urgent alert pushed (CDP `ServiceWorker.deliverPushMessage`) for a
 * pending task of the housekeeper carries "Start" and "Open" ("Mark done" only without open
 * checklist items), titled in English for a push that brings no titles and in the housekeeper's
 * language for one that does (the server's `actionTitles`); "Start" taken in the notification (the worker's notificationclick with that
 * action) is written through the outbox by the service worker and reaches the server once, and
 * the open page shows it without a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Worker } from 'playwright-core';
import { TABLE_IDS } from '../../shared/table-ids';
import { baseUrl, launchBrowser, newSession, type Session } from './support/browser';
import { localRows, localTasks, registrationId, storedToken } from './support/storage';
import { ownStaffTask, ownTaskOnDevice } from './support/own-task';
import { signInReady } from './pages/login-page';

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

describe('actions on a task alert', () => {
  it('starts the task from the notification, through the outbox, once', async () => {
    const { page, context } = s;
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    // A task of her own: the other files on the shared server work the demo's tasks.
    const own = await ownStaffTask({ task_title: `Alerted turnover ${Date.now().toString(36)}`, checklist: ['Air the rooms'] });
    await signInReady(page, 'staff');
    const task = await ownTaskOnDevice(page, own.id);

    const cdp = await context.newCDPSession(page);
    const regId = await registrationId(cdp);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseUrl()).origin,
      registrationId: regId,
      data: JSON.stringify({ id: 'n-act', title: 'Urgent Task Alert', message: task.task_title, type: 'urgent', timestamp: new Date().toISOString(), actionUrl: null, taskId: task.id, requireInteraction: true }),
    });
    const actions = async (tag = 'n-act') =>
      page.evaluate(async (wanted) => {
        const registration = await navigator.serviceWorker.ready;
        const [shown] = await registration.getNotifications({ tag: wanted });
        return shown ? (shown as Notification & { actions: { action: string; title: string }[] }).actions.map((a) => `${a.action}:${a.title}`) : null;
      }, tag);
    // Open checklist items: no "Mark done". A push without titles (an older server) reads English.
    await expect.poll(() => actions(), { timeout: 10_000 }).toEqual(['start:Start', 'open:Open']);

    // A push titled in her language by the server (shared/api/push.ts actionTitles) shows those titles.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseUrl()).origin,
      registrationId: regId,
      data: JSON.stringify({
        id: 'n-act-es', title: 'Alerta de tarea urgente', message: task.task_title, type: 'urgent', timestamp: new Date().toISOString(), actionUrl: null, taskId: task.id, requireInteraction: true,
        actionTitles: { start: 'Empezar', done: 'Marcar como hecha', open: 'Abrir' },
      }),
    });
    await expect.poll(() => actions('n-act-es'), { timeout: 10_000 }).toEqual(['start:Empezar', 'open:Abrir']);
    await page.evaluate(async () => {
      for (const shown of await (await navigator.serviceWorker.ready).getNotifications({ tag: 'n-act-es' })) shown.close();
    });

    const worker: Worker | undefined = context.serviceWorkers().find((w) => w.url().startsWith(baseUrl()));
    if (!worker) throw new Error('No service worker target');
    await worker.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [shown] = await scope.registration.getNotifications({ tag: 'n-act' });
      if (!shown) throw new Error('The alert is gone');
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown, action: 'start' }));
    });

    // The server has it, once; the device's outbox is empty; the page stayed where it was.
    const token = await storedToken(page);
    const serverStatus = async () => {
      const res = await page.request.post(`/api/table/${TABLE_IDS.housekeeping_tasks}/page`, {
        headers: { authorization: `Bearer ${token ?? ''}` },
        data: { PageNo: 1, PageSize: 1, Filters: [{ name: 'id', op: 'Equal', value: task.id }] },
      });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { List: { task_status: string }[] }).List[0]?.task_status ?? null;
    };
    await expect.poll(serverStatus, { timeout: 15_000 }).toBe('in_progress');
    await expect.poll(async () => (await localRows(page, 'outbox')).length, { timeout: 15_000 }).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/staff/dashboard');
    expect(await actions()).toBeNull();
    // The open page learns it from the store the worker wrote (no reload).
    await expect.poll(async () => (await localTasks(page)).find((t) => t.id === task.id)?.task_status, { timeout: 15_000 }).toBe('in_progress');
  });
});
