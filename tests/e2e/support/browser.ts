/**
 * Chromium for the browser tests: Debian's build at CHROMIUM_PATH (default /usr/bin/chromium)
 * driven by playwright-core. Playwright gives every launch a fresh, temporary user-data dir, and
 * every test gets a fresh context (no shared storage between tests).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests with `npm run test:e2e`.');
  return url;
}

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export type Session = { context: BrowserContext; page: Page; errors: string[] };

/**
 * A fresh context and page (on the shared server, or on `origin`: a test file's own server);
 * uncaught page errors are collected so that tests can assert none.
 */
export async function newSession(browser: Browser, viewport = { width: 1280, height: 860 }, origin = baseUrl()): Promise<Session> {
  const context = await browser.newContext({ baseURL: origin, viewport });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * One browser for a test file and the sessions its tests open: after all, no session may have
 * seen an uncaught page error, and every context and the browser are closed.
 */
export function browserSessions(): { open: (viewport?: { width: number; height: number }) => Promise<Session> } {
  let browser: Browser | undefined;
  const sessions: Session[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const s of sessions) expect(s.errors).toEqual([]);
    for (const s of sessions) await s.context.close();
    await browser?.close();
  });
  return {
    open: async (viewport) => {
      if (!browser) throw new Error('browserSessions().open runs inside a test, after beforeAll');
      const s = await newSession(browser, viewport);
      sessions.push(s);
      return s;
    },
  };
}
