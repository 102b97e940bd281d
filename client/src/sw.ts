/**
 * Staykeep's service worker, built by vite-plugin-pwa (injectManifest) to
 * /sw.js. It precaches the app shell and every route chunk, answers navigations with the shell
 * so that any page opens offline (API, iCal, docs and uploads excluded: those are the server's),
 * shows Web Push notifications and opens the task on a click, pushes the outbox on
 * Background Sync where the browser has it, keeps uploaded photos in a size-limited cache
 * (pwa/sw-photos.ts) and refreshes the data on Periodic Background Sync (pwa/sw-refresh.ts).
 */
/// <reference lib="webworker" />
// First, before any module that builds or parses a zod schema (client/src/pwa/zod-jitless.ts).
import './pwa/zod-jitless';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ROLE_CHUNKS_CACHE, isBuiltAsset } from './pwa/role-chunks';
import { StaykeepDb } from './db/db';
import { BACKGROUND_SYNC_TAG, backgroundSync, refusedNotice } from './sync/background';
import { workerTranslator } from './pwa/worker-texts';
import { notificationFromPush, type ShownNotification } from './pwa/notification';
import { actionsForAlert, actOnTask, isTaskAction, taskActionButtons, type TaskAction } from './pwa/task-actions';
import { showAppBadge } from './pwa/badge';
import { badgeAfterPush, type PushedItem } from './pwa/badge-store';
// Photos cache-first with a size limit, and the periodic background refresh (their own modules).
import './pwa/sw-photos';
import './pwa/sw-refresh';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** Paths the server answers itself: never the app shell. */
export const NOT_THE_APP: RegExp[] = [/^\/api\//, /^\/ical\//, /^\/docs(\/|$)/, /^\/uploads\//];

/** The Service Worker Static Routing API's rule, where the browser has it (Chromium 123 on). */
type StaticRoutes = { addRoutes?: (rules: { condition: { urlPattern: { pathname: string } }; source: 'network' }[]) => Promise<void> };

// The API's calls (sync pushes and pulls among them) go straight to the network, without a turn
// through this worker: nothing here answers them, and each turn cost a trip through the browser
// process and this thread (bench/sync-client/README.md, "The API past the service worker").
self.addEventListener('install', (event) => {
  const routes = (event as ExtendableEvent & StaticRoutes).addRoutes?.call(event, [{ condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' }]);
  if (routes) event.waitUntil(routes.catch(() => undefined));
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The precache is the shell; one area's chunks (cached by the page after sign-in) and what a page
// loads on demand come from the role cache, else the network, kept for next time (pwa/role-chunks.ts).
registerRoute(({ url }) => isBuiltAsset(url, self.location.origin), new CacheFirst({ cacheName: ROLE_CHUNKS_CACHE }));
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NOT_THE_APP }));

// A new version waits until the page's update prompt says "Reload" (workbox-window sends this).
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first version takes the pages that registered it at once, so Background Sync and push work
// from the first visit.
clientsClaim();

/** The app badge follows a push at once, even with the app closed (never in the way of showing it). */
async function badgeForPush(pushed: PushedItem): Promise<void> {
  const db = new StaykeepDb();
  try {
    const count = await badgeAfterPush(db, pushed);
    if (count !== null) await showAppBadge(count, self.navigator);
  } catch {
    // No store yet, or it cannot be read: the page sets the badge when it opens.
  } finally {
    db.close();
  }
}

/** A housekeeper's task alert carries what she can do from it (pwa/task-actions.ts), titled in her language when the push says how. */
async function withTaskActions(options: ShownNotification['options'], pushed: PushedItem, titles: ShownNotification['actionTitles']): Promise<NotificationOptions> {
  const db = new StaykeepDb();
  try {
    const actions = await actionsForAlert(db, pushed.taskId, pushed.type);
    if (actions.length === 0) return options;
    const withActions: NotificationOptions & { actions: { action: string; title: string }[] } = {
      ...options,
      data: { ...options.data, taskId: pushed.taskId },
      actions: taskActionButtons(actions, titles),
    };
    return withActions;
  } catch {
    return options;
  } finally {
    db.close();
  }
}

async function showPush(text: string | null): Promise<void> {
  const { title, options, closeAfterMs, pushed, actionTitles } = notificationFromPush(text);
  await self.registration.showNotification(title, await withTaskActions(options, pushed, actionTitles));
  await badgeForPush(pushed);
  if (closeAfterMs === null) return;
  // Warnings close after 5 s. Kept inside waitUntil so the worker lives that long.
  await new Promise((resolve) => setTimeout(resolve, closeAfterMs));
  for (const shown of await self.registration.getNotifications({ tag: options.tag })) shown.close();
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(event.data ? event.data.text() : null));
});

async function openApp(url: string): Promise<void> {
  const target = new URL(url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    // A refused focus (the click's permission to focus has lapsed) must not keep the page from
    // reaching the task; a page this worker does not control cannot be navigated: open a new one.
    const focused = await open.focus().catch(() => open);
    const moved = await focused.navigate(target).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(target);
}

/**
 * "Start" or "Mark done" on a task alert: the write goes into the outbox and is sent at once, or
 * by Background Sync when there is no connection; the app is not opened. A refused move (the task
 * was completed meanwhile) opens the task instead.
 */
async function actFromAlert(taskId: string, action: TaskAction, url: string): Promise<void> {
  const db = new StaykeepDb();
  try {
    await actOnTask(db, taskId, action);
  } catch {
    db.close();
    await openApp(url);
    return;
  }
  try {
    await backgroundSync(db, (input, init) => fetch(input, init));
  } catch {
    // No connection: the outbox keeps it and Background Sync sends it when the connection returns.
    const registration = self.registration as ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } };
    await registration.sync?.register(BACKGROUND_SYNC_TAG).catch(() => undefined);
  } finally {
    db.close();
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const url = typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string' ? data.url : '/';
  const taskId = typeof data === 'object' && data !== null && 'taskId' in data && typeof data.taskId === 'string' ? data.taskId : null;
  if (taskId && isTaskAction(event.action) && event.action !== 'open') {
    event.waitUntil(actFromAlert(taskId, event.action, url));
    return;
  }
  event.waitUntil(openApp(url));
});

type SyncEvent = ExtendableEvent & { tag: string };

function isSyncEvent(event: Event): event is SyncEvent {
  return 'tag' in event && 'waitUntil' in event;
}

self.addEventListener('sync', (event: Event) => {
  if (!isSyncEvent(event) || event.tag !== BACKGROUND_SYNC_TAG) return;
  const db = new StaykeepDb();
  event.waitUntil(
    backgroundSync(db, (url, init) => fetch(url, init))
      .then(async (rejected) => {
        // The app may be closed: a refusal would otherwise wait unseen until it is opened again.
        const notice = refusedNotice(rejected, await workerTranslator());
        if (notice && Notification.permission === 'granted') {
          await self.registration.showNotification(notice.title, { body: notice.body, tag: 'staykeep-refused', data: { url: '/' }, icon: '/icons/icon-192.png' });
        }
      })
      .finally(() => db.close()),
  );
});
