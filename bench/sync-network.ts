/**
 * The first sync over a phone network: the 20 000-row account of bench/sync-client.ts (same server
 * set-up, seed and production client build) signs in in headless Chromium with the Chrome DevTools
 * protocol's Network.emulateNetworkConditions at Lighthouse's "Slow 4G" (150 ms round trip,
 * 1.6 Mbps down, 750 kbps up), and once over loopback for comparison. Printed per run:
 *   - the bytes the page received from the submit of the sign-in form to the end of the first sync
 *     (as sent: compressed), of which the sync pulls and the first part of the first sync;
 *   - the time of that first sync, and its floor: bytes ÷ bandwidth + one round trip per request
 *     made one after another (the sign-in and each pull page). Goals: ≤ 1.3 × the floor and < 15 s;
 *   - the time from the submit until the host's dashboard (and, for the housekeeper, the today
 *     screen) shows its figures from real data, and whether the rest of the first sync was still
 *     downloading then (the first part, server/src/modules/sync/first-part.ts). Goal ≤ 2 s.
 * Service workers are blocked in these contexts: a worker's own requests would escape the page's
 * network emulation. A missed goal is printed, not failed.
 *
 * `tsx bench/sync-network.ts`. Environment as bench/sync-client.ts (SYNC_BENCH_TASKS,
 * SYNC_BENCH_BOOKINGS, SYNC_BENCH_PROPERTIES, SYNC_BENCH_YEARS, CLIENT_DIST, CHROMIUM_PATH), and
 * SYNC_NETWORK_LOOPBACK=0 to skip the loopback run, SYNC_NETWORK_ONLY=host or staff for one role's
 * runs, SYNC_NETWORK_REQUESTS=1 to list every request of a throttled run (sent, finished, bytes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/browser';
import { ensureClientBuilt } from '../scripts/client-build';
import { BENCH_PASSWORD, seedSyncBench } from './sync-client/seed';
import * as inPage from './sync-client/in-page';
import { childrenCpuMs, ownCpuMs } from './sync-client/cpu';
import { PERF_FLAG, PERF_SYNC, buildBenchApp, intEnv, loadLine, ms, numberIn, perfEntries, verdict, waitUntil } from './sync-client';

/** Lighthouse's "Slow 4G" (its mobile preset's throttling figures). */
export const SLOW_4G = { rttMs: 150, downBitsPerSecond: 1_600_000, upBitsPerSecond: 750_000 } as const;
const GOAL_FLOOR_RATIO = 1.3;
const GOAL_SYNC_MS = 15_000;
const GOAL_SCREEN_MS = 2000;

/** What the host's dashboard and the housekeeper's today screen render once their rows are there. */
const SCREENS = { host: '[data-testid="dashboard-figures"]', staff: '.staff-progress' } as const;

type Traffic = { bytes: number; requests: number; pullBytes: number; pulls: number; firstPartBytes: number; log: RequestTiming[] };

/** One finished request: its path, and when it was sent and finished, in ms after `reset()`. */
type RequestTiming = { path: string; sentMs: number; doneMs: number; bytes: number };

/** Counts what the page receives (as sent on the wire) from `reset()` on, per finished request. */
function watchTraffic(cdp: CDPSession): { reset: () => void; read: () => Traffic } {
  const urls = new Map<string, { url: string; sentAt: number }>();
  let counting = false;
  let startedAt = 0;
  let traffic: Traffic = { bytes: 0, requests: 0, pullBytes: 0, pulls: 0, firstPartBytes: 0, log: [] };
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string }; timestamp: number }) => {
    if (!counting) return;
    if (startedAt === 0) startedAt = e.timestamp;
    urls.set(e.requestId, { url: e.request.url, sentAt: e.timestamp });
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number; timestamp: number }) => {
    const sent = urls.get(e.requestId);
    if (sent === undefined) return;
    const url = sent.url;
    const { pathname, search } = new URL(url);
    traffic.log.push({ path: pathname + search, sentMs: (sent.sentAt - startedAt) * 1000, doneMs: (e.timestamp - startedAt) * 1000, bytes: e.encodedDataLength });
    traffic.bytes += e.encodedDataLength;
    traffic.requests += 1;
    if (url.includes('/api/sync/pull')) {
      traffic.pullBytes += e.encodedDataLength;
      traffic.pulls += 1;
      if (url.includes('first_from=')) traffic.firstPartBytes += e.encodedDataLength;
    }
  });
  return {
    reset: () => {
      urls.clear();
      counting = true;
      startedAt = 0;
      traffic = { bytes: 0, requests: 0, pullBytes: 0, pulls: 0, firstPartBytes: 0, log: [] };
    },
    read: () => ({ ...traffic, log: [...traffic.log] }),
  };
}

