/**
 * A host with a busy season, on a server of its own (the tasks it adds would change what the other
 * files see on the demo host):
 * - the dashboard's "Needs attention" list, with a season of turnovers nobody staffed yet: the
 *   five to staff soonest, in that order, and a link to Housekeeping for the rest (it used to list
 *   every one of them);
 * - the housekeeping list, once the host has more than a hundred tasks: it draws a hundred rows at
 *   a time, with "Showing 100 of N" and a button that draws the rest, at phone width; the guests
 *   list likewise, two hundred at a time, with its own count; the board, fifty cards a column.
 *   Every drawn row costs each frame of the page (bench/sync-client/README.md, "Rows drawn").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newSession } from './support/browser';
import { OwnServer } from './support/own-server';
import { LoginPage } from './pages/login-page';
import { SyncStatusPill } from './pages/sync-status';
import { seriousViolations } from './support/axe';
import { DEMO_PASSWORD, demoEmail } from './support/accounts';
import { apiAs, type ApiAs } from './support/api';
import { TABLE_IDS } from '../../shared/table-ids';
import { addDays } from '../../shared/dates';

const server = new OwnServer('host-busy-season');
let browser: Browser;
let post: ApiAs;

type Row = Record<string, unknown> & { id: string };
const page = (table: number, filters: unknown[] = []) => post<{ List: Row[] }>(`/api/table/${table}/page`, { PageNo: 1, PageSize: 500, Filters: filters });

beforeAll(async () => {
  await server.start();
  browser = await launchBrowser();
  post = await apiAs(server.origin, demoEmail('host'));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server.remove();
});

describe('Needs attention on the host dashboard', () => {
  it('shows the five turnovers to staff soonest and links to Housekeeping for the rest', async () => {
    // Every unassigned turnover the demo seeded, and nine more, a week apart from 40 days ahead.
    const { List: tasks } = await page(TABLE_IDS.housekeeping_tasks, [{ name: 'task_status', op: 'In', value: ['pending', 'in_progress'] }]);
    const seeded = tasks.filter((t) => t.booking_id && !t.assigned_staff_id);
    const { List: bookings } = await page(TABLE_IDS.bookings);
    const booking = bookings[0];
    if (!booking) throw new Error('The demo host has no booking');
    const today = new Date().toISOString().slice(0, 10);
    const added = Array.from({ length: 9 }, (_, i) => ({ title: `Season turnover ${i + 1}`, day: addDays(today, 40 + 7 * i) }));
    // Created last first: the list orders them by day, not by creation.
    for (const turnover of [...added].reverse()) {
      await post(`/api/table/${TABLE_IDS.housekeeping_tasks}/create`, {
        property_id: booking.property_id,
        booking_id: booking.id,
        task_title: turnover.title,
        scheduled_date: turnover.day,
        due_date: turnover.day,
      });
    }
    const all = seeded.length + added.length;
    // Soonest first, ours among the seeded ones by day.
    const dayOf = (t: Row) => String(t.scheduled_date ?? t.due_date ?? '').slice(0, 10);
    const soonest = [...seeded.map((t) => ({ title: '', day: dayOf(t) })), ...added].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)).slice(0, 5);
    const shownOfOurs = added.filter((t) => soonest.includes(t)).map((t) => t.title);
    const hiddenOfOurs = added.filter((t) => !soonest.includes(t)).map((t) => t.title);
    expect(hiddenOfOurs.length).toBeGreaterThan(0);

    const { context, page: tab } = await newSession(browser, { width: 390, height: 844 }, server.origin);
    try {
      await new LoginPage(tab).goto();
      await new LoginPage(tab).signIn(demoEmail('host'), DEMO_PASSWORD);
      await tab.waitForURL((url) => url.pathname === '/host/dashboard');
      const list = tab.locator('ul.attention');
      const turnovers = list.locator('li', { hasText: 'Turnover without a housekeeper' });
      await expect.poll(() => turnovers.count(), { timeout: 20_000 }).toBe(5);
      const texts = await turnovers.allTextContents();
      for (const title of shownOfOurs) expect(texts.some((text) => text.includes(`${title} at`))).toBe(true);
      for (const title of hiddenOfOurs) expect(texts.some((text) => text.includes(`${title} at`))).toBe(false);

      const more = list.getByRole('link', { name: `${all - 5} more turnovers without a housekeeper, in Housekeeping` });
      expect(await more.isVisible()).toBe(true);
      expect(await seriousViolations(tab, 'ul.attention')).toEqual([]);
      await more.click();
      await tab.waitForURL((url) => url.pathname === '/host/housekeeping');
    } finally {
      await context.close();
    }
  });
});

/** A tab of the demo host signed in at `path`, its sync done; the caller closes its context. */
async function hostTab(path: string, viewport: { width: number; height: number }) {
  const session = await newSession(browser, viewport, server.origin);
  const login = new LoginPage(session.page);
  await login.goto(`?redirect=${path}`);
  await login.signIn(demoEmail('host'), DEMO_PASSWORD);
  await session.page.waitForURL((url) => url.pathname === path);
  await new SyncStatusPill(session.page).waitForSynced();
  return session;
}

