/**
 * When the server goes away, an open page says so at once: the event stream drops, the app tries
 * to sync, and the pill reads "Offline" without waiting for the 30 s timer. This file runs its own
 * server (the shared one must stay up for the other files) and stops it under the page.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { CLIENT_DIST_DIR } from '../../scripts/client-build';
import { launchBrowser } from './support/browser';
import { DEMO_PASSWORD, demoEmail } from './support/accounts';
import { LoginPage } from './pages/login-page';
import { SyncStatusPill } from './pages/sync-status';
import type { Browser } from 'playwright-core';

let app: FastifyInstance;
let browser: Browser;
let origin: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-server-gone-'));

beforeAll(async () => {
  app = await buildApp({ databasePath: path.join(dataDir, 'app.db'), appSecretKey: crypto.randomBytes(32).toString('hex'), clientDistDir: CLIENT_DIST_DIR, seed: true, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server goes away under an open page', () => {
  it('shows Offline without waiting for the next timed sync', async () => {
    const context = await browser.newContext({ baseURL: origin, viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(demoEmail('host'), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/host/dashboard');
    const pill = new SyncStatusPill(page);
    await pill.waitForSynced();

    await app.close();
    // Well before the 30 s timer would have tried: the dropped stream itself triggers the attempt.
    await pill.waitForState('offline', 10_000);
    expect(await pill.label()).toMatch(/^Sync: Offline/);
    await context.close();
  });
});
