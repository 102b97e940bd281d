/**
 * Photos offline first, on a phone (390×844): with no network at all (every request aborted, the
 * service worker's too), the housekeeper takes a photo of a checklist item that needs one (its
 * box unlocks only then) and one of the task from a file chooser (a real JPEG carrying EXIF GPS),
 * reloads the app, and goes back online. Each photo reaches the server exactly once, shrunk and
 * without metadata; the host sees them (thumbnails, full size in a dialog, 1024 px), another host
 * and another housekeeper of the same host do not. Its own server: the test reads the database
 * and makes the other accounts in it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TABLE_IDS } from '../../shared/registry';
import { launchBrowser } from './support/browser';
import { OwnServer } from './support/own-server';
import { goOffline, goOnline } from './support/network';
import { localTasks, type LocalTask } from './support/storage';
import { signInAs, signInReady } from './pages/login-page';
import { demoEmail } from './support/accounts';
import { createHost, createStaff } from '../../server/test/fixtures';
import type { TestApp } from '../../server/test/helpers';

const server = new OwnServer('task-photos');
let browser: Browser;
const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];
const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-photo-shots-'));
let jpegPath: string;

beforeAll(async () => {
  await server.start();
  browser = await launchBrowser();
  // A camera-sized photo with the place it was taken in its EXIF (GPS).
  const jpeg = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Camera 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' } })
    .toBuffer();
  jpegPath = path.join(shots, 'bathroom.jpg');
  fs.writeFileSync(jpegPath, jpeg);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
  await server.remove();
  expect(pageErrors).toEqual([]);
});

async function open(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.origin, viewport: { width, height } });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page };
}

function db() {
  return server.app.db.$client;
}

async function api(pathname: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  return fetch(`${server.origin}${pathname}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Picks the test JPEG in the file chooser that clicking `button` opens. */
async function choosePhoto(page: Page, button: ReturnType<Page['getByRole']>): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(jpegPath);
}

/** The photos kept in the device's photo database (features/photos/store.ts). */
async function devicePhotos(page: Page): Promise<{ id: string; state: string; itemId: string | null; width: number }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open('staykeep-task-photos');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const all = request.result.transaction('photos').objectStore('photos').getAll();
          all.onsuccess = () => resolve((all.result as { id: string; state: string; itemId: string | null; width: number }[]).map(({ id, state, itemId, width }) => ({ id, state, itemId, width })));
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

