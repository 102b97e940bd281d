/**
 * Calendar feeds end to end: adding a feed and watching its job finish, in a browser. A local iCal
 * server in this test process (on the port scripts/e2e.ts allow-lists) plays Vrbo; the host adds
 * its feed on the Channels page, first with an address the server refuses (the 400 shows under the
 * field), then with the real one; syncs it; watches the job go running → completed with its
 * progress bar; finds the imported booking and block; syncs all feeds again (nothing doubled) and
 * clears the queue.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newSession } from './support/browser';
import { DEMO_PASSWORD, demoEmail } from './support/accounts';
import { localRows } from './support/storage';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';
import { BULK_SYNC_COMPLETED, BULK_SYNC_STARTED, QUEUE_CLEARED, SYNC_JOBS_ADDED, bulkSyncCompletedText } from '../../shared/messages';

const GUEST = 'Feedly Ingram';

function icsDate(offsetDays: number): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

function isoDate(compact: string): string {
  return `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;
}

// Far beyond the demo data's 90 days, so that nothing clashes with a demo booking.
const STAY = { start: icsDate(240), end: icsDate(244) };
const BLOCK = { start: icsDate(250), end: icsDate(253) };
const FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//HomeAway.com\\, Inc.//EN',
  'BEGIN:VEVENT',
  'UID:e2e-stay-7f1c@vrbo.example',
  'DTSTAMP:20260101T120000Z',
  `DTSTART;VALUE=DATE:${STAY.start}`,
  `DTEND;VALUE=DATE:${STAY.end}`,
  `SUMMARY:Reserved - ${GUEST}`,
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:e2e-block-2a9d@vrbo.example',
  'DTSTAMP:20260101T120000Z',
  `DTSTART;VALUE=DATE:${BLOCK.start}`,
  `DTEND;VALUE=DATE:${BLOCK.end}`,
  'SUMMARY:Blocked',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

let browser: Browser;
let feedServer: http.Server;
let feedUrl: string;
let hits = 0;

beforeAll(async () => {
  const port = Number(process.env.E2E_ICAL_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('E2E_ICAL_PORT is not set: run the browser tests with scripts/e2e.ts');
  feedServer = http.createServer((req, res) => {
    if (req.url !== '/vrbo.ics') {
      res.writeHead(404).end('Not found');
      return;
    }
    hits += 1;
    // A slow answer keeps the job at its first step long enough to be seen running.
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      res.end(FEED);
    }, 2000);
  });
  await new Promise<void>((resolve) => feedServer.listen(port, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${port}/vrbo.ics`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  feedServer?.closeAllConnections();
  await new Promise<void>((resolve) => (feedServer ? feedServer.close(() => resolve()) : resolve()));
});

describe('calendar feeds', () => {
  it('adds a feed, syncs it, watches the job complete and sees the imported stay and block', async () => {
    const { context, page, errors } = await newSession(browser);
    try {
      const login = new LoginPage(page);
      await login.goto('?redirect=/host/channels');
      await login.signIn(demoEmail('host'), DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/host/channels');
      const shell = new AppShell(page);
      await shell.waitForHeading('Channels');
      await shell.waitForData();

      const card = page.locator('.channel-property').first();
      const propertyId = await card.getAttribute('data-property-id');
      const propertyName = (await card.locator('.card__title').innerText()).trim();
      expect(propertyId).toBeTruthy();

      // The server refuses a plain-http address it does not know: its 400 shows under the field.
      await card.getByRole('button', { name: `Add a calendar feed to ${propertyName}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a calendar feed' });
      await dialog.getByLabel('Platform').selectOption('vrbo');
      const urlField = dialog.getByLabel('Calendar address (iCal URL)');
      await urlField.fill('http://calendar.invalid/feed.ics');
      await dialog.getByRole('button', { name: 'Add feed' }).click();
      await expect.poll(() => dialog.locator('.field__error').allInnerTexts()).toEqual([expect.stringContaining('https')]);
      expect(await urlField.getAttribute('aria-invalid')).toBe('true');

      await urlField.fill(feedUrl);
      await dialog.getByRole('button', { name: 'Add feed' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const feedRow = card.locator('tbody tr', { hasText: 'Vrbo' });
      await feedRow.waitFor();
      expect(await feedRow.innerText()).toContain('Not synced yet');

      await feedRow.getByRole('button', { name: /^Sync now/ }).click();
      await page.locator('.toast', { hasText: SYNC_JOBS_ADDED }).waitFor();

      // The job shows up running at its first step (the feed answers after 2 s), then completes.
      const job = page.locator('.sync-job', { hasText: propertyName }).first();
      await page.locator('.sync-job[data-status="running"]').first().waitFor({ timeout: 10_000 });
      const runningValue = Number(await job.locator('progress').getAttribute('value'));
      expect([20, 40, 60, 80, 95]).toContain(runningValue);
      await page.locator('.sync-job[data-status="completed"]').first().waitFor({ timeout: 20_000 });
      expect(await job.locator('progress').getAttribute('value')).toBe('100');
      expect(await job.innerText()).toContain('Synced 2 events');
      await page.locator('.toast', { hasText: BULK_SYNC_COMPLETED }).waitFor({ timeout: 15_000 });
      expect(await page.locator('.toast', { hasText: BULK_SYNC_COMPLETED }).innerText()).toContain(bulkSyncCompletedText(1, 0));
      expect(hits).toBe(1);

      // The feed now reads as in sync with its two events.
      await expect.poll(async () => feedRow.innerText()).toContain('In sync');
      expect(await feedRow.locator('td[data-label="Events"]').innerText()).toBe('2');

      // The stay became a Vrbo booking with the guest's name, the closure a block, on this device.
      await expect
        .poll(async () => (await localRows(page, 'bookings')).filter((b) => b.guest_name === GUEST).map((b) => [b.property_id, b.check_in_date, b.check_out_date, b.booking_source]))
        .toEqual([[propertyId, isoDate(STAY.start), isoDate(STAY.end), 'vrbo']]);
      await expect
        .poll(async () => (await localRows(page, 'calendar_blocks')).filter((b) => b.property_id === propertyId).map((b) => [b.start_date, b.end_date]))
        .toEqual([[isoDate(BLOCK.start), isoDate(BLOCK.end)]]);

      // Sync all: the bulk toasts, the same stay not imported twice, then the queue cleared.
      await page.getByRole('button', { name: 'Sync all feeds' }).click();
      await page.locator('.toast', { hasText: BULK_SYNC_STARTED }).waitFor();
      await page.locator('.toast', { hasText: BULK_SYNC_COMPLETED }).waitFor({ timeout: 20_000 });
      expect(hits).toBe(2);
      expect((await localRows(page, 'bookings')).filter((b) => b.guest_name === GUEST)).toHaveLength(1);
      await page.getByRole('button', { name: 'Clear queue' }).click();
      await page.locator('.toast', { hasText: QUEUE_CLEARED }).waitFor();
      await expect.poll(() => page.locator('.sync-job').count()).toBe(0);

      // Deleting the feed goes through the outbox; the server takes it (no refusal comes back).
      await feedRow.getByRole('button', { name: /^Delete the Vrbo feed/ }).click();
      await page.getByRole('dialog', { name: 'Delete this calendar feed?' }).getByRole('button', { name: 'Delete feed' }).click();
      await page.locator('.toast', { hasText: 'Calendar feed deleted' }).waitFor();
      await feedRow.waitFor({ state: 'detached' });
      await expect.poll(async () => (await localRows(page, 'outbox')).length).toBe(0);
      expect(await localRows(page, 'rejections')).toEqual([]);
      expect((await localRows(page, 'calendar_feeds')).filter((f) => f.property_id === propertyId)).toEqual([]);

      // And the bookings list shows it.
      await shell.clickNav('Bookings');
      await page.waitForURL((url) => url.pathname === '/host/bookings');
      await shell.waitForData();
      const search = page.getByRole('searchbox').or(page.getByLabel(/search/i)).first();
      if (await search.count()) await search.fill(GUEST);
      await page.getByText(GUEST).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
