/**
 * axe-core on every page of every role, at a phone's width (390 px) and a tablet's (1024 px): no
 * serious or critical violation. The pages come from the app itself, so a page added later is
 * checked without touching this file: each area's navigation (client/src/components/layout/nav.ts,
 * as the role sees it) and every route of the generated route tree (client/src/routeTree.gen.ts)
 * under the area; a route with a parameter is reached through a link to it found on the pages
 * walked before (a property's page from the properties list, a host's from the hosts list). Public
 * pages likewise, signed out. Dialogs that a page opens cheaply are checked open too (the new
 * booking form, a housekeeper's task).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_NAV, HOST_NAV, STAFF_NAV, navFor, type NavItem } from '../../client/src/components/layout/nav';
import type { Role } from '../../shared/enums';
import { devMailbox } from '../../server/src/modules/email/mailer';
import { launchBrowser, newSession } from './support/browser';
import { OwnServer } from './support/own-server';
import { DEMO_PASSWORD, HOME_BY_ROLE, demoEmail } from './support/accounts';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';
import { seriousViolations } from './support/axe';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
] as const;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every full path of the route tree, without the trailing slash of index routes. */
function routeTreePaths(): string[] {
  const text = fs.readFileSync(path.join(ROOT, 'client/src/routeTree.gen.ts'), 'utf8');
  const paths = [...text.matchAll(/fullPath: '([^']+)'/g)].map((m) => (m[1] === '/' ? '/' : (m[1] ?? '').replace(/\/$/, '')));
  return [...new Set(paths)];
}

/**
 * Routes under an area prefix that are no page of a signed-in user: the Tokeet OAuth callback
 * needs a state from Tokeet (channel-partner.test.ts runs axe on it with one).
 */
const NOT_A_PAGE = new Set(['/admin/tokeet-callback']);

const AREAS = [
  { role: 'super_admin', prefix: '/admin', nav: ADMIN_NAV },
  { role: 'host', prefix: '/host', nav: HOST_NAV },
  { role: 'staff', prefix: '/staff', nav: STAFF_NAV },
] as const satisfies readonly Area[];

/** A route with parameters as a pattern of the links that lead to it. */
function linkPattern(route: string): RegExp {
  return new RegExp(`^${route.replace(/\$[^/]+/g, '[^/?#]+')}$`);
}

