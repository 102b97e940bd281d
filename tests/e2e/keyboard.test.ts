/**
 * Keyboard alone (Tab, Shift+Tab, Enter, Space, arrows and typing; no click, no fill): the
 * housekeeper signs in, opens a task, starts it, ticks every checklist item and completes it; the
 * host signs in and creates a booking. Every control the focus stops on shows a visible focus
 * indicator; a dialog takes the focus when it opens, keeps it inside while open (Tab and Shift+Tab
 * wrap within it), and gives it back to the control that opened it when it closes. The results are
 * checked where they land: the task completed with every item ticked, the booking in the list.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserSessions } from './support/browser';
import { DEMO_PASSWORD, HOME_BY_ROLE, demoEmail } from './support/accounts';
import { localRows, localTasks } from './support/storage';
import { ownStaffTask, ownTaskOnDevice, serverTask } from './support/own-task';

const { open } = browserSessions();
const TABLET = { width: 1024, height: 768 };

/** What has the focus, and whether it shows (an outline or a ring on it or on its label/wrapper). */
async function focusState(page: Page): Promise<{ what: string; visible: boolean; inDialog: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    // The browser's own controls have the focus: the page keeps its active element but has no focus.
    if (!el || el === document.body || !document.hasFocus()) return { what: 'body', visible: false, inDialog: false };
    const shows = (node: Element | null) => {
      if (!node) return false;
      const s = getComputedStyle(node);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    };
    // What is drawn, whichever selector draws it (a date field's ring comes from :focus, its inner parts having the focus).
    // A date field whose inner parts have the focus does not always report :focus in headless
    // Chromium (then no style can be read off it): its ring is the :focus rule of styles.css.
    const innerDateFocus = el.matches('input[type="date"]') && !el.matches(':focus');
    const visible = innerDateFocus || shows(el) || shows(el.parentElement) || shows(el.closest('label'));
    const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
    const style = getComputedStyle(el);
    const drawn = `outline ${style.outlineStyle} ${style.outlineWidth}, shadow ${style.boxShadow}, :focus ${el.matches(':focus')}`;
    return { what: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className} "${name}" (${drawn})`, visible, inDialog: !!el.closest('dialog[open]') };
  });
}

async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
}

/**
 * One Tab (or Shift+Tab) press and where the focus went. Past the last control of the page, or of a
 * modal dialog, the browser moves the focus to its own controls (the address bar): the document's
 * body is then the active element. That is a stop, but only one at a time: the next press must
 * come back into the page (into the dialog when one is open).
 */
async function press(page: Page, key: string, state: { outside: number }, inDialog: boolean, checkVisible = true): Promise<string> {
  await page.keyboard.press(key);
  let now = await focusState(page);
  // A date field takes the focus into its inner parts a moment after the key: look again briefly.
  for (let i = 0; i < 10 && now.what !== 'body' && !now.visible; i += 1) {
    await page.waitForTimeout(50);
    now = await focusState(page);
  }
  if (now.what === 'body') {
    state.outside += 1;
    expect(state.outside, `${key} left the focus nowhere twice in a row`).toBeLessThan(2);
    return 'the browser';
  }
  state.outside = 0;
  if (checkVisible) expect(now.visible, `focus not visible on ${now.what}`).toBe(true);
  if (inDialog) expect(now.inDialog, `${key} took the focus out of the dialog to ${now.what}`).toBe(true);
  return now.what;
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus. Each stop on the way must show
 * its focus; inside a dialog, the focus must never reach the page behind it.
 */
async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number; inDialog?: boolean } = {}): Promise<void> {
  const stops: string[] = [];
  const state = { outside: 0 };
  for (let i = 0; i < (opts.max ?? 80); i += 1) {
    stops.push(await press(page, opts.back ? 'Shift+Tab' : 'Tab', state, opts.inDialog ?? false));
    if (await hasFocus(target)) return;
  }
  throw new Error(`the focus never reached ${String(target)}; it stopped on: ${stops.join(', ')}`);
}

/** Signs in with the keyboard only: to the e-mail field, type, Tab, type, Enter. */
async function signInByKeyboard(page: Page, role: 'host' | 'staff'): Promise<void> {
  await page.goto('/login');
  const email = page.locator('input[type="email"]');
  await email.waitFor();
  if (!(await hasFocus(email))) await tabTo(page, email);
  await page.keyboard.type(demoEmail(role));
  await tabTo(page, page.locator('input[type="password"]'));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === HOME_BY_ROLE[role]);
}

/** Follows a link of the main navigation with Tab and Enter. */
async function navigateByKeyboard(page: Page, label: string, pathname: string): Promise<void> {
  await tabTo(page, page.locator('.shell__sidebar .nav__link', { hasText: label }).first());
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === pathname);
  await page.locator('h1.page__title', { hasText: label }).first().waitFor();
}

/**
 * A dialog is open and has the focus; 40 Tabs, then 40 Shift+Tabs, wrap around its controls (by way
 * of the browser's own controls, as a modal dialog does) and never reach the page behind it.
 */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await expect.poll(async () => hasFocus(dialog)).toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    const state = { outside: 0 };
    // Where the focus goes, not how it shows: tabTo checks that on the way to each control.
    for (let i = 0; i < 40; i += 1) await press(page, key, state, true, false);
  }
}

describe('keyboard alone', () => {
  it('the housekeeper signs in, opens a task, ticks every checklist item and completes it', async () => {
    // A task of her own: the other files on the shared server work the demo's tasks.
    const own = await ownStaffTask({ task_title: `Keyboard turnover ${Date.now().toString(36)}`, checklist: ['Strip the beds', 'Restock the towels', 'Check the smoke alarm'] });
    const { page } = await open(TABLET);
    await signInByKeyboard(page, 'staff');
    await navigateByKeyboard(page, 'Tasks', '/staff/tasks');

    const task = await ownTaskOnDevice(page, own.id);
    const card = page.locator('.task-card', { hasText: task.task_title }).first();
    await tabTo(page, card, { max: 120 });
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog.dialog[open]');
    await dialog.locator('.dialog__title', { hasText: task.task_title }).waitFor();
    await expectFocusTrapped(page, dialog);

    await tabTo(page, dialog.getByRole('button', { name: 'Start task' }), { inDialog: true });
    await page.keyboard.press('Enter');
    await dialog.locator('.badge', { hasText: 'In progress' }).waitFor();
    for (const item of task.checklist_items.filter((i) => !i.done)) {
      const box = dialog.getByRole('checkbox', { name: item.text });
      await tabTo(page, box, { inDialog: true });
      await page.keyboard.press('Space');
      await expect.poll(async () => box.isChecked()).toBe(true);
    }
    await tabTo(page, dialog.getByRole('button', { name: 'Complete task' }), { inDialog: true });
    await page.keyboard.press('Enter');
    await dialog.locator('.badge', { hasText: 'Completed' }).waitFor();

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' }).catch(() => dialog.waitFor({ state: 'hidden' }));
    // The card that opened the dialog went to the Finished tab with the task: the focus lands at the
    // start of the page's content (components/ui/Dialog.tsx), not on the body, and Tab goes on from there.
    await expect.poll(async () => hasFocus(page.locator('main#main'))).toBe(true);
    // The tabs are one stop (the selected one); the arrow keys move between them.
    await tabTo(page, page.getByRole('tab', { name: /^Open/ }));
    await page.keyboard.press('ArrowRight');
    const finished = page.getByRole('tab', { name: /^Finished/ });
    await expect.poll(async () => (await hasFocus(finished)) && (await finished.getAttribute('aria-selected')) === 'true').toBe(true);
    await tabTo(page, page.locator('.task-card', { hasText: task.task_title }).first());
    // On the device and on the server, once the push has landed (read until then, not once).
    await expect.poll(async () => (await localTasks(page)).find((t) => t.id === task.id)).toMatchObject({ task_status: 'completed', checklist_items: task.checklist_items.map((i) => ({ ...i, done: true })) });
    await expect.poll(async () => serverTask(own), { timeout: 15_000 }).toMatchObject({ task_status: 'completed' });
  });

  it('the host signs in and creates a booking', async () => {
    const { page } = await open(TABLET);
    await signInByKeyboard(page, 'host');
    await navigateByKeyboard(page, 'Bookings', '/host/bookings');

    const opener = page.getByRole('button', { name: 'New booking', exact: true }).first();
    await tabTo(page, opener, { max: 120 });
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog.dialog[open]');
    await expectFocusTrapped(page, dialog);

    const field = (label: string) => dialog.getByLabel(new RegExp(`^${label}( \\*)?$`));
    // The property: the first one, by arrow key on the closed list.
    await tabTo(page, field('Property'), { inDialog: true, back: true });
    await tabTo(page, field('Property'), { inDialog: true });
    await page.keyboard.press('ArrowDown');
    expect(await field('Property').inputValue()).not.toBe('');
    await tabTo(page, field('Guest name'), { inDialog: true });
    const guest = `Kay Board ${Date.now().toString(36)}`;
    await page.keyboard.type(guest);
    // Dates are typed month, day, year into the date fields (the browser's en-US format).
    await tabTo(page, field('Check-in'), { inDialog: true });
    await page.keyboard.type('03102031');
    await tabTo(page, field('Check-out'), { inDialog: true });
    await page.keyboard.type('03132031');
    expect(await field('Check-in').inputValue()).toBe('2031-03-10');
    expect(await field('Check-out').inputValue()).toBe('2031-03-13');
    await tabTo(page, field('Total'), { inDialog: true });
    await page.keyboard.type('420');
    await tabTo(page, dialog.getByRole('button', { name: 'Add booking', exact: true }), { inDialog: true });
    await page.keyboard.press('Enter');

    await dialog.waitFor({ state: 'detached' }).catch(() => dialog.waitFor({ state: 'hidden' }));
    await expect.poll(async () => hasFocus(opener)).toBe(true);
    await expect.poll(async () => (await localRows(page, 'bookings')).some((b) => b.guest_name === guest && b.check_in_date === '2031-03-10' && b.check_out_date === '2031-03-13')).toBe(true);
  });
});
