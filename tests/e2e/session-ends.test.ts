/**
 * A session that ends under an open page (here: the server comes back with a new signing key, so
 * every token it gave out is refused, as when a session expires or is revoked): the event stream
 * stops retrying with the dead token, and the sign-in prompt that keeps the waiting changes appears
 * within seconds, not at the next 30 s timer. Signing in again sends them. This file runs its own
 * server (the shared one must stay up for the other files) and restarts it under the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { OwnServer } from './support/own-server';
import { DEMO_PASSWORD, demoEmail } from './support/accounts';
import { localTasks } from './support/storage';
import { LoginPage, signInReady } from './pages/login-page';

const server = new OwnServer('session-ends');
let browser: Browser;

beforeAll(async () => {
  await server.start();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await server.remove();
});

describe('the session ends under an open page', () => {
  it('shows the sign-in prompt with the waiting change within seconds, and sends it after signing in', async () => {
    const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const sync = await signInReady(page, 'staff');
    const task = (await localTasks(page)).find((t) => t.task_status !== 'completed' && t.task_status !== 'cancelled' && t.checklist_items.some((i) => !i.done));
    if (!task) throw new Error('The demo housekeeper has no open task with an unticked item');
    const item = task.checklist_items.find((i) => !i.done)!;
    await page.goto(`/staff/tasks?taskId=${task.id}`);
    const dialog = page.locator('dialog.dialog[open]');
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();

    // The server goes away; she ticks an item; it waits on the phone.
    await server.app.close();
    await sync.waitForState('offline', 10_000);
    await dialog.getByRole('checkbox', { name: item.text }).check();
    await sync.waitForPending('offline', 1);

    // It comes back refusing every token it gave out before.
    await server.start({ seed: false });
    // Well before the 30 s timer: the stream's failure leads to a sync, whose 401 ends the session.
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    const prompt = page.locator('.form-message', { hasText: 'waiting on this device' });
    await prompt.waitFor();
    expect(await prompt.innerText()).toMatch(/^1 change made as .+ is waiting on this device\. Sign in as .+ to send it/);

    // The stream does not keep knocking with the dead token.
    const streams: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/sync/events')) streams.push(request.url());
    });
    await page.waitForTimeout(4000);
    expect(streams).toEqual([]);

    // The same person signs in again: the change goes out.
    const login = new LoginPage(page);
    await login.signIn(demoEmail('staff'), DEMO_PASSWORD);
    // Back where she was.
    await page.waitForURL((url) => url.pathname === '/staff/tasks' && url.searchParams.get('taskId') === task.id);
    await sync.waitForSynced();
    const stored = server.app.db.$client.prepare('select checklist_items from housekeeping_tasks where id = ?').pluck().get(task.id) as string;
    const items = JSON.parse(stored) as { id: string; done: boolean }[];
    expect(items.find((i) => i.id === item.id)?.done).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