/** Records in the page when `selector` first shows, and whether the first-sync bar was up then. */
function watchScreen(selector: string): string {
  return `(() => {
    window.__benchScreen = null;
    const look = () => {
      if (window.__benchScreen || !document.querySelector(${JSON.stringify(selector)})) return;
      window.__benchScreen = { at: performance.now(), downloading: document.querySelector('.first-sync') !== null };
    };
    new MutationObserver(look).observe(document.documentElement, { subtree: true, childList: true });
  })()`;
}

type Run = {
  traffic: Traffic;
  syncMs: number;
  screenMs: number;
  screenWhileDownloading: boolean;
  pages: number;
  rows: number;
  /** CPU time from the submit to the end of the first sync: Chromium's processes, and this one (the server and the driver). */
  browserCpuMs: number | null;
  serverCpuMs: number;
};

/** Signs `email` in on a fresh device (throttled or not) and measures its first sync. */
async function firstSync(browser: Browser, baseUrl: string, email: string, screen: string, throttled: boolean): Promise<Run> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  try {
    context.setDefaultTimeout(120_000);
    await context.addInitScript(`try { localStorage.setItem(${JSON.stringify(PERF_FLAG)}, '1') } catch {}`);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (throttled) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: SLOW_4G.rttMs,
        downloadThroughput: SLOW_4G.downBitsPerSecond / 8,
        uploadThroughput: SLOW_4G.upBitsPerSecond / 8,
      });
    }
    const traffic = watchTraffic(cdp);
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.locator('input[type="email"]').waitFor();
    await page.evaluate(inPage.markSubmit);
    await page.evaluate(watchScreen(screen));
    await page.locator('input[type="email"]').fill(email);
    await page.locator('input[type="password"]').fill(BENCH_PASSWORD);
    traffic.reset();
    const cpu = { browser: childrenCpuMs(), server: ownCpuMs() };
    await page.locator('form button[type="submit"]').click();
    await waitUntil(page, inPage.firstPullDone(PERF_SYNC), 300_000, 20);
    const browserCpuMs = cpu.browser === null ? null : (childrenCpuMs() ?? 0) - cpu.browser;
    const serverCpuMs = ownCpuMs() - cpu.server;
    await waitUntil(page, 'window.__benchScreen !== null', 30_000, 20);
    const submitted = await numberIn(page, inPage.submitMark);
    const run = (await perfEntries(page, PERF_SYNC)).find((e) => (e.detail as { from?: number } | null)?.from === 0);
    if (submitted === null || !run) throw new Error('the page recorded no submit or no initial sync run');
    const shown = (await page.evaluate('window.__benchScreen')) as { at: number; downloading: boolean };
    if (errors.length) throw new Error(`the page threw: ${errors.join(' | ')}`);
    const detail = run.detail as { received: number; pages: number };
    return {
      traffic: traffic.read(),
      syncMs: run.startTime + run.duration - submitted,
      screenMs: shown.at - submitted,
      screenWhileDownloading: shown.downloading,
      pages: detail.pages,
      rows: detail.received,
      browserCpuMs,
      serverCpuMs,
    };
  } finally {
    await context.close();
  }
}

