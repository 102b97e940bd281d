/**
 * No Content Security Policy noise: signed in as each demo role, every page of the navigation
 * loads without a CSP violation (zod runs jitless, client/src/pwa/zod-jitless.ts), without an
 * uncaught page error, and without a message id in place of its text (a catalog namespace that the
 * page's area did not load shows its ids: shared/i18n/README.md). Violations are caught twice: the console's "Refused to …" report and the
 * document's `securitypolicyviolation` event, recorded by an init script.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSessions } from './support/browser';
import { DEMO_PASSWORD, HOME_BY_ROLE, demoEmail } from './support/accounts';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';

const sessions = browserSessions();

const CSP_CONSOLE = /Content Security Policy|Refused to (evaluate|execute|load|connect|apply|create)/i;

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every CSP violation the document reports, from the first script on. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

/** Every message id of the English catalogs (shared/i18n/catalogs/<namespace>/en.json). */
function messageIds(): string[] {
  const dir = path.resolve('shared/i18n/catalogs');
  return fs.readdirSync(dir).flatMap((namespace) => Object.keys(JSON.parse(fs.readFileSync(path.join(dir, namespace, 'en.json'), 'utf8')) as Record<string, string>));
}

/** The message ids that the page shows (its text, and the labels a screen reader reads) instead of their texts. */
async function idsShown(page: Page, ids: readonly string[]): Promise<string[]> {
  return page.evaluate((known) => {
    const set = new Set(known);
    const attributes = [...document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].flatMap((el) => ['aria-label', 'title', 'placeholder', 'alt'].map((name) => el.getAttribute(name) ?? ''));
    const words = [document.body.innerText, document.title, ...attributes].join(' ').split(/[\s"“”'’(),:;]+/);
    return [...new Set(words.filter((word) => set.has(word.replace(/[.…]+$/, '')) || set.has(word)))];
  }, ids);
}

async function violationsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

describe('no CSP violation and no page error on any page', () => {
  for (const role of ['super_admin', 'host', 'staff'] as const) {
    it(`visits every page of the ${role} area cleanly`, async () => {
      const { context, page, errors } = await sessions.open();
      const consoleCsp: string[] = [];
      context.on('console', (message) => {
        if (CSP_CONSOLE.test(message.text())) consoleCsp.push(`${message.type()}: ${message.text()}`);
      });
      await recordViolations(page);
      const violations: string[] = [];
      const ids = messageIds();
      const untranslated: string[] = [];

      const login = new LoginPage(page);
      await login.goto();
      await login.signIn(demoEmail(role), DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname === HOME_BY_ROLE[role]);
      const shell = new AppShell(page);
      const links = await shell.navLinks();
      expect(links.length).toBeGreaterThan(3);
      for (const { label, href } of links) {
        await shell.clickNav(label);
        await page.waitForURL((url) => url.pathname === href);
        await shell.waitForHeading(label);
        await shell.waitForData();
        untranslated.push(...(await idsShown(page, ids)).map((id) => `${href}: ${id}`));
      }
      // One document since the sign-in page: its list holds every violation so far.
      violations.push(...(await violationsOf(page)));
      // A full load of the last page too: the entry runs again from the start.
      await page.reload();
      await shell.waitForData();
      violations.push(...(await violationsOf(page)));

      expect(violations).toEqual([]);
      expect(consoleCsp).toEqual([]);
      expect(untranslated).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
