/**
 * The installable PWA (vite-plugin-pwa, client/src/sw.ts): in a persistent Chromium profile (an
 * ordinary context always reports "in-incognito"), Chromium reports zero installability errors for
 * the login page, whose service worker is /sw.js with scope /, and the manifest has what the
 * product needs. Each role downloads its own code: a housekeeper's device holds the shell and the
 * staff area's chunks only (bytes counted against the precache of main before the split), and
 * every staff page opens offline after sign-in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, baseUrl } from './support/browser';
import { waitForServiceWorker } from './support/storage';
import { goOffline, goOnline } from './support/network';
import { signInReady } from './pages/login-page';
import { STAFF_NAV } from '../../client/src/components/layout/nav';
import { ROLE_CHUNKS_CACHE, type RoleChunks } from '../../client/src/pwa/role-chunks';

/**
 * The precache of main before each role got its own chunks (commit ed947bf: 150 URLs, every
 * chunk of every area), in bytes as served uncompressed: the measure of the goal.
 */
const PRECACHE_BYTES_BEFORE_SPLIT = 1_925_444;
/**
 * The issue's goal is 40 %, not met yet: 43.5 % at the split, 45.3 % once the staff area gained
 * task photos, problem reports and access details, 41.5 % once zod lost what the browser never
 * runs (every locale, JSON Schema) and Dexie came as its ES module build (scripts/vite-zod-trim.ts,
 * vite.config.ts). React DOM, Dexie, zod and the router are most of the rest. Then 52.4 % once the
 * staff app spoke three languages: Lingui, the staff screens' messages, and every language's
 * catalogs precached so that switching works offline (a regression against the goal). 51.5 % once
 * the host's and the admins' catalogs (which had grown to 95 KB) went with their areas' code
 * instead of the shell (vite.config.ts). 50.9 % once the small files every area shares and the
 * staff area's own were merged (scripts/bundle-plan.ts `mergedModules`). This bound catches growth
 * beyond today's figure.
 */
const HOUSEKEEPER_SHARE_BUDGET = 0.52;

