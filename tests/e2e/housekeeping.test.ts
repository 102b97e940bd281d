/**
 * The host's housekeeping page: a new staff member with their availability, a template with a
 * checklist, and a task made from that template in one step and assigned to the new staff member,
 * where the form warns that they do not work that weekday, then no longer warns once the day is one
 * they work. The task reaches the server with the template's checklist and duration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newSession, type Session } from './support/browser';
import { DEMO_PASSWORD, demoEmail } from './support/accounts';
import { localRows } from './support/storage';
import { LoginPage } from './pages/login-page';
import { SyncStatusPill } from './pages/sync-status';
import { seriousViolations } from './support/axe';

let browser: Browser;
let s: Session;

beforeAll(async () => {
  browser = await launchBrowser();
  s = await newSession(browser);
});
afterAll(async () => {
  expect(s?.errors ?? []).toEqual([]);
  await s?.context.close();
  await browser?.close();
});

/** The next date (YYYY-MM-DD, UTC) that falls on a weekday (0 Sunday … 6 Saturday). */
function nextWeekday(day: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() !== day) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe('host housekeeping', () => {
  it('adds a staff member and a template, then a task from the template with an availability warning', async () => {
    const { page } = s;
    const login = new LoginPage(page);
    await login.goto('?redirect=/host/housekeeping');
    await login.signIn(demoEmail('host'), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/host/housekeeping');
    const sync = new SyncStatusPill(page);
    await sync.waitForSynced();
    await page.locator('.table tbody tr').first().waitFor();

    // Staff: works Monday to Friday 08:00–12:00, off at weekends.
    await page.getByRole('tab', { name: 'Staff' }).click();
    await page.getByRole('button', { name: 'Add staff member' }).click();
    const staffForm = page.locator('dialog.dialog[open]');
    await staffForm.getByLabel('Name').fill('Ana Test');
    await staffForm.getByLabel('E-mail').fill('ana.test@example.com');
    await staffForm.getByLabel('Phone').fill('+1 555 0100');
    // Paid in euros: the rate's label follows the chosen currency (docs/decisions.md "Money").
    await staffForm.getByLabel('Currency').selectOption('EUR');
    await staffForm.getByLabel('Hourly rate (EUR)').fill('21.5');
    await staffForm.getByLabel('Specializations').fill('Turnover cleaning, Laundry');
    await staffForm.getByLabel('Emergency contact').fill('Rui, +1 555 0101');
    await staffForm.getByLabel('Hire date').fill('2025-01-15');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await staffForm.getByLabel(`${day} start`).fill('08:00');
      await staffForm.getByLabel(`${day} end`).fill('12:00');
    }
    await staffForm.getByRole('button', { name: 'Add staff member' }).click();
    await staffForm.waitFor({ state: 'hidden' });
    await page.locator('.table tbody tr', { hasText: 'Ana Test' }).filter({ hasText: '€21.50' }).waitFor();

    // Template with a three-item checklist, one reordered.
    await page.getByRole('tab', { name: 'Templates' }).click();
    await page.getByRole('button', { name: 'Add template' }).click();
    const tplForm = page.locator('dialog.dialog[open]');
    await tplForm.getByLabel('Name').fill('Balcony clean');
    await tplForm.getByLabel('Estimated duration (minutes)').fill('75');
    for (const item of ['Sweep balcony', 'Wipe railing', 'Water plants']) {
      await tplForm.getByLabel('New checklist item').fill(item);
      await tplForm.getByRole('button', { name: 'Add item' }).click();
    }
    await tplForm.getByRole('button', { name: 'Move "Water plants" up' }).click();
    await tplForm.getByRole('button', { name: 'Add template' }).click();
    await tplForm.waitFor({ state: 'hidden' });
    const row = page.locator('.table tbody tr', { hasText: 'Balcony clean' });
    await row.waitFor();

    // A task from it, in one step: the template fills title, checklist and duration.
    await row.getByRole('button', { name: 'New task from Balcony clean' }).click();
    const taskForm = page.locator('dialog.dialog[open]');
    expect(await taskForm.getByLabel('Title').inputValue()).toBe('Balcony clean');
    expect(await taskForm.getByLabel('Estimated duration (minutes)').inputValue()).toBe('75');
    expect(await taskForm.getByLabel('Checklist item 2').inputValue()).toBe('Water plants');
    await taskForm.getByLabel('Property').selectOption({ index: 1 });
    await taskForm.getByLabel('Assigned to').selectOption({ label: 'Ana Test' });
    // A Saturday: Ana is off.
    await taskForm.getByLabel('Scheduled date').fill(nextWeekday(6));
    await taskForm.getByLabel('Start time').fill('09:00');
    const warning = taskForm.locator('.hk-warnings');
    await warning.getByText('Ana Test is not available on Saturdays').waitFor();
    // A Monday at 11:00 for 75 minutes runs past her hours.
    const monday = nextWeekday(1);
    await taskForm.getByLabel('Scheduled date').fill(monday);
    await taskForm.getByLabel('Start time').fill('11:00');
    await warning.getByText('Ana Test works 08:00–12:00 on Mondays; this task runs 11:00–12:15.').waitFor();
    await taskForm.getByLabel('Start time').fill('09:00');
    await warning.waitFor({ state: 'detached' });
    await taskForm.getByRole('button', { name: 'Create task' }).click();
    await taskForm.waitFor({ state: 'hidden' });
    await sync.waitForSynced();

    type Task = { id: string; task_title: string; template_id: string | null; estimated_duration: number; assigned_staff_id: string | null; checklist_items: { text: string; done: boolean }[]; version?: number };
    const staff = (await localRows(page, 'housekeeping_staff')) as { id: string; staff_name: string; availability_schedule: Record<string, unknown>; hourly_rate: number; currency: string }[];
    const ana = staff.find((m) => m.staff_name === 'Ana Test');
    expect(ana).toMatchObject({ hourly_rate: 21.5, currency: 'EUR' });
    expect(ana?.availability_schedule).toMatchObject({ monday: { start: '08:00', end: '12:00' }, saturday: 'off', sunday: 'off' });
    const tasks = (await localRows(page, 'housekeeping_tasks')) as Task[];
    const made = tasks.find((t) => t.task_title === 'Balcony clean');
    expect(made).toBeDefined();
    // Made on the device with its property's currency, as a booking is.
    const homes = await localRows(page, 'properties');
    expect((made as Task & { currency?: string }).currency).toBe(homes.find((p) => p.id === (made as Task & { property_id?: string }).property_id)?.currency);
    expect(made?.assigned_staff_id).toBe(ana?.id);
    expect(made?.estimated_duration).toBe(75);
    expect(made?.checklist_items.map((i) => i.text)).toEqual(['Sweep balcony', 'Water plants', 'Wipe railing']);
    expect(made?.checklist_items.every((i) => !i.done)).toBe(true);
    // Synced: the server has it (its version is set by the server only).
    expect(typeof made?.version).toBe('number');

    // The board shows it in the Pending column; the week view under Ana.
    await page.getByRole('tab', { name: 'Board' }).click();
    await page.locator('.hk-board__column', { hasText: 'Pending' }).locator('.hk-card', { hasText: 'Balcony clean' }).waitFor();
    await page.getByRole('tab', { name: 'Day / Week' }).click();
    await page.getByLabel('Week of').fill(monday);
    const anaRow = page.locator('.hk-schedule__row', { hasText: 'Ana Test' });
    await anaRow.locator('.hk-chip', { hasText: 'Balcony clean' }).waitFor();
    expect(await anaRow.locator('.hk-day--off').count()).toBe(2);

    // The invite is online only: offline the page says so and the button waits.
    await page.getByRole('tab', { name: 'Staff' }).click();
    const inviteAna = page.getByRole('button', { name: 'Invite Ana Test' });
    expect(await inviteAna.isDisabled()).toBe(false);
    await s.context.setOffline(true);
    await page.getByText('Invitations need a connection').waitFor();
    expect(await inviteAna.isDisabled()).toBe(true);
    await s.context.setOffline(false);
    await page.getByText('Invitations need a connection').waitFor({ state: 'detached' });
  });

  it('keeps every view and form accessible (axe: no serious or critical violation)', async () => {
    const { page } = s;
    await page.goto('/host/housekeeping');
    await page.locator('.table tbody tr').first().waitFor();
    const problems: string[] = [];
    for (const tab of ['List', 'Board', 'Day / Week', 'Staff', 'Templates']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0);
      problems.push(...(await seriousViolations(page)).map((v) => `${tab}: ${v}`));
    }
    for (const [tab, button] of [
      ['Staff', 'Add staff member'],
      ['Templates', 'Add template'],
      ['List', 'New task'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('button', { name: button, exact: true }).first().click();
      await page.locator('dialog.dialog[open] form').waitFor();
      problems.push(...(await seriousViolations(page)).map((v) => `${button}: ${v}`));
      await page.locator('dialog.dialog[open]').getByRole('button', { name: 'Cancel' }).click();
      await page.locator('dialog.dialog[open]').waitFor({ state: 'detached' });
    }
    await page.getByRole('tab', { name: 'List' }).click();
    await page.locator('.table tbody tr button.text-link').first().click();
    await page.locator('dialog.dialog[open] .task-details').waitFor();
    problems.push(...(await seriousViolations(page)).map((v) => `task dialog: ${v}`));
    expect(problems).toEqual([]);
    // axe on many views: slow on a shared machine.
  }, 180_000);
});
