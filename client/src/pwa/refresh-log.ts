/**
 * When this device last received the user's data: written after each of the page's syncs
 * (pwa/after-pull.ts) and after each background refresh of the service worker
 * (pwa/sw-refresh.ts), read by the profile's storage card. A database of its own, so that the
 * offline store's schema (client/src/db) stays as it is; keyed by the store's owner, so that
 * another user signing in on the device starts with "Not refreshed yet".
 */
import { Dexie, type DexieOptions, type Table } from 'dexie';

export type RefreshEntry = {
  /** The offline store's owner (meta `owner`). */
  owner: string;
  /** ISO instant the last sync or refresh finished. */
  at: string;
  /** True when the service worker did it (Periodic Background Sync), with the app closed. */
  background: boolean;
};

export const REFRESH_DB_NAME = 'staykeep-refresh';

export class RefreshLog extends Dexie {
  declare refreshes: Table<RefreshEntry, string>;

  constructor(name: string = REFRESH_DB_NAME, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({ refreshes: 'owner' });
  }

  /** Records a refresh unless a later one is recorded already (a page and the worker may race). */
  async record(entry: RefreshEntry): Promise<void> {
    await this.transaction('rw', this.refreshes, async () => {
      const known = await this.refreshes.get(entry.owner);
      if (!known || known.at <= entry.at) await this.refreshes.put(entry);
    });
  }

  async lastOf(owner: string): Promise<RefreshEntry | null> {
    return (await this.refreshes.get(owner)) ?? null;
  }
}

let instance: RefreshLog | null = null;

/** The page's (or the worker's) one handle, opened on first use. */
export function refreshLog(): RefreshLog {
  instance ??= new RefreshLog();
  return instance;
}
