/**
 * A walk through every page of each area (admin, host, staff) as the demo accounts: each page is
 * reached from the navigation, shows its heading, loads real data from the API without an error
 * state, and never shows an error screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newSession } from './support/browser';
import { DEMO_PASSWORD, HOME_BY_ROLE, demoEmail } from './support/accounts';
import { LoginPage } from './pages/login-page';
import { AppShell, showsErrorScreen } from './pages/app-shell';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A new session of `role` at this screen size, signed in and on its home page; `work` runs there,
 * then the page must have logged no error, and the session is closed.
 */
async function signedInAt(role: 'host' | 'staff', viewport: { width: number; height: number }, work: (page: Page) => Promise<void>): Promise<void> {
  const { context, page, errors } = await newSession(browser, viewport);
  try {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(demoEmail(role), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === HOME_BY_ROLE[role]);
    await work(page);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

/** Each area's pages, in navigation order, and what the demo data must put on some of them. */
const AREAS = {
  super_admin: {
    pages: ['Dashboard', 'Hosts', 'Analytics', 'Subscriptions', 'Billings', 'Tokeet', 'PayPal', 'Settings', 'Audit log', 'E-mail', 'Admins', 'Profile'],
    rows: { Hosts: '.table tbody tr', Admins: '.table tbody tr', Subscriptions: '.tier-card', Settings: 'form .field', Analytics: '.table tbody tr' } as Record<string, string>,
  },
  host: {
    pages: ['Dashboard', 'Properties', 'Bookings', 'Calendar', 'Channels', 'Guests', 'Inbox', 'Housekeeping', 'Finances', 'Analytics', 'Subscription', 'Profile'],
    rows: {
      Properties: '.property-card',
      Bookings: '.table tbody tr',
      Calendar: '.tl__bar',
      Guests: '.table tbody tr',
      Housekeeping: '.table tbody tr',
      Finances: '.table tbody tr',
      Subscription: '.tier',
    } as Record<string, string>,
  },
  staff: {
    pages: ['Today', 'Tasks', 'Schedule', 'Properties', 'Profile'],
    rows: { Tasks: '.task-card', Properties: '.card' } as Record<string, string>,
  },
} as const;

describe('every page of every area', () => {
  for (const role of ['super_admin', 'host', 'staff'] as const) {
    it(`walks the ${role} area`, async () => {
      const { context, page, errors } = await newSession(browser);
      try {
        const login = new LoginPage(page);
        await login.goto();
        await login.signIn(demoEmail(role), DEMO_PASSWORD);
        await page.waitForURL((url) => url.pathname === HOME_BY_ROLE[role]);
        const shell = new AppShell(page);

        const links = await shell.navLinks();
        expect(links.map((l) => l.label)).toEqual([...AREAS[role].pages]);

        for (const { label, href } of links) {
          await shell.clickNav(label);
          await page.waitForURL((url) => url.pathname === href);
          await shell.waitForHeading(label);
          await shell.waitForData();
          expect(await showsErrorScreen(page), `${href} shows an error screen`).toBe(false);
          expect(await shell.errorStates(), `${href} failed to load data`).toEqual([]);
          expect(await page.title()).toBe(`${label} · Staykeep`);
          const rows = AREAS[role].rows[label];
          if (rows) expect(await page.locator(rows).count(), `${href} shows no demo data`).toBeGreaterThan(0);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('opens a property from the host’s list', async () => {
    const { context, page, errors } = await newSession(browser);
    try {
      const login = new LoginPage(page);
      await login.goto('?redirect=/host/properties');
      await login.signIn(demoEmail('host'), DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/host/properties');
      const first = page.locator('.property-card__title a').first();
      await first.waitFor();
      const name = (await first.innerText()).trim();
      await first.click();
      await page.waitForURL((url) => url.pathname.startsWith('/host/properties/'));
      const shell = new AppShell(page);
      await shell.waitForHeading(name);
      await shell.waitForData();
      expect(await shell.errorStates()).toEqual([]);
      expect(await page.locator('.table tbody tr').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the housekeeper where to go and how to get in, from the fields her device receives', async () => {
    // A housekeeper's rows carry only what her screens read (shared/device-fields.ts): the
    // screens still show all of it.
    const { context, page, errors } = await newSession(browser);
    try {
      const login = new LoginPage(page);
      await login.goto('?redirect=/staff/properties');
      await login.signIn(demoEmail('staff'), DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/staff/properties');
      const shell = new AppShell(page);
      await shell.waitForData();
      const cards = page.locator('.staff-property');
      await cards.first().waitFor();
      const count = await cards.count();
      for (let i = 0; i < count; i += 1) {
        const card = cards.nth(i);
        expect((await card.locator('.card__title').innerText()).trim()).not.toBe('');
        expect(await card.innerText()).not.toContain('No address given');
        expect(await card.innerText()).toMatch(/\d+ bedrooms · \d+(\.\d+)? bathrooms/);
        expect(await card.getByRole('link', { name: 'Open in maps' }).getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=-?\d/);
      }
      // How to get in: the property's access details (property_access, sent only around her tasks), no
      // longer the free-text access notes every housekeeper of a property received.
      expect(await page.locator('.staff-property .access-details', { hasText: 'Access details' }).count()).toBeGreaterThan(0);
      expect(await page.locator('.staff-property', { hasText: 'Access notes' }).count()).toBe(0);

      // The task dialog: the property's address and map link.
      await shell.clickNav('Tasks');
      await page.waitForURL((url) => url.pathname === '/staff/tasks');
      await page.locator('.task-card').first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.locator('.task-place').innerText()).toMatch(/Address: \S/);
      expect(await dialog.getByRole('link', { name: 'Open in maps' }).count()).toBe(1);
      expect(await dialog.innerText()).not.toContain('Unknown property');

      // Her own staff row: contact and hours on the profile's work card.
      await page.keyboard.press('Escape');
      await shell.clickNav('Profile');
      await page.waitForURL((url) => url.pathname === '/staff/profile');
      await shell.waitForData();
      const work = page.locator('.card', { has: page.getByRole('heading', { name: 'Work' }) });
      await work.waitFor();
      expect(await work.innerText()).toContain('+1 512-555-0147');
      expect(await work.locator('.availability li').count()).toBe(7);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps the host's bookings filters inside their card on a phone (320 and 390 px)", async () => {
    for (const width of [320, 390]) {
      const { context, page, errors } = await newSession(browser, { width, height: 844 });
      try {
        const login = new LoginPage(page);
        await login.goto();
        await login.signIn(demoEmail('host'), DEMO_PASSWORD);
        await page.waitForURL((url) => url.pathname === HOME_BY_ROLE.host);
        await page.goto('/host/bookings');
        await new AppShell(page).waitForHeading('Bookings');
        await page.locator('.filter-bar input[type="date"]').first().waitFor();
        // Every field ends inside the card's padding (a field wider than its column used to push past it).
        const past = await page.evaluate(() => {
          const card = document.querySelector('.filter-bar')?.closest('.card');
          if (!card) return ['no card'];
          const box = card.getBoundingClientRect();
          const inner = box.right - parseFloat(getComputedStyle(card).paddingRight);
          return [...card.querySelectorAll('.filter-bar input, .filter-bar select')]
            .filter((field) => field.getBoundingClientRect().right > inner + 0.5)
            .map((field) => `${field.getAttribute('type') ?? field.tagName} ends ${Math.round(field.getBoundingClientRect().right - inner)} px past`);
        });
        expect(past).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('opens the notifications panel inside the screen on a phone (320 and 390 px)', async () => {
    for (const width of [320, 390]) {
      await signedInAt('host', { width, height: 844 }, async (page) => {
        await page.locator('.bell__button').click();
        const panel = page.locator('.bell__panel');
        await panel.locator('.bell__foot').waitFor();
        const box = await panel.boundingBox();
        if (!box) throw new Error('no panel');
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      });
    }
  });

  it('makes a table that scrolls sideways a named region reachable by keyboard, and only while it scrolls', async () => {
    await signedInAt('host', { width: 1024, height: 800 }, async (page) => {
      const wrap = page.locator('.table-wrap').first();
      const state = () => wrap.evaluate((box) => ({ scrolls: box.scrollWidth > box.clientWidth + 1, role: box.getAttribute('role'), tabIndex: box.getAttribute('tabindex'), label: box.getAttribute('aria-label') }));
      // The bookings table (ui/Table) is wider than a tablet's column: a named, focusable region.
      await page.goto('/host/bookings');
      await new AppShell(page).waitForHeading('Bookings');
      await page.locator('.table-wrap tbody tr').first().waitFor();
      await expect.poll(state).toEqual({ scrolls: true, role: 'region', tabIndex: '0', label: expect.stringContaining('(scrolls sideways)') });
      // The housekeeping list (TasksTable) fits at 1 024 px, scrolls at 900 and fits again when widened.
      await page.goto('/host/housekeeping');
      await new AppShell(page).waitForHeading('Housekeeping');
      await page.locator('.table-wrap tbody tr').first().waitFor();
      await expect.poll(state).toEqual({ scrolls: false, role: null, tabIndex: null, label: null });
      await page.setViewportSize({ width: 900, height: 800 });
      await expect.poll(state).toEqual({ scrolls: true, role: 'region', tabIndex: '0', label: expect.stringContaining('(scrolls sideways)') });
      await page.setViewportSize({ width: 1024, height: 800 });
      await expect.poll(state).toEqual({ scrolls: false, role: null, tabIndex: null, label: null });
    });
  });

  it('fits the five tabs of the staff tab bar on a 320 px phone', async () => {
    await signedInAt('staff', { width: 320, height: 700 }, async (page) => {
      const tabs = page.locator('nav.tabbar a');
      await tabs.first().waitFor();
      const boxes = await tabs.evaluateAll((links) => links.map((a) => { const r = a.getBoundingClientRect(); return { left: Math.round(r.left), right: Math.round(r.right), label: a.textContent?.trim() }; }));
      expect(boxes).toHaveLength(5);
      expect(boxes.filter((b) => b.left < 0 || b.right > 320)).toEqual([]);
    });
  });

  it('lays the staff area out for a phone, with the bottom tab bar', async () => {
    const { context, page, errors } = await newSession(browser, { width: 390, height: 844 });
    try {
      const login = new LoginPage(page);
      await login.goto();
      await login.signIn(demoEmail('staff'), DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/staff/dashboard');
      const tabbar = page.locator('nav.tabbar');
      await tabbar.waitFor();
      expect(await page.locator('.shell__sidebar').isVisible()).toBe(false);
      await tabbar.getByRole('link', { name: 'Schedule' }).click();
      await page.waitForURL((url) => url.pathname === '/staff/schedule');
      await new AppShell(page).waitForHeading('Schedule');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
