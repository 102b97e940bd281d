/**
 * A full disk, as IndexedDB reports it: a `QuotaExceededError` (a DOMException), which Dexie may
 * wrap (its own QuotaExceededError, or an AbortError whose `inner` is the cause). What the user is
 * told is the cause and the remedy, never only "could not be saved".
 */

/** Whether an error of a store write (or its cause, however deep Dexie wrapped it) is a full disk. */
export function isStorageFull(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if ('name' in error && error.name === 'QuotaExceededError') return true;
  return 'inner' in error && isStorageFull(error.inner, depth + 1);
}

/** What a failed write tells the user when the device's storage is full. */
export function storageFullText(what = 'This change'): string {
  return `${what} could not be saved: this device's storage is full. Free some space (delete photos, videos or apps you do not need), then try again. Changes already waiting are kept and will be sent when you are online.`;
}

/** What the sync status says when received data could not be stored. */
export const STORAGE_FULL_SYNC_ERROR =
  "This device's storage is full, so new data could not be stored. Free some space, then retry. Your changes waiting to be sent are kept.";
