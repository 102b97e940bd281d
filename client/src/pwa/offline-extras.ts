/**
 * What a sign-out forgets besides the offline store: the photos of the worker's photo cache, the
 * "last refreshed" times (pwa/after-pull.ts keeps both) and what the device translated of the
 * host's texts (lib/device-translations.ts). A module of its own, with no sync code, so
 * that the auth store, part of the first screen, stays light (README, "Budgets").
 */
import { PHOTO_CACHE } from './photo-cache';
import { refreshLog } from './refresh-log';
import { forgetDeviceTranslations } from '../lib/device-translations';

export async function forgetOfflineExtras(): Promise<void> {
  const forget = async (run: () => Promise<unknown>) => run().catch(() => undefined);
  await Promise.all([
    forget(async () => (typeof caches === 'undefined' ? false : caches.delete(PHOTO_CACHE))),
    forget(async () => refreshLog().refreshes.clear()),
    forget(async () => forgetDeviceTranslations()),
  ]);
}
