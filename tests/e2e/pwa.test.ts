/**
 * The installable PWA (vite-plugin-pwa, client/src/sw.ts): in a persistent Chromium profile (an
 * ordinary context always reports "in-incognito"), Chromium reports zero installability errors for
 * the login page, whose service worker is /sw.js with scope /, and the manifest has what the
 * product needs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, baseUrl } from './support/browser';
import { waitForServiceWorker } from './support/storage';

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
    const urls = [...sw.matchAll(/\burl:\s*"([^"]+)"|"url":\s*"([^"]+)"/g)].map((m) => m[1] ?? m[2] ?? '');
    expect(urls.length).toBeGreaterThan(20);
    expect(urls.filter((url, i) => urls.indexOf(url) !== i)).toEqual([]);
    expect(urls).toContain('manifest.webmanifest');

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
  });
});