describe('photos taken offline', () => {
  it('reach the server once each, without GPS, for the host only', async () => {
    const app = server.app as unknown as TestApp;
    const hostRow = db().prepare('select hp.id as hostId, u.ID as userId from host_profiles hp join users u on u.ID = hp.user_id where u.Email = ?').get(demoEmail('host')) as { hostId: string; userId: string };
    const hostToken = app.signSession(hostRow.userId);
    const otherHost = createHost(app);
    const otherStaff = createStaff(app, hostRow.hostId);

    const staff = await open(390, 844);
    await signInReady(staff.page, 'staff');
    const task = (await localTasks(staff.page)).find((t) => t.task_status === 'pending' && t.checklist_items.filter((i) => !i.done).length >= 2) as LocalTask | undefined;
    if (!task) throw new Error('The demo housekeeper has no pending task with two open checklist items');
    const item = task.checklist_items.find((i) => !i.done);
    if (!item) throw new Error('no open item');
    // The host says this item needs a photo (a change by item, as the task form sends it).
    const flagged = await api(`/api/table/${TABLE_IDS.housekeeping_tasks}/update`, hostToken, { body: { ID: task.id, checklist_ops: [{ op: 'require_photo', id: item.id, required: true }] } });
    expect(flagged.status).toBe(200);

    const { page, context } = staff;
    await page.goto(`/staff/tasks?taskId=${task.id}`);
    const dialog = page.locator('dialog.dialog[open]');
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    const box = dialog.getByRole('checkbox', { name: item.text });
    await expect.poll(() => box.isDisabled(), { timeout: 15_000 }).toBe(true);

    await goOffline(context);
    await page.reload();
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    expect(await box.isDisabled()).toBe(true);
    await dialog.getByText('(take a photo to tick it)').waitFor();

    // A photo of the item (its one button: camera or gallery), then one of the task (the camera button).
    await choosePhoto(page, dialog.getByRole('button', { name: `Add a photo: ${item.text}` }));
    await dialog.getByRole('list', { name: `Photos: ${item.text}` }).getByRole('button', { name: /Waiting to upload/ }).waitFor();
    await choosePhoto(page, dialog.getByRole('button', { name: 'Take a photo: the task' }));
    await dialog.getByRole('list', { name: 'Photos: the task' }).getByRole('button', { name: /Waiting to upload/ }).waitFor();
    await dialog.getByText('2 photos waiting to upload').waitFor();
    await box.check();
    expect(await box.isChecked()).toBe(true);
    await page.screenshot({ path: path.join(shots, 'staff-390-offline.png'), fullPage: false });

    // The full-size viewer says what waits, and offers to remove or retry.
    await dialog.getByRole('list', { name: 'Photos: the task' }).getByRole('button').first().click();
    const viewer = page.getByRole('dialog', { name: 'Photo: the task' });
    await viewer.getByRole('img', { name: 'Photo: the task' }).waitFor();
    await viewer.getByRole('status').getByText('Waiting to upload').waitFor();
    await page.screenshot({ path: path.join(shots, 'staff-390-viewer.png') });
    await viewer.getByRole('button', { name: 'Close' }).last().click();

    // A reload (still offline) loses nothing: both photos are on the device, shrunk to 1600 px.
    await page.reload();
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    await dialog.getByText('2 photos waiting to upload').waitFor();
    const kept = await devicePhotos(page);
    expect(kept).toHaveLength(2);
    expect(kept.every((p) => p.state === 'waiting' && p.width === 1600)).toBe(true);
    const count = () => (db().prepare('select count(*) as n from task_photos where task_id = ?').get(task.id) as { n: number }).n;
    expect(count()).toBe(0);

    await goOnline(context);
    await expect.poll(count, { timeout: 30_000 }).toBe(2);
    await expect.poll(async () => (await devicePhotos(page)).every((p) => p.state === 'uploaded'), { timeout: 15_000 }).toBe(true);
    await dialog.getByText('2 photos waiting to upload').waitFor({ state: 'detached' });
    // Exactly once each, by the ids the device gave them; the tick of the item was taken.
    const rows = db().prepare('select id, checklist_item_id, width, height from task_photos where task_id = ? order by id').all(task.id) as { id: string; checklist_item_id: string | null; width: number; height: number }[];
    expect(rows.map((r) => r.id).sort()).toEqual(kept.map((p) => p.id).sort());
    expect(rows.map((r) => r.checklist_item_id).sort()).toEqual([item.id, null].sort());
    expect(rows.every((r) => r.width === 1600 && r.height === 1200)).toBe(true);
    await expect
      .poll(() => {
        const stored = db().prepare('select checklist_items from housekeeping_tasks where id = ?').get(task.id) as { checklist_items: string };
        return (JSON.parse(stored.checklist_items) as { id: string; done: boolean }[]).find((i) => i.id === item.id)?.done;
      })
      .toBe(true);
    for (const row of rows) {
      const bytes = db().prepare('select image from task_photo_files where photo_id = ?').pluck().get(row.id) as Buffer;
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }

    // Only the host and the assigned housekeeper reach them.
    const first = rows[0]?.id ?? '';
    for (const [token, status] of [
      [hostToken, 200],
      [otherHost.token, 404],
      [otherStaff.token, 404],
    ] as const) {
      expect((await api(`/api/tasks/${task.id}/photos`, token)).status).toBe(status);
      expect((await api(`/api/tasks/${task.id}/photos/${first}`, token)).status).toBe(status);
    }
    expect((await fetch(`${server.origin}/api/tasks/${task.id}/photos/${first}`)).status).toBe(401);

    // The host's task dialog (1024 px): thumbnails, full size on a tap.
    const host = await open(1024, 800);
    await signInAs(host.page, 'host');
    await host.page.goto(`/host/housekeeping?taskId=${task.id}`);
    const hostDialog = host.page.locator('dialog.dialog[open]');
    await hostDialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    const thumbs = hostDialog.locator('.photo__image');
    await expect.poll(() => thumbs.count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => thumbs.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await hostDialog.getByText('Photo missing').count()).toBe(0);
    await host.page.screenshot({ path: path.join(shots, 'host-1024-task.png') });
    await hostDialog.getByRole('list', { name: `Photos: ${item.text}` }).getByRole('button').click();
    const full = host.page.getByRole('dialog', { name: `Photo: ${item.text}` }).getByRole('img', { name: `Photo: ${item.text}` });
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 }).toBe(1600);
    await host.page.screenshot({ path: path.join(shots, 'host-1024-viewer.png') });
  });

  it('a template item can need a photo (390 px): the flag reaches the server', async () => {
    const { page } = await open(390, 844);
    await signInAs(page, 'host');
    await page.goto('/host/housekeeping');
    await page.getByRole('tab', { name: 'Templates' }).click();
    await page.getByRole('button', { name: 'Add template' }).click();
    const form = page.locator('dialog.dialog[open]');
    await form.getByLabel('Name').fill('Proof clean');
    for (const text of ['Bathroom mirror', 'Bins out']) {
      await form.getByLabel('New checklist item').fill(text);
      await form.getByRole('button', { name: 'Add item' }).click();
    }
    await form.getByRole('checkbox', { name: '"Bathroom mirror" needs a photo' }).check();
    await form.getByRole('checkbox', { name: '"Bins out" needs a photo' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'host-390-template.png') });
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.screenshot({ path: path.join(shots, 'host-1024-template.png') });
    await form.getByRole('button', { name: 'Add template' }).click();
    await form.waitFor({ state: 'hidden' });
    const stored = async () => {
      const row = db().prepare('select checklist_items from task_templates where name = ?').get('Proof clean') as { checklist_items: string } | undefined;
      return row ? (JSON.parse(row.checklist_items) as { text: string; photo_required?: boolean }[]).map((i) => [i.text, i.photo_required === true]) : null;
    };
    await expect.poll(stored, { timeout: 15_000 }).toEqual([
      ['Bathroom mirror', true],
      ['Bins out', false],
    ]);
  });
});