/** Bytes ÷ bandwidth, plus one round trip per request made one after another. */
function floorMs(run: Run): number {
  const transfer = (run.traffic.bytes * 8 * 1000) / SLOW_4G.downBitsPerSecond;
  return transfer + (1 + run.traffic.pulls) * SLOW_4G.rttMs;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function printRun(label: string, run: Run, throttled: boolean, who: 'host' | 'staff'): void {
  const t = run.traffic;
  console.log(`${label}`);
  console.log(
    `   received ${kb(t.bytes)} in ${t.requests} requests; sync pulls ${kb(t.pullBytes)} in ${t.pulls} requests (first part ${kb(t.firstPartBytes)}); ${run.rows} rows in ${run.pages} pages after the first part`,
  );
  console.log(`   CPU until the end of the first sync: browser ${run.browserCpuMs === null ? 'n/a' : ms(run.browserCpuMs)}, this process (server and driver) ${ms(run.serverCpuMs)} (on a loaded machine the time waits for the CPU, not the network)`);
  const screenName = who === 'host' ? 'host dashboard' : 'staff today screen';
  const shownLine = `   ${screenName} shows real data after ${ms(run.screenMs)}${run.screenWhileDownloading ? ', while the rest downloaded' : ', after the whole first sync'}`;
  if (!throttled) {
    console.log(`   first sync ${ms(run.syncMs)}`);
    console.log(shownLine);
    return;
  }
  const floor = floorMs(run);
  const ratio = run.syncMs / floor;
  console.log(
    `   first sync ${ms(run.syncMs)}   floor ${ms(floor)} (${kb(t.bytes)} at ${SLOW_4G.downBitsPerSecond / 1e6} Mbps + ${1 + t.pulls} round trips of ${SLOW_4G.rttMs} ms)   ratio ${ratio.toFixed(2)}×` +
      (who === 'host' ? `   goal <= ${GOAL_FLOOR_RATIO}× the floor and < ${GOAL_SYNC_MS / 1000} s: ${verdict(ratio <= GOAL_FLOOR_RATIO && run.syncMs < GOAL_SYNC_MS)}` : ''),
  );
  console.log(`${shownLine}   goal <= ${GOAL_SCREEN_MS / 1000} s: ${verdict(run.screenMs <= GOAL_SCREEN_MS)}`);
  if (process.env.SYNC_NETWORK_REQUESTS === '1') printRequests(run.traffic.log);
}

/** Each request of the run in the order it was sent: when (ms after the first), how long, its bytes. */
function printRequests(log: readonly RequestTiming[]): void {
  for (const r of [...log].sort((a, b) => a.sentMs - b.sentMs)) {
    console.log(`     ${r.sentMs.toFixed(0).padStart(6)} → ${r.doneMs.toFixed(0).padStart(6)} ms  ${kb(r.bytes).padStart(9)}  ${r.path.length > 90 ? `${r.path.slice(0, 87)}...` : r.path}`);
  }
}

export async function runSyncNetworkBench(): Promise<number> {
  const taskCount = intEnv('SYNC_BENCH_TASKS', 10_000);
  const bookingCount = Math.max(intEnv('SYNC_BENCH_BOOKINGS', 10_000), taskCount);
  const propertyCount = intEnv('SYNC_BENCH_PROPERTIES', 20);
  const years = intEnv('SYNC_BENCH_YEARS', 0) || undefined;
  const loopback = process.env.SYNC_NETWORK_LOOPBACK !== '0';
  const only = process.env.SYNC_NETWORK_ONLY === 'host' || process.env.SYNC_NETWORK_ONLY === 'staff' ? process.env.SYNC_NETWORK_ONLY : null;
  console.log(
    `Sync over Slow 4G (${SLOW_4G.rttMs} ms round trip, ${SLOW_4G.downBitsPerSecond / 1e6} Mbps down, ${SLOW_4G.upBitsPerSecond / 1e3} kbps up, Chrome DevTools network emulation; service workers blocked): ` +
      `1 host, ${propertyCount} properties, ${bookingCount} bookings, ${taskCount} tasks${years ? ` over ${years} years` : ''}`,
  );
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  await ensureClientBuilt((line) => console.log(line));
  console.log(`Machine: ${os.cpus().length} cores, ${loadLine()}`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-bench-sync-network-'));
  const app = await buildBenchApp(dir);
  let browser: Browser | undefined;
  try {
    const seeded = seedSyncBench(app.db.$client, { bookings: bookingCount, tasks: taskCount, properties: propertyCount, staffTasks: 40, years });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });

    const host = only !== 'staff' ? await firstSync(browser, baseUrl, seeded.host.email, SCREENS.host, true) : null;
    if (host && host.rows !== seeded.rows) throw new Error(`the host's first sync brought ${host.rows} rows, expected ${seeded.rows}`);
    const staff = only !== 'host' ? await firstSync(browser, baseUrl, seeded.staff.email, SCREENS.staff, true) : null;
    const fast = loopback && only !== 'staff' ? await firstSync(browser, baseUrl, seeded.host.email, SCREENS.host, false) : null;

    console.log('');
    console.log(`Machine after the run: ${loadLine()}`);
    if (host) printRun(`host, ${seeded.rows} rows, Slow 4G:`, host, true, 'host');
    if (fast) printRun(`host, same account, loopback (no emulation), for comparison:`, fast, false, 'host');
    if (staff) printRun(`housekeeper (${staff.rows} rows), Slow 4G:`, staff, true, 'staff');
    return 0;
  } finally {
    await browser?.close();
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runSyncNetworkBench().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? (err.stack ?? err.message) : err);
      process.exit(1);
    },
  );
}
