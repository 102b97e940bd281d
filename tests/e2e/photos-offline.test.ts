/**
 * Photos offline and the periodic background refresh (its own server: it is stopped under the
 * page, and restarted with the same signing key and database). The host uploads a photo of a
 * property the housekeeper works at this week; after her first sync the photo is in the worker's
 * photo cache without ever being shown; with the server gone, her task dialog shows it. Then,
 * with no app page open, a Periodic Background Sync event (CDP
 * `ServiceWorker.dispatchPeriodicSyncEvent`) brings the host's rename into her store, and the
 * profile's storage card says the data was last refreshed in the background.
 * With E2E_SCREENSHOTS=<dir>, the dialog and the storage card are shot there (390 and 1024 px).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { TABLE_IDS } from '../../shared/table-ids';
import { launchBrowser } from './support/browser';
import { OwnServer } from './support/own-server';
import { DEMO_PASSWORD, demoEmail } from './support/accounts';
import { goOffline } from './support/network';
import { localTasks, registrationId, waitForRoleCache, waitForServiceWorker } from './support/storage';
import { LoginPage } from './pages/login-page';
import { SyncStatusPill } from './pages/sync-status';

const server = new OwnServer('photos-offline');
const secret = crypto.randomBytes(32).toString('hex');
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
let workerId: string;
const errors: string[] = [];

type ServerTask = { id: string; property_id: string | null; task_title: string; task_status: string; scheduled_date: string | null };

async function tokenOf(role: 'host' | 'staff'): Promise<string> {
  const res = await fetch(`${server.origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoEmail(role), password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A pending task of the housekeeper's, planned within the next days (the photo window is today to +7). */
async function taskThisWeek(): Promise<ServerTask> {
  const res = await fetch(`${server.origin}/api/table/${TABLE_IDS.housekeeping_tasks}/page`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOf('staff')}` },
    body: JSON.stringify({ PageNo: 1, PageSize: 500 }),
  });
  expect(res.status).toBe(200);
  const { List } = (await res.json()) as { List: ServerTask[] };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const task = List.find((t) => t.task_status === 'pending' && t.property_id && t.scheduled_date && t.scheduled_date.slice(0, 10) >= day(1) && t.scheduled_date.slice(0, 10) <= day(5));
  if (!task) throw new Error('The demo housekeeper has no pending task in the coming days');
  return task;
}

async function uploadPhoto(hostToken: string, propertyId: string): Promise<string> {
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 30, g: 120, b: 90 } } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'kitchen.png');
  const res = await fetch(`${server.origin}/api/properties/${propertyId}/images`, { method: 'POST', headers: { authorization: `Bearer ${hostToken}` }, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

async function isInPhotoCache(url: string): Promise<boolean> {
  return page.evaluate(async (photo) => (await (await caches.open('staykeep-photos')).match(photo)) !== undefined, url);
}

type RefreshEntry = { owner: string; at: string; background: boolean };

/** The refresh log the worker and the page write (client/src/pwa/refresh-log.ts). */
async function refreshEntries(): Promise<RefreshEntry[]> {
  return page.evaluate(
    () =>
      new Promise<RefreshEntry[]>((resolve, reject) => {
        const open = indexedDB.open('staykeep-refresh');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('refreshes')) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction('refreshes').objectStore('refreshes').getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as RefreshEntry[]);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

let task: ServerTask;
let photo: string;

beforeAll(async () => {
  await server.start({ appSecretKey: secret });
  browser = await launchBrowser();
  task = await taskThisWeek();
  photo = await uploadPhoto(await tokenOf('host'), task.property_id as string);
  context = await browser.newContext({ baseURL: server.origin, viewport: { width: 390, height: 844 } });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server.remove();
});

describe('photos offline', () => {
  it('keeps the photos of her week ahead of need and shows one never displayed, with the server gone', async () => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(demoEmail('staff'), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/staff/dashboard');
    await waitForServiceWorker(page);
    await new SyncStatusPill(page).waitForSynced();
    await waitForRoleCache(page, 'staff');
    cdp = await context.newCDPSession(page);
    workerId = await registrationId(cdp, server.origin);

    // Fetched after the sync, in the background: the photo has never been on screen.
    expect(await page.locator(`img[src="${photo}"]`).count()).toBe(0);
    await expect.poll(() => isInPhotoCache(photo), { timeout: 30_000 }).toBe(true);

    await server.app.close();
    // Not from the browser's HTTP cache either: only the worker's photo cache can answer now.
    await cdp.send('Network.clearBrowserCache');
    await page.goto(`/staff/tasks?taskId=${task.id}`);
    const dialog = page.locator('dialog.dialog[open]');
    await dialog.waitFor();
    const img = dialog.getByRole('list', { name: 'Photos of the property' }).getByRole('img', { name: 'Property photo 1 of 1' });
    await img.scrollIntoViewIfNeeded();
    expect(await img.getAttribute('src')).toBe(photo);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 10_000 }).toBe(320);
    const shots = process.env.E2E_SCREENSHOTS;
    if (shots) {
      fs.mkdirSync(shots, { recursive: true });
      await dialog.screenshot({ path: path.join(shots, 'task-dialog-390.png') });
    }
  });

  it('refreshes her data from the service worker on Periodic Background Sync, and the profile says when', async () => {
    await server.start({ appSecretKey: secret });
    // No app page open: only the worker can bring the change (a JSON answer of this origin, no app).
    await page.goto('/api/auth/me');
    const renamed = `Turnover before the Lee party ${crypto.randomBytes(2).toString('hex')}`;
    const res = await fetch(`${server.origin}/api/table/${TABLE_IDS.housekeeping_tasks}/update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOf('host')}` },
      body: JSON.stringify({ ID: task.id, task_title: renamed }),
    });
    expect(res.status).toBe(200);
    const before = new Date().toISOString();

    await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', { origin: server.origin, registrationId: workerId, tag: 'staykeep-refresh' });
    await expect.poll(async () => (await localTasks(page)).find((t) => t.id === task.id)?.task_title, { timeout: 20_000 }).toBe(renamed);
    await expect.poll(async () => (await refreshEntries()).find((e) => e.background && e.at >= before), { timeout: 10_000 }).toBeTruthy();

    // Offline, so that the page's own sync cannot record a newer time first.
    await goOffline(context);
    await page.goto('/staff/profile');
    const line = page.getByTestId('last-refreshed');
    await expect.poll(() => line.innerText(), { timeout: 10_000 }).toMatch(/in the background$/);
    const at = await line.locator('time').getAttribute('datetime');
    expect(at !== null && at >= before).toBe(true);

    const shots = process.env.E2E_SCREENSHOTS;
    if (shots) {
      fs.mkdirSync(shots, { recursive: true });
      const card = page.locator('.storage-card');
      await card.screenshot({ path: path.join(shots, 'storage-card-390.png') });
      await page.setViewportSize({ width: 1024, height: 800 });
      await card.screenshot({ path: path.join(shots, 'storage-card-1024.png') });
    }
    expect(errors).toEqual([]);
  });
});
