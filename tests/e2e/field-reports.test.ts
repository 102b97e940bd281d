/**
 * Problem reports and owner statements (issue 19). On a phone (390×844) the housekeeper reports an
 * urgent problem from a task, with a photo from the gallery (a camera-sized JPEG), with no network
 * at all (the service worker's requests too), through a reload; back online, the host's open page
 * has the maintenance task with the report and its photo on it (full size on tap) and the urgent
 * alert. The host's owner statement of a property and month shows the finance page's
 * figures for the same month, property and currency, at 1024 and at 390 px.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSessions } from './support/browser';
import { localRows } from './support/storage';
import { ownStaffTask, ownTaskOnDevice } from './support/own-task';
import { goOffline, goOnline } from './support/network';
import { signInAs, signInReady } from './pages/login-page';
import { SyncStatusPill } from './pages/sync-status';
import { seriousViolations } from './support/axe';

const { open } = browserSessions();

let jpegPath: string;
beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  jpegPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-report-photo-')), 'leak.jpg');
  fs.writeFileSync(jpegPath, jpeg);
});

/** The states of the report photos kept on the device (features/photos/store.ts). */
async function reportPhotos(page: Page, reportId: string): Promise<string[]> {
  return page.evaluate(
    (owner) =>
      new Promise<string[]>((resolve, reject) => {
        const request = indexedDB.open('staykeep-task-photos');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const all = request.result.transaction('photos').objectStore('photos').getAll();
          all.onsuccess = () => resolve((all.result as { kind: string; ownerId: string; state: string }[]).filter((p) => p.kind === 'report' && p.ownerId === owner).map((p) => p.state));
          all.onerror = () => reject(all.error);
        };
      }),
    reportId,
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

describe('problem reports', () => {
  it('a report made offline on a phone reaches the host as a maintenance task once back online', async () => {
    // A task of her own: the other files on the shared server work the demo's tasks.
    const own = await ownStaffTask({ task_title: `Reported turnover ${Date.now().toString(36)}`, checklist: ['Check under the sink'] });
    const staff = await open({ width: 390, height: 844 });
    const staffSync = await signInReady(staff.page, 'staff');
    const task = await ownTaskOnDevice(staff.page, own.id);

    const host = await open({ width: 1024, height: 800 });
    await signInAs(host.page, 'host');
    await new SyncStatusPill(host.page).waitForSynced();

    await staff.page.goto(`/staff/tasks?taskId=${task.id}`);
    const dialog = staff.page.locator('dialog.dialog[open]').first();
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    await goOffline(staff.context);
    await staff.page.reload();
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    await staffSync.waitForState('offline');

    await dialog.getByRole('button', { name: 'Report a problem' }).click();
    const form = staff.page.getByRole('dialog', { name: 'Report a problem' });
    await form.waitFor();
    const description = `Water under the sink ${Date.now()}`;
    // Sending nothing is refused in place.
    await form.getByRole('button', { name: 'Send report' }).click();
    await form.getByText('Say what the problem is.').waitFor();
    expect(await seriousViolations(staff.page, 'dialog.dialog[open] dialog.dialog[open]')).toEqual([]);
    await form.getByLabel('What kind of problem').selectOption('plumbing');
    await form.getByText('Urgent', { exact: true }).click();
    await form.getByLabel('What is wrong').fill(description);
    // A photo from the gallery, shrunk and shown at once, offline.
    const [chooser] = await Promise.all([staff.page.waitForEvent('filechooser'), form.getByRole('button', { name: 'Add photos from the gallery: the problem' }).click()]);
    await chooser.setFiles(jpegPath);
    await form.getByRole('list', { name: 'Photos: the problem' }).getByRole('listitem').waitFor();
    await form.getByRole('button', { name: 'Send report' }).click();
    await staff.page.getByText('Saved on this device: it reaches the host as soon as you are back online.').waitFor();
    await form.waitFor({ state: 'detached' });
    await staffSync.waitForPending('offline', 1);

    // Kept through a reload with no network.
    await staff.page.reload();
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    await staffSync.waitForPending('offline', 1);
    const sent = (await localRows(staff.page, 'problem_reports')).find((r) => r.description === description);
    expect(sent).toBeDefined();
    expect(await reportPhotos(staff.page, String(sent?.id))).toEqual(['waiting']);
    expect((await localRows(host.page, 'housekeeping_tasks')).some((t) => t.task_description === description)).toBe(false);

    await goOnline(staff.context);
    await staffSync.waitForSynced();
    // The photo follows its report to the server.
    await expect.poll(() => reportPhotos(staff.page, String(sent?.id)), { timeout: 20_000 }).toEqual(['uploaded']);

    // The host's open page pulls the maintenance task and the alert, without a reload.
    const maintenance = async () => (await localRows(host.page, 'housekeeping_tasks')).find((t) => t.task_description === description);
    await expect.poll(async () => (await maintenance())?.task_category, { timeout: 20_000 }).toBe('maintenance');
    const made = await maintenance();
    expect(made).toMatchObject({ priority_level: 'urgent', task_status: 'pending' });
    await expect.poll(async () => (await localRows(host.page, 'notifications')).filter((n) => n.title === 'Urgent problem reported' && n.taskId === made?.id).length, { timeout: 15_000 }).toBe(1);

    await host.page.goto(`/host/housekeeping?taskId=${String(made?.id)}`);
    const hostDialog = host.page.locator('dialog.dialog[open]');
    await hostDialog.locator('.dialog__title', { hasText: 'Plumbing: Water under the sink' }).waitFor();
    const report = hostDialog.getByRole('region', { name: 'Problem report' });
    await report.getByText(description).waitFor();
    await report.locator('.badge', { hasText: 'Urgent' }).waitFor();
    await report.locator('dt', { hasText: 'Reported by' }).waitFor();
    expect(await report.locator('dt', { hasText: 'Reported by' }).locator('xpath=following-sibling::dd').innerText()).not.toBe('You');
    // Its photo is on the maintenance task: a thumbnail, full size (shrunk on the phone to 1600 px) on tap.
    const thumbs = hostDialog.getByRole('region', { name: 'Task photos' }).getByRole('button', { name: /^Open photo 1 of the task/ });
    await thumbs.waitFor();
    await thumbs.click();
    const full = host.page.getByRole('dialog', { name: 'Photo: the task' }).getByRole('img', { name: 'Photo: the task' });
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 }).toBe(1600);

    // The property's page lists it, with its task.
    await host.page.goto(`/host/properties/${String(made?.property_id)}`);
    const listed = host.page.locator('table', { has: host.page.locator('caption', { hasText: 'Problem reports at' }) }).locator('tbody tr', { hasText: description });
    await listed.waitFor();
    await listed.getByRole('link', { name: 'Open task' }).click();
    await host.page.waitForURL((url) => url.searchParams.get('taskId') === made?.id);
    await hostDialog.getByRole('region', { name: 'Problem report' }).waitFor();
  });
});

