/**
 * `npm run lighthouse`: the screens' Lighthouse scores, as a phone and a desktop see them.
 *
 * Builds the client when stale (scripts/client-build.ts), starts the real server (`buildApp` with
 * the demo seed on a temporary database, on a free port of 127.0.0.1), launches Debian's Chromium
 * with a remote-debugging port and audits with Lighthouse's Node API:
 * - mobile preset: `/login` on a cold, empty profile;
 * - mobile preset, signed in on that device (the service worker in control, the store filled):
 *   every staff page and the host's dashboard;
 * - desktop preset, signed in: every host page and every admin page (the super admin's navigation).
 * One row per page: the four scores, FCP, LCP, TBT and bytes transferred, and `MISSED` beside
 * each goal not met (see GOALS). It measures time, so it is not part of `npm test`; run it on a
 * quiet machine. Options: `--only <a,b>` audits the pages whose path contains one of these;
 * `--json <file>` also writes the rows; `--details` lists the failing audits of a missed score;
 * `--requests` lists each page's requests, the heaviest first, with the bytes transferred;
 * `--reports <dir>` keeps each page's whole report and its trace (JSON; the trace opens in DevTools'
 * Performance panel), to read what its blocking time was made of.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { CLIENT_DIST_DIR, ensureClientBuilt } from './client-build';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../shared/demo/accounts';
import type { Role } from '../shared/enums';
import { ADMIN_ENTRIES as ADMIN_NAV, HOST_ENTRIES as HOST_NAV, STAFF_ENTRIES as STAFF_NAV, navFor } from '../client/src/components/layout/nav-items';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The goals of the screens (the issue "Light screens on a mid-range phone"). */
export const GOALS = {
  performance: { mobile: 95, desktop: 98 },
  accessibility: 100,
  bestPractices: 100,
  /** First visit to /login, bytes transferred. */
  loginBytes: 150 * 1024,
  /** The start of the signed-in app at 4× CPU slowdown (mobile preset). */
  signedInBlockingMs: 200,
} as const;

type Preset = 'mobile' | 'desktop';
type Audit = { path: string; preset: Preset; cold: boolean };
export type Row = Audit & {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  bytes: number;
  /** Lighthouse's measure of the CPU it ran on (higher is faster). */
  benchmarkIndex: number;
  missed: string[];
  failing: string[];
  /** What the page transferred, the heaviest first (Lighthouse's total-byte-weight items). */
  requests: { url: string; bytes: number }[];
};

const { values: options } = parseArgs({
  options: {
    only: { type: 'string' },
    json: { type: 'string' },
    details: { type: 'boolean', default: false },
    requests: { type: 'boolean', default: false },
    reports: { type: 'string' },
  },
});

/** `--only a,b`: the pages whose path contains one of these. */
function pathsOf(items: readonly { to: string }[]): string[] {
  const only = options.only?.split(',').filter(Boolean) ?? [];
  return items.map((item) => item.to).filter((to) => only.length === 0 || only.some((part) => to.includes(part)));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function score(lhr: Result, category: string): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

function metric(lhr: Result, audit: string): number {
  return Math.round(lhr.audits[audit]?.numericValue ?? Number.NaN);
}

/** The goals a page's result does not meet, in words. */
export function missedGoals(row: Omit<Row, 'missed' | 'failing' | 'requests'>): string[] {
  const missed: string[] = [];
  const perfGoal = GOALS.performance[row.preset];
  if (row.performance < perfGoal) missed.push(`performance < ${perfGoal}`);
  if (row.accessibility < GOALS.accessibility) missed.push(`accessibility < ${GOALS.accessibility}`);
  if (row.bestPractices < GOALS.bestPractices) missed.push(`best practices < ${GOALS.bestPractices}`);
  if (row.cold && row.path === '/login' && row.bytes >= GOALS.loginBytes) missed.push(`bytes ≥ ${GOALS.loginBytes / 1024} KB`);
  if (!row.cold && row.preset === 'mobile' && row.tbtMs > GOALS.signedInBlockingMs) missed.push(`TBT > ${GOALS.signedInBlockingMs} ms`);
  return missed;
}

/** The audits below full marks in the categories whose goal was missed. */
function failingAudits(lhr: Result): string[] {
  const failing: string[] = [];
  for (const id of ['accessibility', 'best-practices', 'performance']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) failing.push(`${id}: ${ref.id} (${audit.displayValue ?? audit.score})`);
    }
  }
  return failing;
}

