/**
 * The app's life cycle on a device: signing out with changes still waiting asks first, and a new
 * version of the app, once downloaded, waits for the user's "Reload" instead of taking over the
 * page in the middle of their work.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CLIENT_DIST_DIR } from '../../scripts/client-build';
import { browserSessions } from './support/browser';
import { localRows, waitForServiceWorker } from './support/storage';
import { ownStaffTask, ownTaskOnDevice } from './support/own-task';
import { goOffline, goOnline } from './support/network';
import { signInAs, signInReady } from './pages/login-page';
import { AppShell, pathOf } from './pages/app-shell';

const { open } = browserSessions();

describe('app life cycle', () => {
  it('asks before signing out with changes waiting; once they are sent, signs out at once', async () => {
    // A task of her own: the other files on the shared server work the demo's tasks.
    const own = await ownStaffTask({ task_title: `Sign-out check ${Date.now().toString(36)}`, checklist: ['Lock the back door'] });
    const staff = await open({ width: 390, height: 844 });
    const sync = await signInReady(staff.page, 'staff');
    const task = await ownTaskOnDevice(staff.page, own.id);
    const item = task.checklist_items.find((i) => !i.done);

    await staff.page.goto(`/staff/tasks?taskId=${task.id}`);
    const dialog = staff.page.locator('dialog.dialog[open]');
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    await goOffline(staff.context);
    await sync.waitForState('offline');
    await dialog.getByRole('checkbox', { name: item?.text }).check();
    await sync.waitForPending('offline', 1);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    const shell = new AppShell(staff.page);
    await shell.signOut();
    const question = staff.page.getByRole('dialog', { name: 'Sign out and lose unsent changes?' });
    await question.waitFor();
    expect(await question.innerText()).toContain('1 change has not reached the server yet');
    await question.getByRole('button', { name: 'Stay signed in' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(pathOf(staff.page)).toMatch(/^\/staff\//);
    await sync.waitForPending('offline', 1);

    await goOnline(staff.context);
    await sync.waitForSynced();
    await shell.signOut();
    await staff.page.waitForURL('**/login');
    expect(await question.count()).toBe(0);
    expect(await localRows(staff.page, 'outbox')).toEqual([]);
  });

  it('offers a downloaded new version and switches to it only when the user says Reload', async () => {
    const host = await open();
    await signInAs(host.page, 'host');
    await waitForServiceWorker(host.page);
    const swFile = path.join(CLIENT_DIST_DIR, 'sw.js');
    // The server sends the build's pre-compressed copies when the browser accepts them: a
    // deployment replaces all three.
    const copies = { [swFile]: (b: Buffer) => b, [`${swFile}.br`]: zlib.brotliCompressSync, [`${swFile}.gz`]: zlib.gzipSync };
    const originals = new Map(Object.keys(copies).filter((f) => fs.existsSync(f)).map((f) => [f, fs.readFileSync(f)]));
    const original = fs.readFileSync(swFile);
    const marker = `e2e-version-${Date.now()}`;
    try {
      // A new deployment: the service worker's script changes.
      const changed = Buffer.concat([original, Buffer.from(`\n// ${marker}\n`)]);
      for (const file of originals.keys()) fs.writeFileSync(file, copies[file]!(changed));
      await host.page.evaluate(() => {
        (window as Window & { beforeUpdate?: boolean }).beforeUpdate = true;
      });
      await host.page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const prompt = host.page.getByRole('status').filter({ hasText: 'A new version of Staykeep is ready.' });
      await prompt.waitFor();
      // Nothing switches by itself: the new version waits, the old one still controls this page.
      const waiting = async () =>
        host.page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { waiting: Boolean(registration?.waiting), controlled: Boolean(navigator.serviceWorker.controller) };
        });
      expect(await waiting()).toEqual({ waiting: true, controlled: true });
      expect(await host.page.evaluate(() => (window as Window & { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);

      await prompt.getByRole('button', { name: 'Reload' }).click();
      await host.page.waitForFunction(() => !(window as Window & { beforeUpdate?: boolean }).beforeUpdate, undefined, { timeout: 15_000 });
      await waitForServiceWorker(host.page);
      expect(await waiting()).toEqual({ waiting: false, controlled: true });
      await new AppShell(host.page).waitForHeading('Dashboard');
      expect(await prompt.count()).toBe(0);
    } finally {
      for (const [file, content] of originals) fs.writeFileSync(file, content);
    }
  });
});
