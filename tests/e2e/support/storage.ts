/** Reads what the app keeps in the browser (the offline store, IndexedDB `staykeep`), for assertions. */
import type { CDPSession, Page } from 'playwright-core';
import { baseUrl } from './browser';
import { ROLE_CHUNKS_CACHE, ROLE_CHUNKS_URL, type RoleChunks } from '../../../client/src/pwa/role-chunks';

/** A value of the store's `meta` table (session, clientId, cursor…), or null. */
export async function metaValue(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (metaKey) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('staykeep');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('meta')) {
            db.close();
            resolve(null);
            return;
          }
          const request = db.transaction('meta').objectStore('meta').get(metaKey);
          request.onsuccess = () => {
            db.close();
            const entry: unknown = request.result;
            resolve(typeof entry === 'object' && entry !== null && 'value' in entry ? entry.value : null);
          };
          request.onerror = () => {
            db.close();
            reject(request.error);
          };
        };
      }),
    key,
  );
}

/** The session token the app keeps for offline sign-in, or null. */
export async function storedToken(page: Page): Promise<string | null> {
  const session = await metaValue(page, 'session');
  return typeof session === 'object' && session !== null && 'token' in session && typeof session.token === 'string' ? session.token : null;
}

/** Every row of a table of the offline store (empty when the store or table does not exist). */
export async function localRows(page: Page, table: string): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    (name) =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const open = indexedDB.open('staykeep');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction(name).objectStore(name).getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as Record<string, unknown>[]);
          };
          request.onerror = () => {
            db.close();
            reject(request.error);
          };
        };
      }),
    table,
  );
}

/** Resolves once a service worker controls the page (it then serves the app shell offline). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  });
}

/** The tags of the service worker's waiting Background Sync registrations ([] where the browser has none). */
export async function backgroundSyncTags(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } };
    return registration.sync ? registration.sync.getTags() : [];
  });
}

export type LocalChecklistItem = { id: string; text: string; done: boolean };
export type LocalTask = { id: string; task_title: string; task_status: string; notes?: string; checklist_items: LocalChecklistItem[] };

/** The housekeeping tasks in the app's store (as pulled, with local changes). */
export async function localTasks(page: Page): Promise<LocalTask[]> {
  return (await localRows(page, 'housekeeping_tasks')) as LocalTask[];
}

/** The service worker registration of the app (at `origin`), as the DevTools protocol names it (to deliver a push or a sync event). */
export async function registrationId(cdp: CDPSession, origin = baseUrl()): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/**
 * Waits until the files of `area` are in the role cache (client/src/pwa/role-chunks.ts): the page
 * caches them shortly after sign-in, and only from then on does every page of the role open offline.
 */
export async function waitForRoleCache(page: Page, area: 'admin' | 'host' | 'staff'): Promise<void> {
  const list = (await (await page.request.get(ROLE_CHUNKS_URL)).json()) as RoleChunks;
  const files = list.areas[area];
  const cached = () =>
    page.evaluate(
      async ({ name, files }) => {
        const cache = await caches.open(name);
        for (const file of files) if (!(await cache.match(file))) return false;
        return true;
      },
      { name: ROLE_CHUNKS_CACHE, files },
    );
  const deadline = Date.now() + 15_000;
  while (!(await cached())) {
    if (Date.now() > deadline) throw new Error(`The ${area} area's files were not cached within 15 s of sign-in`);
    await page.waitForTimeout(100);
  }
}