const ATTEMPTS = 3;

/**
 * One audit; a failed trace (Lighthouse's NO_NAVSTART and the like, on a busy machine) is tried
 * again, up to ATTEMPTS times; then the page is reported as not measured and the run goes on.
 */
async function auditOnce(port: number, baseUrl: string, target: Audit, attempt = 1): Promise<Row | null> {
  try {
    return await audit(port, baseUrl, target);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (attempt >= ATTEMPTS) {
      console.log(`${target.path.padEnd(24)} ${target.preset.padStart(8)} NOT MEASURED: ${message}`);
      return null;
    }
    console.log(`    ${message}; trying again`);
    return auditOnce(port, baseUrl, target, attempt + 1);
  }
}

async function audit(port: number, baseUrl: string, target: Audit): Promise<Row> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', disableStorageReset: !target.cold, onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] };
  const config: Config | undefined = target.preset === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(`${baseUrl}${target.path}`, flags, config);
  if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${target.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (options.reports) saveReport(options.reports, target, lhr, result.artifacts.Trace);
  const measured = {
    ...target,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    fcpMs: metric(lhr, 'first-contentful-paint'),
    lcpMs: metric(lhr, 'largest-contentful-paint'),
    tbtMs: metric(lhr, 'total-blocking-time'),
    bytes: metric(lhr, 'total-byte-weight'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
  return { ...measured, missed: missedGoals(measured), failing: failingAudits(lhr), requests: requestsOf(lhr) };
}

/** `--reports <dir>`: the page's whole Lighthouse report, to read what its blocking time was made of. */
function saveReport(dir: string, target: Audit, lhr: Result, trace: unknown): void {
  fs.mkdirSync(dir, { recursive: true });
  const name = `${target.preset}${target.cold ? '-cold' : ''}${target.path.replaceAll('/', '_')}`;
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(lhr));
  fs.writeFileSync(path.join(dir, `${name}.trace.json`), JSON.stringify(trace));
}

/** The requests of a page by bytes transferred (the items of Lighthouse's total-byte-weight audit). */
function requestsOf(lhr: Result): { url: string; bytes: number }[] {
  const details = lhr.audits['total-byte-weight']?.details;
  const items: Record<string, unknown>[] = details && 'items' in details ? details.items : [];
  return items.map((item) => ({ url: String(item.url), bytes: Number(item.totalBytes) }));
}

/** Signs the demo account of `role` in on the browser's own profile and waits for the service worker to control the page. */
async function signIn(context: BrowserContext, baseUrl: string, role: Role): Promise<void> {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`No demo account with role ${role}`);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[type="email"]').fill(account.email);
  await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  const notNow = page.getByRole('button', { name: 'Not now' });
  await Promise.race([notNow.waitFor({ timeout: 20_000 }).then(() => notNow.click()), page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 })]);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
  // The first sync fills the store; the role's chunks are cached after sign-in (a few seconds at most).
  await page.waitForTimeout(5_000);
  await page.close();
}