type Row = Record<string, unknown>;

/** The property and month (of this year) with the most stays checking in: a statement with figures. */
function busiestMonth(bookings: readonly Row[], properties: readonly Row[]): { property: Row; month: string } {
  const year = new Date().toISOString().slice(0, 4);
  const counts = new Map<string, number>();
  for (const b of bookings) {
    const day = String(b.check_in_date);
    if (b.booking_status === 'cancelled' || b.deleted_at || !day.startsWith(year)) continue;
    const key = `${String(b.property_id)}|${day.slice(0, 7)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [key] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  const [propertyId, month] = (key ?? '').split('|');
  const property = properties.find((p) => p.id === propertyId);
  if (!property || !month) throw new Error('The demo host has no stay this year');
  return { property, month };
}

async function financeMonth(page: Page, property: Row, month: string): Promise<string[]> {
  await page.goto('/host/finances');
  await page.getByLabel('Year', { exact: true }).selectOption(month.slice(0, 4));
  await page.getByLabel('Property', { exact: true }).selectOption(String(property.id));
  const currency = String(property.currency || 'USD');
  const switcher = page.getByLabel('Currency', { exact: true });
  if (await switcher.count()) await switcher.selectOption(currency);
  const label = `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
  const table = page.locator('table', { has: page.locator('caption', { hasText: `Revenue by month, ${month.slice(0, 4)}, in ${currency}` }) });
  const row = table.locator('tbody tr', { has: page.locator('td', { hasText: label }) });
  await row.waitFor();
  return Promise.all(['Stays', 'Gross', 'Commission', 'Net'].map((col) => row.locator(`td[data-label="${col}"]`).innerText()));
}

async function statementFigures(page: Page, property: Row, month: string): Promise<string[]> {
  await page.goto(`/host/properties/${String(property.id)}/statement?month=${month}`);
  const figures = page.locator(`dl[aria-label="Figures in ${String(property.currency || 'USD')}"]`);
  await figures.waitFor();
  const value = (label: string) => figures.locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd').innerText();
  return Promise.all(['Stays', 'Gross', 'Commission', 'Net'].map(value));
}

describe('owner statements', () => {
  it('show the finance page’s figures for the same month and property, at 1024 and 390 px', async () => {
    const wide = await open({ width: 1024, height: 800 });
    await signInAs(wide.page, 'host');
    await new SyncStatusPill(wide.page).waitForSynced();
    const { property, month } = busiestMonth(await localRows(wide.page, 'bookings'), await localRows(wide.page, 'properties'));
    const finance = await financeMonth(wide.page, property, month);
    expect(Number(finance[0])).toBeGreaterThan(0);

    // From the property page's "Owner statement", then to the month.
    await wide.page.goto(`/host/properties/${String(property.id)}`);
    await wide.page.getByRole('link', { name: 'Owner statement' }).click();
    await wide.page.waitForURL((url) => url.pathname.endsWith('/statement'));
    await wide.page.getByRole('heading', { name: 'Owner statement' }).waitFor();
    expect(await statementFigures(wide.page, property, month)).toEqual(finance);
    await wide.page.getByRole('button', { name: 'Download PDF' }).waitFor();
    expect(await seriousViolations(wide.page, 'main')).toEqual([]);

    const phone = await open({ width: 390, height: 844 });
    await signInAs(phone.page, 'host');
    await new SyncStatusPill(phone.page).waitForSynced();
    expect(await statementFigures(phone.page, property, month)).toEqual(finance);
    // Nothing wider than the phone.
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