/** A long list's drawn rows and its footer (components/data-view.tsx ListFooter). */
const longList = (page: Page) => ({ rows: page.locator('.table tbody tr'), footer: page.locator('.list-footer') });

/** Adds `count` waiting tasks at the host's first property, "<title> 1" on the day `fromDay` days ahead, one a day. */
async function addTasks(count: number, title: string, fromDay: number): Promise<void> {
  const { List: properties } = await post<{ List: { id: string }[] }>(`/api/table/${TABLE_IDS.properties}/page`, { PageNo: 1, PageSize: 1 });
  const property = properties[0];
  if (!property) throw new Error('The demo host has no property');
  const today = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < count; i += 1) {
    const day = addDays(today, fromDay + i);
    await post(`/api/table/${TABLE_IDS.housekeeping_tasks}/create`, { property_id: property.id, task_title: `${title} ${i + 1}`, scheduled_date: day, due_date: day });
  }
}

describe('a long task list', () => {
  it('shows a hundred tasks, then the rest on "Show more"', async () => {
    await addTasks(130, 'Deep clean', 60);
    const { VirtualCount: total } = await post<{ VirtualCount: number }>(`/api/table/${TABLE_IDS.housekeeping_tasks}/page`, { PageNo: 1, PageSize: 1 });
    expect(total).toBeGreaterThan(130);

    const { context, page } = await hostTab('/host/housekeeping', { width: 390, height: 844 });
    try {
      const { rows, footer } = longList(page);
      await expect.poll(() => footer.textContent(), { timeout: 20_000 }).toContain(`Showing 100 of ${total}`);
      expect(await rows.count()).toBe(100);
      // Latest scheduled first: the last task added heads the list.
      expect(await rows.first().textContent()).toContain('Deep clean 130');
      expect(await seriousViolations(page, '.list-footer')).toEqual([]);

      await footer.getByRole('button', { name: `Show ${total - 100} more` }).click();
      await expect.poll(() => rows.count()).toBe(total);
      expect(await footer.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('a long board column', () => {
  it('shows fifty cards a column, then the rest of that column on "Show more"', async () => {
    const pending = () => post<{ VirtualCount: number }>(`/api/table/${TABLE_IDS.housekeeping_tasks}/page`, { PageNo: 1, PageSize: 1, Filters: [{ name: 'task_status', op: 'Equal', value: 'pending' }] });
    // The long list's test added 130 waiting tasks; alone, this test adds its own.
    if ((await pending()).VirtualCount <= 60) await addTasks(70, 'Window clean', 300);
    const { VirtualCount: waiting } = await pending();
    expect(waiting).toBeGreaterThan(60);

    const { context, page } = await hostTab('/host/housekeeping', { width: 1024, height: 768 });
    try {
      await page.getByRole('tab', { name: 'Board' }).click();
      const column = page.locator('.hk-board__column', { has: page.locator('#col-pending') });
      const cards = column.locator('.hk-board__list > li');
      const footer = column.locator('.list-footer');
      await expect.poll(() => footer.textContent(), { timeout: 20_000 }).toContain(`Showing 50 of ${waiting}`);
      expect(await cards.count()).toBe(50);
      expect(await seriousViolations(page, '.hk-board')).toEqual([]);

      await footer.getByRole('button', { name: `Show ${Math.min(50, waiting - 50)} more` }).click();
      await expect.poll(() => cards.count()).toBe(Math.min(100, waiting));
    } finally {
      await context.close();
    }
  });
});

describe('a long guest list', () => {
  it('shows two hundred guests with their count, then the rest on "Show more"', async () => {
    const { List: properties } = await post<{ List: { id: string }[] }>(`/api/table/${TABLE_IDS.properties}/page`, { PageNo: 1, PageSize: 100 });
    const today = new Date().toISOString().slice(0, 10);
    // A guest per address: 210 stays of two nights, side by side on the host's properties.
    for (let i = 0; i < 210; i += 1) {
      const property = properties[i % properties.length];
      if (!property) throw new Error('The demo host has no property');
      const day = addDays(today, 400 + 3 * Math.floor(i / properties.length));
      await post(`/api/table/${TABLE_IDS.bookings}/create`, { property_id: property.id, guest_name: `Season Guest ${i + 1}`, guest_email: `season-guest-${i + 1}@example.com`, check_in_date: day, check_out_date: addDays(day, 2), total_amount: 300 });
    }
    const { VirtualCount: total } = await post<{ VirtualCount: number }>(`/api/table/${TABLE_IDS.guests}/page`, { PageNo: 1, PageSize: 1 });
    expect(total).toBeGreaterThan(210);

    const { context, page } = await hostTab('/host/guests', { width: 1024, height: 768 });
    try {
      const { rows, footer } = longList(page);
      await expect.poll(() => footer.textContent(), { timeout: 20_000 }).toContain(`Showing 200 of ${total} guests`);
      expect(await rows.count()).toBe(200);

      await footer.getByRole('button', { name: `Show ${total - 200} more` }).click();
      await expect.poll(() => rows.count()).toBe(total);
      expect(await footer.textContent()).toBe(`${total} guests`);
      expect(await footer.getByRole('button').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