/** A browser on its own profile, for one role (or none), with the audits of that role. */
async function auditWithProfile(baseUrl: string, role: Role | null, targets: Audit[]): Promise<Row[]> {
  if (targets.length === 0) return [];
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-lh-profile-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  const rows: Row[] = [];
  try {
    if (role) await signIn(context, baseUrl, role);
    for (const target of targets) {
      const row = await auditOnce(port, baseUrl, target);
      if (!row) continue;
      printRow(row);
      rows.push(row);
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return rows;
}

const COLUMNS = ['page', 'preset', 'perf', 'a11y', 'best', 'seo', 'FCP ms', 'LCP ms', 'TBT ms', 'KB', 'goals'];
const WIDTHS = [24, 8, 5, 5, 5, 5, 7, 7, 7, 7, 0];

function line(cells: (string | number)[]): string {
  return cells.map((cell, i) => (WIDTHS[i] ? String(cell).padStart(i === 0 ? 0 : WIDTHS[i]).padEnd(i === 0 ? WIDTHS[i] : 0) : String(cell))).join(' ');
}

function printRow(row: Row): void {
  const page = `${row.path}${row.cold ? ' (cold)' : ''}`;
  const goals = row.missed.length === 0 ? 'ok' : row.missed.map((m) => `MISSED ${m}`).join('; ');
  console.log(line([page, row.preset, row.performance, row.accessibility, row.bestPractices, row.seo, row.fcpMs, row.lcpMs, row.tbtMs, (row.bytes / 1024).toFixed(1), goals]));
  if (options.details && row.missed.length > 0) for (const failing of row.failing) console.log(`    ${failing}`);
  if (options.requests) for (const request of row.requests) console.log(`    ${(request.bytes / 1024).toFixed(1).padStart(7)} KB  ${request.url}`);
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return `Chromium at ${CHROMIUM_PATH} (version unknown)`;
  }
}

async function main(): Promise<number> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    console.error(`Lighthouse needs Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium).`);
    return 1;
  }
  await ensureClientBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-lighthouse-'));
  const { buildApp } = await import('../server/src/app');
  const app = await buildApp({
    databasePath: path.join(dataDir, 'app.db'),
    appSecretKey: crypto.randomBytes(32).toString('hex'),
    clientDistDir: CLIENT_DIST_DIR,
    seed: true,
    logger: false,
    authRequestsPerIpPerMinute: 10_000,
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const baseUrl = `http://127.0.0.1:${port}`;
    console.log(`Lighthouse ${'12.2.3'} against ${baseUrl} (Chromium ${CHROMIUM_PATH})\n`);
    console.log(line(COLUMNS));
    const mobile = (paths: string[], cold = false): Audit[] => paths.map((p) => ({ path: p, preset: 'mobile', cold }));
    const desktop = (paths: string[]): Audit[] => paths.map((p) => ({ path: p, preset: 'desktop', cold: false }));
    const rows = [
      ...(await auditWithProfile(baseUrl, null, mobile(pathsOf([{ to: '/login' }]), true))),
      ...(await auditWithProfile(baseUrl, 'staff', mobile(pathsOf(STAFF_NAV)))),
      ...(await auditWithProfile(baseUrl, 'host', [...mobile(pathsOf([{ to: '/host/dashboard' }])), ...desktop(pathsOf(HOST_NAV))])),
      ...(await auditWithProfile(baseUrl, 'super_admin', desktop(pathsOf(navFor(ADMIN_NAV, 'super_admin'))))),
    ];
    const missed = rows.filter((row) => row.missed.length > 0).length;
    console.log(`\n${rows.length} pages audited, ${missed} with a goal missed.`);
    // Runs are comparable only on the same browser build and an equally fast CPU: Lighthouse's
    // blocking time is the traced tasks' time times the preset's slowdown, and tracing's own cost
    // moves with the build.
    const indexes = rows.map((row) => row.benchmarkIndex);
    if (indexes.length > 0) console.log(`${chromiumVersion()}; Lighthouse's CPU benchmark index ${Math.min(...indexes)} to ${Math.max(...indexes)}.`);
    if (options.json) fs.writeFileSync(options.json, JSON.stringify(rows, null, 2));
    return 0;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exit(await main());
