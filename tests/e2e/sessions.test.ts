/**
 * Signed-in devices (docs/security.md, Sessions): a housekeeper signed in on a phone and a tablet
 * signs the phone out from the tablet's profile page. The phone, which ticked an item offline
 * meanwhile, lands on the sign-in prompt at its next request with the change still waiting, and
 * signing in again sends it. Runs its own server: the revocation must not touch other files'
 * sessions of the same demo account. Also: a host downloads its data from the profile page.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { OwnServer } from './support/own-server';
import { DEMO_PASSWORD, demoEmail } from './support/accounts';
import { localTasks } from './support/storage';
import { LoginPage, signInAs, signInReady } from './pages/login-page';

const server = new OwnServer('sessions');
let browser: Browser;

beforeAll(async () => {
  await server.start();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await server.remove();
});

describe('signed-in devices', () => {
  it('signs another device out from the profile page; that device lands on sign-in keeping its change', async () => {
    const phoneContext = await browser.newContext({ baseURL: server.origin, viewport: { width: 390, height: 844 } });
    const phone = await phoneContext.newPage();
    const errors: string[] = [];
    phone.on('pageerror', (error) => errors.push(error.message));
    const sync = await signInReady(phone, 'staff');
    const task = (await localTasks(phone)).find((t) => t.task_status !== 'completed' && t.task_status !== 'cancelled' && t.checklist_items.some((i) => !i.done));
    if (!task) throw new Error('The demo housekeeper has no open task with an unticked item');
    const item = task.checklist_items.find((i) => !i.done)!;
    await phone.goto(`/staff/tasks?taskId=${task.id}`);
    const dialog = phone.locator('dialog.dialog[open]');
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    await phoneContext.setOffline(true);
    await sync.waitForState('offline', 10_000);
    await dialog.getByRole('checkbox', { name: item.text }).check();
    await sync.waitForPending('offline', 1);

    const tabletContext = await browser.newContext({ baseURL: server.origin, viewport: { width: 1024, height: 768 } });
    const tablet = await tabletContext.newPage();
    tablet.on('pageerror', (error) => errors.push(error.message));
    await signInAs(tablet, 'staff');
    await tablet.goto('/staff/profile');
    // The card asks for its list as it comes near the screen, as a user scrolls to it.
    await tablet.getByRole('heading', { name: 'Signed-in devices' }).scrollIntoViewIfNeeded();
    const list = tablet.getByRole('list', { name: 'Signed-in devices' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await list.getByRole('listitem').filter({ hasText: 'This device' }).waitFor();
    const other = list.getByRole('listitem').filter({ hasNotText: 'This device' });
    await other.getByRole('button', { name: /^Sign out / }).click();
    await tablet.getByText(/is signed out$/).first().waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await tablet.getByText('No other device is signed in.').waitFor();

    // The phone comes back: its next request is refused, and it asks to sign in, the change kept.
    await phoneContext.setOffline(false);
    await phone.waitForURL((url) => url.pathname === '/login', { timeout: 45_000 });
    await phone.locator('.form-message', { hasText: 'waiting on this device' }).waitFor();
    await new LoginPage(phone).signIn(demoEmail('staff'), DEMO_PASSWORD);
    await phone.waitForURL((url) => url.pathname === '/staff/tasks');
    await sync.waitForSynced();
    const stored = server.app.db.$client.prepare('select checklist_items from housekeeping_tasks where id = ?').pluck().get(task.id) as string;
    expect((JSON.parse(stored) as { id: string; done: boolean }[]).find((i) => i.id === item.id)?.done).toBe(true);

    // The tablet's own session was untouched.
    await tablet.reload();
    await tablet.getByRole('heading', { name: 'Signed-in devices' }).scrollIntoViewIfNeeded();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    expect(errors).toEqual([]);
    await phoneContext.close();
    await tabletContext.close();
  });

  it("a host downloads all of its data from its profile page as one archive", async () => {
    const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 390, height: 844 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInAs(page, 'host');
    await page.goto('/host/profile');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^staykeep-export-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
    const file = await download.path();
    const tar = zlib.gunzipSync(fs.readFileSync(file)).toString('latin1');
    for (const name of ['data.json', 'properties.csv', 'bookings.csv', 'housekeeping_tasks.csv']) expect(tar).toContain(`/${name}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