/** The URLs of the service worker's precache manifest, as listed in /sw.js. */
function precacheUrls(sw: string): string[] {
  return [...sw.matchAll(/\burl:\s*"([^"]+)"|"url":\s*"([^"]+)"/g)].map((m) => `/${m[1] ?? m[2] ?? ''}`.replace(/^\/\//, '/'));
}

let dir: string;
let context: BrowserContext;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-pwa-'));
  context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, baseURL: baseUrl() });
  context.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await context?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('installable web app', () => {
  it('has zero installability errors, a service worker at /sw.js for scope /, and the manifest of the product', async () => {
    const page = await context.newPage();
    await page.goto('/login');
    await waitForServiceWorker(page);
    const registration = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { scope: r?.scope, script: r?.active?.scriptURL };
    });
    expect(registration).toEqual({ scope: `${baseUrl()}/`, script: `${baseUrl()}/sw.js` });

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${baseUrl()}/manifest.webmanifest`);
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data ?? '{}') as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      scope: string;
      theme_color: string;
      icons: { sizes: string; purpose?: string }[];
      screenshots: { src: string; sizes: string; form_factor: string }[];
      shortcuts: { name: string; url: string }[];
      launch_handler: { client_mode: string };
      display_override: string[];
    };
    expect(manifest).toMatchObject({ name: 'Staykeep', short_name: 'Staykeep', display: 'standalone', start_url: '/', scope: '/' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable', '512x512 monochrome']);
    expect(manifest.launch_handler).toEqual({ client_mode: 'navigate-existing' });
    expect(manifest.display_override).toContain('standalone');
    expect(manifest.shortcuts.map((s) => `${s.name} ${s.url}`)).toEqual(['Today /staff/dashboard', 'Tasks /staff/tasks', 'Calendar /host/calendar', 'New booking /host/bookings?new=1']);
    // A narrow and a wide screenshot of real screens, served at the size they declare.
    expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of manifest.screenshots) {
      const res = await page.request.get(shot.src);
      expect(res.status(), shot.src).toBe(200);
      const size = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, shot.src);
      expect(size).toBe(shot.sizes);
    }

    // The precache lists every URL once (the manifest and its icons were listed twice).
    const sw = await (await page.request.get('/sw.js')).text();
    const urls = precacheUrls(sw);
    expect(urls.length).toBeGreaterThan(20);
    expect(urls.filter((url, i) => urls.indexOf(url) !== i)).toEqual([]);
    expect(urls).toContain('/manifest.webmanifest');

    // Offline, a page of the app opens from the shell; an API path is never answered with it.
    await context.setOffline(true);
    try {
      await page.goto('/staff/schedule');
      expect(await page.locator('#root').count()).toBe(1);
      const api = await page.evaluate(async () => {
        try {
          const res = await fetch('/api/health');
          return res.headers.get('content-type') ?? '';
        } catch {
          return 'network error';
        }
      });
      expect(api).not.toContain('text/html');
    } finally {
      await context.setOffline(false);
    }

    // Online, on a page the worker controls, an API call goes straight to the network by the
    // worker's static route (client/src/sw.ts), not through its fetch handler.
    await page.goto('/login');
    const route = await page.evaluate(async () => {
      // Its timing entry is written once the body has arrived.
      await (await fetch('/api/health')).text();
      const entry = performance.getEntriesByType('resource').findLast((e) => e.name.endsWith('/api/health')) as (PerformanceResourceTiming & { workerMatchedSourceType?: string }) | undefined;
      return { controlled: navigator.serviceWorker.controller !== null, source: entry?.workerMatchedSourceType };
    });
    expect(route).toEqual({ controlled: true, source: 'network' });
  });

  it("gives a housekeeper the shell and the staff area's chunks only, and every staff page offline after sign-in", async () => {
    const page = await context.newPage();
    await page.goto('/login');
    const precached = precacheUrls(await (await page.request.get('/sw.js')).text());
    const list = (await (await page.request.get('/role-chunks.json')).json()) as RoleChunks;
    const bytes = async (urls: string[]) => {
      let total = 0;
      for (const url of new Set(urls)) {
        const res = await page.request.get(url, { headers: { 'accept-encoding': 'identity' } });
        expect(res.status(), url).toBe(200);
        total += (await res.body()).length;
      }
      return total;
    };
    // No area's chunk is precached; every staff chunk is listed for the staff area.
    const areaFiles = [...list.areas.admin, ...list.areas.host, ...list.areas.staff, ...list.onFirstUse];
    expect(precached.filter((url) => areaFiles.includes(url))).toEqual([]);
    // The staff area's pages come as one file (scripts/bundle-plan.ts `mergedModules`).
    expect(list.areas.staff.some((url) => /area-staff-.*\.js$/.test(url))).toBe(true);
    expect(list.areas.host.some((url) => /host\.finances-.*\.js$/.test(url))).toBe(true);
    // Every listed file is served (a listed file that the build dropped would fail the role's caching).
    expect(await bytes(areaFiles)).toBeGreaterThan(0);
    const housekeeper = await bytes([...precached, ...list.areas.staff]);
    expect(housekeeper / PRECACHE_BYTES_BEFORE_SPLIT).toBeLessThanOrEqual(HOUSEKEEPER_SHARE_BUDGET);

    // Signed in, the device caches the staff list (and nothing of the host's or the admins' own).
    await signInReady(page, 'staff');
    const cachedPaths = () =>
      page.evaluate(async () => {
        const paths: string[] = [];
        for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
        return paths;
      });
    const missing = async () => {
      const cached = await cachedPaths();
      return list.areas.staff.filter((url) => !cached.includes(url));
    };
    await expect.poll(missing, { timeout: 15_000 }).toEqual([]);
    const staffSet = new Set(list.areas.staff);
    const othersOnly = [...list.areas.host, ...list.areas.admin].filter((url) => !staffSet.has(url));
    expect((await cachedPaths()).filter((url) => othersOnly.includes(url))).toEqual([]);
    const roleCache = await page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, ROLE_CHUNKS_CACHE);
    expect(roleCache).toBeGreaterThanOrEqual(list.areas.staff.length);

    // No network at all: every staff page opens from the caches, with its title, no error screen.
    await goOffline(context);
    try {
      for (const item of STAFF_NAV) {
        await page.goto(item.to);
        await page.locator('h1.page__title').first().waitFor();
        expect(await page.locator('.fullscreen-message').count(), item.to).toBe(0);
      }
    } finally {
      await goOnline(context);
    }
    await page.close();
  });
});
