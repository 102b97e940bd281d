/**
 * The service worker's periodic refresh (imported by client/src/sw.ts): on the
 * `staykeep-refresh` Periodic Background Sync event it syncs the user's data into the store the
 * page reads (pwa/background-refresh.ts), then fills the photo cache for the days ahead.
 */
/// <reference lib="webworker" />
import { StaykeepDb } from '../db/db';
import { refusedNotice } from '../sync/background';
import { PERIODIC_REFRESH_TAG, refreshInBackground } from './background-refresh';
import { RefreshLog } from './refresh-log';
import { cachePhotosAhead } from './sw-photos';
import { workerTranslator } from './worker-texts';

declare let self: ServiceWorkerGlobalScope;

type PeriodicSyncEvent = ExtendableEvent & { tag: string };

function isPeriodicSyncEvent(event: Event): event is PeriodicSyncEvent {
  return 'tag' in event && typeof event.tag === 'string' && 'waitUntil' in event;
}

async function refresh(event: PeriodicSyncEvent): Promise<void> {
  const db = new StaykeepDb();
  const log = new RefreshLog();
  try {
    const outcome = await refreshInBackground(db, (input, init) => fetch(input, init), log);
    if (!outcome.refreshed) return;
    const notice = refusedNotice(outcome.rejected, await workerTranslator());
    if (notice && Notification.permission === 'granted') {
      await self.registration.showNotification(notice.title, { body: notice.body, tag: 'staykeep-refused', data: { url: '/' }, icon: '/icons/icon-192.png' });
    }
    await cachePhotosAhead(db, event).catch(() => null);
  } finally {
    db.close();
    log.close();
  }
}

self.addEventListener('periodicsync', (event: Event) => {
  if (!isPeriodicSyncEvent(event) || event.tag !== PERIODIC_REFRESH_TAG) return;
  event.waitUntil(refresh(event));
});