/** Where the links of the page lead (paths only, same origin). */
async function linkPaths(page: Page): Promise<string[]> {
  return page.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

async function settle(page: Page): Promise<void> {
  await new AppShell(page).waitForData();
  // Late layout (charts, measured lists) before axe reads colours and sizes.
  await page.waitForTimeout(150);
}

describe('accessibility of public pages', () => {
  const ready: Record<string, string> = {
    '/login': 'input[type="email"]',
    '/register': 'input[type="email"]',
    '/resetpassword': 'input[type="email"]',
  };
  const signedIn = new Set(AREAS.map((a) => a.prefix));
  const publicPages = [
    ...routeTreePaths().filter((p) => !p.includes('$') && ![...signedIn].some((prefix) => p === prefix || p.startsWith(`${prefix}/`))),
    '/resetpassword?token=abc',
    '/no/such/page',
  ];

  for (const viewport of WIDTHS) {
    it(`has no serious or critical violation on any public page at ${viewport.width}px`, async () => {
      const { context, page } = await newSession(browser, viewport);
      const wrong: string[] = [];
      try {
        for (const url of publicPages) {
          await page.goto(url);
          await page.locator(ready[url] ?? 'h1, h2, input').first().waitFor();
          await page.waitForLoadState('networkidle');
          for (const v of await seriousViolations(page)) wrong.push(`${url}: ${v}`);
        }
      } finally {
        await context.close();
      }
      expect(wrong).toEqual([]);
    });
  }

  it('a failed sign-in keeps the login page accessible', async () => {
    const { context, page } = await newSession(browser);
    try {
      const login = new LoginPage(page);
      await login.goto();
      await login.signIn(demoEmail('host'), 'not-the-password');
      await login.errorText();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** Dialogs opened cheaply on a page, checked open: [page, how to open it]. */
const DIALOGS: Record<string, { url: string; open: (page: Page) => Promise<void> }[]> = {
  host: [{ url: '/host/bookings?new=1', open: async (page) => page.getByRole('dialog').waitFor() }],
  staff: [
    {
      url: '/staff/tasks',
      open: async (page) => {
        await page.locator('.task-card').first().click();
        await page.getByRole('dialog').waitFor();
      },
    },
  ],
};

type Area = { role: Role; prefix: string; nav: readonly NavItem[] };

/** The pages of an area as the role sees them: its navigation and the route tree under the area. */
function areaPages(area: Area): { plain: string[]; withParams: string[] } {
  const navPaths = navFor(area.nav, area.role).map((item) => String(item.to));
  const tree = routeTreePaths().filter((p) => p.startsWith(`${area.prefix}/`) && !NOT_A_PAGE.has(p));
  return { plain: [...new Set([...navPaths, ...tree.filter((p) => !p.includes('$'))])], withParams: tree.filter((p) => p.includes('$')) };
}

/**
 * axe on each page (and its dialogs) of a signed-in user's area; the violations by page, and the
 * pages that show an error state instead of their data (a read the role is refused, say).
 */
async function walkArea(page: Page, area: Area): Promise<string[]> {
  const { plain, withParams } = areaPages(area);
  const wrong: string[] = [];
  const links = new Set<string>();
  for (const url of plain) {
    await page.goto(url);
    await settle(page);
    for (const v of await seriousViolations(page)) wrong.push(`${url}: ${v}`);
    for (const text of await new AppShell(page).errorStates()) wrong.push(`${url}: error state "${text}"`);
    for (const link of await linkPaths(page)) links.add(link);
  }
  // A page with parameters is reached through a link of a page walked before, its own
  // pages included (a property's owner statement from the property's page).
  let pending = [...withParams];
  for (let progress = true; progress && pending.length > 0; ) {
    progress = false;
    for (const route of [...pending]) {
      const url = [...links].find((l) => linkPattern(route).test(l));
      if (!url) continue;
      pending = pending.filter((r) => r !== route);
      progress = true;
      await page.goto(url);
      await settle(page);
      for (const v of await seriousViolations(page)) wrong.push(`${url} (${route}): ${v}`);
      for (const link of await linkPaths(page)) links.add(link);
    }
  }
  for (const route of pending) wrong.push(`${route}: no page walked links to it; give this test a way to reach it`);
  for (const dialog of DIALOGS[area.role] ?? []) {
    await page.goto(dialog.url);
    await settle(page);
    await dialog.open(page);
    for (const v of await seriousViolations(page)) wrong.push(`${dialog.url}, dialog open: ${v}`);
  }
  return wrong;
}

describe('accessibility of every signed-in page', () => {
  for (const area of AREAS) {
    for (const viewport of WIDTHS) {
      it(`${area.role}: every page at ${viewport.width}px has no serious or critical violation`, async () => {
        const { context, page } = await newSession(browser, viewport);
        let wrong: string[];
        try {
          const login = new LoginPage(page);
          await login.goto();
          await login.signIn(demoEmail(area.role), DEMO_PASSWORD);
          await page.waitForURL((url) => url.pathname === HOME_BY_ROLE[area.role]);
          wrong = await walkArea(page, area);
        } finally {
          await context.close();
        }
        expect(wrong).toEqual([]);
      }, 420_000);
    }
  }
});

/**
 * The admin role (an admin who is not the super admin) has no demo account: the super admin
 * invites one on a server of this file's own (the shared server's admins list stays as the other
 * files expect it), the admin sets a password through the mailed link, and walks the admin area as
 * that role sees it. The Admins page, which only a super admin uses, shows its refusal; another
 * area's page sends the admin back to the dashboard.
 */
describe('accessibility of every page of the admin role', () => {
  const server = new OwnServer('a11y-admin');
  const ADMIN_EMAIL = 'ada.a11y@e2e.test';
  const ADMIN_PASSWORD = 'ada admin a11y';
  const ADMIN_AREA: Area = { role: 'admin', prefix: '/admin', nav: ADMIN_NAV };
  let inviteLink = '';
  /** What axe found on the invitation's page, where the admin chose a password (before every test). */
  let inviteViolations: string[] = [];

  beforeAll(async () => {
    await server.start();
    const login = await fetch(`${server.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoEmail('super_admin'), password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const invited = await fetch(`${server.origin}/api/admin/admins/invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ email: ADMIN_EMAIL, name: 'Ada Admin' }),
    });
    expect(invited.status, await invited.text()).toBe(201);
    await server.app.mail.sender.drain();
    const link = devMailbox.lastTo(ADMIN_EMAIL)?.link;
    if (!link) throw new Error(`No invitation reached ${ADMIN_EMAIL}`);
    inviteLink = new URL(link).pathname + new URL(link).search;
    // The admin chooses a password on the invitation's page (a phone's width; the link is used once).
    const { context, page } = await newSession(browser, WIDTHS[0], server.origin);
    try {
      await page.goto(inviteLink);
      await page.getByRole('heading', { name: 'Administer Staykeep' }).waitFor();
      inviteViolations = await seriousViolations(page);
      await page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
      await page.locator('input[name="confirm"]').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
    } finally {
      await context.close();
    }
  }, 120_000);
  afterAll(async () => {
    await server.remove();
  });

  it('admin: the invitation page, where the admin chose a password, has no serious or critical violation', () => {
    expect(inviteViolations).toEqual([]);
  });

  for (const viewport of WIDTHS) {
    it(`admin: every page at ${viewport.width}px has no serious or critical violation, and the pages it cannot use say so`, async () => {
      const { context, page } = await newSession(browser, viewport, server.origin);
      const wrong: string[] = [];
      try {
        const login = new LoginPage(page);
        await login.goto();
        await login.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
        await page.waitForURL((url) => url.pathname === HOME_BY_ROLE.admin);
        // The navigation is the admin's: no Admins link.
        expect(await page.locator('.nav__link', { hasText: 'Admins' }).count()).toBe(0);
        wrong.push(...(await walkArea(page, ADMIN_AREA)));

        await page.goto('/admin/admins');
        await settle(page);
        await page.getByText('Only super admins manage admins.').waitFor();
        for (const other of ['/host/dashboard', '/staff/tasks']) {
          await page.goto(other);
          await page.waitForURL((url) => url.pathname === HOME_BY_ROLE.admin);
          await settle(page);
          for (const v of await seriousViolations(page)) wrong.push(`${other} (sent back): ${v}`);
        }
      } finally {
        await context.close();
      }
      expect(wrong).toEqual([]);
    }, 420_000);
  }
});
