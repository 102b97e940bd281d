import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/app-db';
import { refreshLog, type RefreshEntry } from '../../pwa/refresh-log';

/**
 * When this device last received the signed-in user's data (the page's syncs and the worker's
 * background refreshes, pwa/refresh-log.ts): live; null when never, undefined while reading.
 */
export function useLastRefresh(): RefreshEntry | null | undefined {
  return useLiveQuery(async () => {
    const owner = await appDb().getMeta('owner');
    return owner ? refreshLog().lastOf(owner) : null;
  }, []);
}
