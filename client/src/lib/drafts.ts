/**
 * Text typed and not saved yet (a housekeeper's note), kept on this device so that closing a
 * dialog, a reload or a crash loses none of it. Kept in localStorage: small, synchronous, per
 * origin; each key names the user, so that the next person on a shared tablet does not see it,
 * and signing out removes them all (db/store.ts `wipeStore`).
 */
const PREFIX = 'staykeep:draft:';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (a private mode, a policy): drafts are then not kept
  }
}

export function draftKey(userId: string, kind: string, id: string): string {
  return `${PREFIX}${userId}:${kind}:${id}`;
}

export function loadDraft(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

/** Keeps `text` under `key`, or forgets it (null: saved or discarded). */
export function saveDraft(key: string, text: string | null): void {
  const store = storage();
  if (!store) return;
  try {
    if (text === null) store.removeItem(key);
    else store.setItem(key, text);
  } catch {
    // A full storage keeps the text on screen only; nothing else depends on the draft.
  }
}

/** Forgets every draft on this device (sign-out). */
export function clearDrafts(): void {
  const store = storage();
  if (!store) return;
  for (const key of Object.keys(store)) if (key.startsWith(PREFIX)) store.removeItem(key);
}
