/**
 * The raw floor of the client benchmark, measured in the same Chromium and run as the app: what
 * the device's storage and the network cost with nothing of the app around them. A bare page of
 * the same origin (no UI, no mirror, no outbox, no React) loads Dexie alone and
 * - pulls the same pages from the same server (`/api/sync/pull`, same page size, compact format,
 *   the next page fetched while one is written, as the engine does), turns each row's values into
 *   an object and writes each page with one `bulkPut` per table in one transaction, into tables
 *   with the app's keys and indexes (client/src/db/schema.ts);
 * - times a one-row put-and-commit (one `put` in its own readwrite transaction, awaited until it
 *   commits), one after another: the floor of a local write.
 * Scripts are built as JavaScript source, as in in-page.ts (tsx's `__name` helper does not exist
 * in the page).
 */
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { SYNCED_INDEXES, SYNCED_TABLES } from '../../client/src/db/schema';
import { childrenCpuByType, type CpuByType } from './cpu';
import { startProfile, type ProfileSummary } from './profile';

export type FloorPull = { ms: number; rows: number; pages: number };
export type FloorWrites = number[];

const require = createRequire(import.meta.url);
const DEXIE_UMD = require.resolve('dexie/dist/dexie.js');

/** Table id → name of the synced tables, for the page (wire groups name tables by id). */
const NAMES: Record<number, string> = Object.fromEntries(Object.entries(SYNCED_TABLES).map(([name, id]) => [id, name]));

function pullScript(token: string, limit: number): string {
  return `(async () => {
    const names = ${JSON.stringify(NAMES)};
    const db = new Dexie('floor-pull-' + Math.random().toString(36).slice(2));
    db.version(1).stores(${JSON.stringify(SYNCED_INDEXES)});
    await db.open();
    const fetchPage = async (cursor) => {
      const res = await fetch('/api/sync/pull?cursor=' + cursor + '&limit=${limit}&format=compact', { headers: { authorization: 'Bearer ' + ${JSON.stringify(token)} } });
      if (!res.ok) throw new Error('floor pull answered ' + res.status);
      return res.json();
    };
    const started = performance.now();
    let rows = 0;
    let pages = 0;
    let next = fetchPage(0);
    for (;;) {
      const page = await next;
      if (page.more) next = fetchPage(page.cursor);
      const byTable = new Map();
      for (const group of page.tables) {
        const name = names[group.table];
        let list = byTable.get(name);
        if (!list) byTable.set(name, (list = []));
        const { columns, defaults } = group;
        for (const values of group.rows) {
          const row = {};
          for (let i = 0; i < columns.length; i += 1) row[columns[i]] = i < values.length ? values[i] : defaults[i];
          list.push(row);
        }
      }
      await db.transaction('rw', [...byTable.keys()], () => Promise.all([...byTable].map(([name, list]) => db.table(name).bulkPut(list))));
      pages += 1;
      for (const list of byTable.values()) rows += list.length;
      if (!page.more) break;
    }
    const ms = performance.now() - started;
    db.close();
    await Dexie.delete(db.name);
    return { ms, rows, pages };
  })()`;
}

function writeScript(count: number, row: Record<string, unknown>): string {
  return `(async () => {
    const db = new Dexie('floor-write-' + Math.random().toString(36).slice(2));
    db.version(1).stores(${JSON.stringify(SYNCED_INDEXES)});
    await db.open();
    const table = db.table('housekeeping_tasks');
    const row = ${JSON.stringify(row)};
    await table.put(row);
    const times = [];
    for (let i = 0; i < ${count}; i += 1) {
      const next = { ...row, notes: 'floor ' + i };
      const started = performance.now();
      await db.transaction('rw', table, () => table.put(next));
      times.push(performance.now() - started);
    }
    db.close();
    await Dexie.delete(db.name);
    return times;
  })()`;
}

/** A bare page of the server's origin with Dexie loaded (its own context: an empty store). */
async function barePage(browser: Browser, baseUrl: string) {
  // bypassCSP: the server's Content Security Policy allows only the app's own scripts.
  const context = await browser.newContext({ baseURL: baseUrl, bypassCSP: true });
  const page = await context.newPage();
  await page.goto('/api/health');
  await page.addScriptTag({ path: DEXIE_UMD });
  return { context, page };
}

/**
 * The floor's first sync, and the CPU that Chromium's processes used meanwhile (read before the
 * bare page closes: a process that has ended leaves no figure in /proc).
 */
export async function floorPull(
  browser: Browser,
  baseUrl: string,
  token: string,
  limit: number,
  profile = false,
): Promise<FloorPull & { cpuBefore: CpuByType | null; cpuAfter: CpuByType | null; profiled: ProfileSummary | null }> {
  const { context, page } = await barePage(browser, baseUrl);
  try {
    const cpuBefore = childrenCpuByType();
    // The bare page runs Dexie's own build, which has no map of ours to read.
    const stopProfile = profile ? await startProfile(page, '') : null;
    const result = (await page.evaluate(pullScript(token, limit))) as FloorPull;
    const cpuAfter = childrenCpuByType();
    return { ...result, cpuBefore, cpuAfter, profiled: stopProfile ? await stopProfile() : null };
  } finally {
    await context.close();
  }
}

export async function floorWrites(browser: Browser, baseUrl: string, count: number, row: Record<string, unknown>): Promise<FloorWrites> {
  const { context, page } = await barePage(browser, baseUrl);
  try {
    return (await page.evaluate(writeScript(count, row))) as FloorWrites;
  } finally {
    await context.close();
  }
}
