/**
 * Persistent storage: whether the browser may evict the offline store (data and outbox) under
 * storage pressure. Browsers often refuse in a tab and grant once the app is installed, so the
 * app asks again at every sign-in and start (SyncRuntime.start) and after an install
 * (install-events.ts) while the answer is no. The profile page shows the state (features/storage).
 */

export type StorageState = {
  /** Bytes this site stores, as the browser estimates them (null: not reported). */
  usage: number | null;
  /** Bytes this site may store at most (null: not reported). */
  quota: number | null;
  /** Whether the data is kept under storage pressure (null: the browser cannot tell). */
  persisted: boolean | null;
};

type StorageApi = Pick<StorageManager, 'estimate' | 'persist' | 'persisted'>;

function storageApi(): Partial<StorageApi> | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

/** Asks for persistent storage unless it is granted already; answers the outcome (null: no API). */
export async function askPersistentStorage(storage: Partial<StorageApi> | undefined = storageApi()): Promise<boolean | null> {
  if (!storage?.persist) return null;
  try {
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return null;
  }
}

/** What the browser says about this site's storage. */
export async function readStorageState(storage: Partial<StorageApi> | undefined = storageApi()): Promise<StorageState> {
  const [estimate, persisted] = await Promise.all([
    storage?.estimate ? storage.estimate().catch(() => undefined) : undefined,
    storage?.persisted ? storage.persisted().catch(() => null) : null,
  ]);
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

/** Bytes for people: "512 KB", "3.4 MB", "1.2 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
