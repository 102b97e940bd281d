/**
 * Two people, one task, both offline, through the real screens: the host (1280 px) edits a task
 * in its form while the housekeeper (390 px phone) works it, each with no connection; then one
 * reconnects, then the other. Whichever reconnects first:
 * - a rename and an added checklist item from the host and five ticks from the housekeeper all
 *   survive, on the server and on both devices;
 * - when the host reassigns the task, the housekeeper's work (ticks, note, completion) is kept and
 *   credited to her, and the host is told in words;
 * - a change refused while the app was closed (the service worker's Background Sync sent it) is a
 *   system notification at once and a message when the app next opens, with its content.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, browserSessions, type Session } from './support/browser';
import { backgroundSyncTags, localRows, registrationId, storedToken, waitForServiceWorker, type LocalChecklistItem } from './support/storage';
import { goOffline, goOnline } from './support/network';
import { signInReady } from './pages/login-page';
import type { SyncStatusPill } from './pages/sync-status';

const { open } = browserSessions();

type TaskRow = { id: string; task_title: string; task_status: string; priority_level: string; notes: string; assigned_staff_id: string | null; completed_by_staff_id?: string | null; checklist_items: LocalChecklistItem[] };

const ITEMS = ['Strip beds', 'Clean bathroom', 'Kitchen surfaces', 'Floors', 'Bins', 'Restock coffee'];

type Side = { session: Session; sync: SyncStatusPill };

async function task(page: Page, id: string): Promise<TaskRow | undefined> {
  return ((await localRows(page, 'housekeeping_tasks')) as TaskRow[]).find((t) => t.id === id);
}

/** A fresh task assigned to the demo housekeeper, made through the table API, on both devices. */
async function setUp(title: string): Promise<{ host: Side; staff: Side; taskId: string; maria: string; other: string }> {
  const staffSession = await open({ width: 390, height: 844 });
  const staffSync = await signInReady(staffSession.page, 'staff');
  const hostSession = await open();
  const hostSync = await signInReady(hostSession.page, 'host');
  const [me] = (await localRows(staffSession.page, 'housekeeping_staff')) as { id: string }[];
  if (!me) throw new Error('The demo housekeeper has no staff row on her device');
  const staffRows = (await localRows(hostSession.page, 'housekeeping_staff')) as { id: string; status: string }[];
  const other = staffRows.find((s) => s.id !== me.id && s.status === 'active');
  if (!other) throw new Error('The demo host has no second active housekeeper');
  const properties = (await localRows(hostSession.page, 'properties')) as { id: string }[];
  const token = await storedToken(hostSession.page);
  const res = await fetch(`${baseUrl()}/api/table/20111/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      property_id: properties[0]?.id,
      task_title: title,
      assigned_staff_id: me.id,
      scheduled_date: new Date().toISOString().slice(0, 10),
      checklist_items: ITEMS.map((text, i) => ({ id: `${title}-${i + 1}`, text, done: false })),
    }),
  });
  expect(res.status).toBe(201);
  const { ID: taskId } = (await res.json()) as { ID: string };
  // Both devices pull it (the server pokes them).
  await expect.poll(async () => (await task(hostSession.page, taskId))?.id, { timeout: 15_000 }).toBe(taskId);
  await expect.poll(async () => (await task(staffSession.page, taskId))?.id, { timeout: 15_000 }).toBe(taskId);
  return { host: { session: hostSession, sync: hostSync }, staff: { session: staffSession, sync: staffSync }, taskId, maria: me.id, other: other.id };
}

async function openOnPhone(staff: Side, taskId: string, title: string) {
  await staff.session.page.goto(`/staff/tasks?taskId=${taskId}`);
  const dialog = staff.session.page.locator('dialog.dialog[open]');
  await dialog.locator('.dialog__title', { hasText: title }).waitFor();
  return dialog;
}

/** The host opens the task's form from its dialog. */
async function openForm(host: Side, taskId: string, title: string) {
  const page = host.session.page;
  await page.goto(`/host/housekeeping?taskId=${taskId}`);
  const dialog = page.locator('dialog.dialog[open]');
  await dialog.locator('.dialog__title', { hasText: title }).waitFor();
  await dialog.getByRole('button', { name: 'Edit task' }).click();
  const form = page.locator('dialog.dialog[open]', { hasText: `Edit ${title}` });
  await form.waitFor();
  return form;
}

async function reconnect(side: Side): Promise<void> {
  await goOnline(side.session.context);
  await side.sync.waitForSynced(30_000);
}

describe('a change made after the task was reassigned away', () => {
  it('is refused in words naming the task, and its note stays readable to copy', async () => {
    const title = 'Reassigned before her note';
    const { host, staff, taskId, other } = await setUp(title);
    const phone = await openOnPhone(staff, taskId, title);
    await goOffline(staff.session.context);
    // The host reassigns it while she has no signal; the server has it before her note.
    const form = await openForm(host, taskId, title);
    await form.getByLabel('Assigned to').selectOption(other);
    await form.getByRole('button', { name: 'Save task' }).click();
    await form.waitFor({ state: 'hidden' });
    await host.sync.waitForSynced();

    const note = 'Left the keys in the lockbox 🔑';
    await phone.getByLabel('Notes').fill(note);
    await phone.getByRole('button', { name: 'Save notes' }).click();
    await staff.sync.waitForPending('offline', 1);
    await goOnline(staff.session.context);
    // The pill counts it (a toast also says so, for a few seconds).
    await expect.poll(() => staff.sync.label(), { timeout: 20_000 }).toMatch(/1 refused/);

    await staff.session.page.locator('.sync-pill').click();
    const refused = staff.session.page.locator('.rejections__item').first();
    await refused.waitFor();
    expect(await refused.locator('.rejections__why').innerText()).toBe(`"${title}" has been assigned to someone else; this change was made after that and was not applied`);
    expect(await refused.locator('blockquote').innerText()).toBe(note);
    await refused.getByRole('button', { name: 'Copy the notes' }).waitFor();
  });
});

/** The host reassigns a task through the table API (another device of his, online). */
async function reassign(host: Side, taskId: string, to: string): Promise<void> {
  const token = await storedToken(host.session.page);
  const res = await fetch(`${baseUrl()}/api/table/20111/update`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ID: taskId, assigned_staff_id: to }),
  });
  expect(res.status).toBe(200);
}

describe('a change refused while the app was closed', () => {
  it('is a system notification at once, and a message with its content when the app opens', async () => {
    const title = 'Refused in the background';
    const { host, staff, taskId, other } = await setUp(title);
    const { context } = staff.session;
    // Granting replaces the context's permissions: Background Sync is named too.
    await context.grantPermissions(['notifications', 'background-sync'], { origin: baseUrl() });
    await waitForServiceWorker(staff.session.page);
    const phone = await openOnPhone(staff, taskId, title);
    await goOffline(context);
    await reassign(host, taskId, other);

    const note = 'Broken glass under the sofa 🛋️';
    await phone.getByLabel('Notes').fill(note);
    await phone.getByRole('button', { name: 'Save notes' }).click();
    await staff.sync.waitForPending('offline', 1);
    // The page could not send it: the service worker is asked to, when the connection returns.
    await expect.poll(() => backgroundSyncTags(staff.session.page), { timeout: 10_000 }).toContain('staykeep-outbox');

    // She closes the app; the signal comes back; the browser wakes the service worker.
    const blank = await context.newPage();
    await staff.session.page.close();
    await goOnline(context);
    const cdp = await context.newCDPSession(blank);
    const registration = await registrationId(cdp);
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: new URL(baseUrl()).origin, registrationId: registration, tag: 'staykeep-outbox', lastChance: false });

    const worker = context.serviceWorkers().find((w) => w.url().startsWith(baseUrl()));
    if (!worker) throw new Error('No service worker target');
    const shown = () =>
      worker.evaluate(async () => {
        const list = await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications({ tag: 'staykeep-refused' });
        return list.map((n) => ({ title: n.title, body: n.body }));
      });
    await expect.poll(shown, { timeout: 20_000 }).toEqual([
      { title: 'Changes not saved', body: 'A change you made offline was refused by the server. Open Staykeep to see what and why; nothing is lost until you dismiss it.' },
    ]);

    // She opens the app again: told once, in words, and the change is there to copy.
    const page = await context.newPage();
    await page.goto('/staff/tasks');
    const toast = page.locator('.toast-list li', { hasText: 'A change was refused while the app was closed' });
    await toast.waitFor();
    expect(await toast.innerText()).toContain(`"${title}" has been assigned to someone else`);
    await page.locator('.sync-pill').click();
    const refused = page.locator('.rejections__item').first();
    await refused.waitFor();
    expect(await refused.locator('blockquote').innerText()).toBe(note);
    await refused.getByRole('button', { name: 'Copy the notes' }).waitFor();
    await blank.close();
  });
});

describe('two people, one task, both offline', () => {
  for (const first of ['host', 'housekeeper'] as const) {
    it(`keeps the host's rename and added item and her five ticks when the ${first} reconnects first`, async () => {
      const title = `Checklist ${first} first`;
      const { host, staff, taskId } = await setUp(title);
      const form = await openForm(host, taskId, title);
      const phone = await openOnPhone(staff, taskId, title);
      await goOffline(host.session.context);
      await goOffline(staff.session.context);

      // The host renames item 2, adds an item and makes it urgent; "Task saved" on the device.
      await form.getByLabel('Checklist item 2').fill('Clean bathroom and mirrors');
      await form.getByLabel('New checklist item').fill('Check the smoke alarm');
      await form.getByRole('button', { name: 'Add item' }).click();
      await form.getByLabel('Priority').selectOption('urgent');
      await form.getByRole('button', { name: 'Save task' }).click();
      await form.waitFor({ state: 'hidden' });

      // She starts it and ticks five items on her phone.
      await phone.getByRole('button', { name: 'Start task' }).click();
      for (const text of ITEMS.slice(0, 5)) await phone.getByRole('checkbox', { name: text }).check();
      await staff.sync.waitForPending('offline', 6);

      const [one, two] = first === 'host' ? [host, staff] : [staff, host];
      await reconnect(one);
      await reconnect(two);

      // The first one hears of the second's changes (the server pokes it) and pulls them.
      const wanted = {
        priority_level: 'urgent',
        texts: ['Strip beds', 'Clean bathroom and mirrors', ...ITEMS.slice(2), 'Check the smoke alarm'],
        done: [true, true, true, true, true, false, false],
      };
      for (const side of [host, staff]) {
        await expect
          .poll(async () => {
            const row = await task(side.session.page, taskId);
            return { priority_level: row?.priority_level, texts: row?.checklist_items.map((i) => i.text), done: row?.checklist_items.map((i) => i.done) };
          }, { timeout: 20_000 })
          .toEqual(wanted);
      }
      // Her screen shows the host's wording with her tick.
      expect(await phone.getByRole('checkbox', { name: 'Clean bathroom and mirrors' }).isChecked()).toBe(true);
    });
  }

  for (const first of ['host', 'housekeeper'] as const) {
    it(`keeps her work, credited to her, when the host reassigns the task and the ${first} reconnects first`, async () => {
      const title = `Reassigned ${first} first`;
      const { host, staff, taskId, maria, other } = await setUp(title);
      const form = await openForm(host, taskId, title);
      const phone = await openOnPhone(staff, taskId, title);
      await goOffline(host.session.context);
      await goOffline(staff.session.context);

      await form.getByLabel('Assigned to').selectOption(other);
      await form.getByLabel('Priority').selectOption('high');
      await form.getByRole('button', { name: 'Save task' }).click();
      await form.waitFor({ state: 'hidden' });

      await phone.getByRole('button', { name: 'Start task' }).click();
      for (const text of ITEMS) await phone.getByRole('checkbox', { name: text }).check();
      await phone.getByLabel('Notes').fill('Window latch broken');
      await phone.getByRole('button', { name: 'Save notes' }).click();
      await phone.getByRole('button', { name: 'Complete task' }).click();
      await staff.sync.waitForPending('offline', 9);

      const [one, two] = first === 'host' ? [host, staff] : [staff, host];
      await reconnect(one);
      await reconnect(two);

      await expect
        .poll(async () => {
          const row = await task(host.session.page, taskId);
          return row && { assigned_staff_id: row.assigned_staff_id, priority_level: row.priority_level, task_status: row.task_status, notes: row.notes, completed_by_staff_id: row.completed_by_staff_id, allDone: row.checklist_items.every((i) => i.done) };
        }, { timeout: 20_000 })
        .toEqual({ assigned_staff_id: other, priority_level: 'high', task_status: 'completed', notes: 'Window latch broken', completed_by_staff_id: maria, allDone: true });
      // The host is told in words, naming the task; his task dialog says who did the work.
      const told = async () =>
        ((await localRows(host.session.page, 'notifications')) as { title: string; message: string; taskId: string | null; deleted_at?: string | null }[]).filter(
          (n) => n.title === 'Work done before a reassignment' && n.taskId === taskId && !n.deleted_at,
        );
      await expect.poll(async () => (await told()).length, { timeout: 20_000 }).toBe(1);
      expect((await told())[0]?.message).toContain(`"${title}"`);
      await host.session.page.goto(`/host/housekeeping?taskId=${taskId}`);
      const dialog = host.session.page.locator('dialog.dialog[open]');
      await dialog.locator('dt', { hasText: 'Completed by' }).waitFor();
    });
  }
});
