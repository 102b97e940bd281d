/**
 * The photo queue: the outbox discipline of sync/push.ts applied to photo bytes. A photo is kept
 * on the device before anything is sent; each is uploaded with the id the device gave it, so a
 * retry whose first answer was lost is answered "already stored" by the server and never makes a
 * second copy; a failure keeps it, with the reason, for the next attempt after a growing wait; what
 * the server will never take (not an image, too large, a task that is no longer this user's) is
 * kept and shown, never dropped silently. Nothing here knows about the network or React: the
 * sender is given (api.ts in the app, a fake in tests).
 */
import { ApiError } from '../../api/http';
import type { PhotoDb, QueuedPhoto } from './store';

/** Sends one photo; throws an ApiError (status 0: no answer) when it is not stored. */
export type PhotoSender = (photo: QueuedPhoto) => Promise<void>;

export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 10 * 60_000;
/** Uploaded photos stay on the device this long (shown offline at once), then their bytes go. */
export const KEEP_UPLOADED_MS = 7 * 24 * 60 * 60_000;
/** A draft photo whose form was never sent is dropped after this long. */
export const DRAFT_KEPT_MS = 24 * 60 * 60_000;

/** The wait after the nth failed attempt: 5 s, 10 s, 20 s… at most 10 minutes. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/** A failure worth trying again: no answer, a server error, a timeout, too many requests, an expired session. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429 || error.status === 401;
}

function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}

export type NewPhoto = Pick<QueuedPhoto, 'id' | 'userId' | 'kind' | 'ownerId' | 'itemId' | 'data' | 'type' | 'width' | 'height' | 'takenAt'>;

/** Keeps a new photo, waiting to upload, or as a draft of something not saved yet (`draft`). */
export async function addPhoto(db: PhotoDb, photo: NewPhoto, draft = false): Promise<QueuedPhoto> {
  const row: QueuedPhoto = { ...photo, state: draft ? 'draft' : 'waiting', attempts: 0, nextAttemptAt: 0 };
  await db.photos.add(row);
  return row;
}

/** The owner was saved: its draft photos wait to upload. */
export async function releaseDrafts(db: PhotoDb, userId: string, ownerId: string): Promise<number> {
  return db.photos
    .where('[userId+ownerId]')
    .equals([userId, ownerId])
    .and((p) => p.state === 'draft')
    .modify({ state: 'waiting' });
}

/** The owner was abandoned (the form cancelled): its draft photos go. */
export async function discardDrafts(db: PhotoDb, userId: string, ownerId: string): Promise<number> {
  return db.photos
    .where('[userId+ownerId]')
    .equals([userId, ownerId])
    .and((p) => p.state === 'draft')
    .delete();
}

export type UploadSummary = { uploaded: number; failed: number; refused: number };

async function due(db: PhotoDb, userId: string, now: number, tried: ReadonlySet<string>, ignoreWait: boolean): Promise<QueuedPhoto | undefined> {
  const waiting = await db.photos.where('[userId+state]').equals([userId, 'waiting']).toArray();
  return waiting
    .filter((p) => (ignoreWait || p.nextAttemptAt <= now) && !tried.has(p.id))
    .sort((a, b) => a.takenAt.localeCompare(b.takenAt) || a.id.localeCompare(b.id))[0];
}

/** Writes the outcome of one attempt (a reason of undefined clears it), unless the photo was removed meanwhile. */
async function record(db: PhotoDb, id: string, changes: Partial<QueuedPhoto>): Promise<void> {
  await db.photos
    .where('id')
    .equals(id)
    .modify((p) => {
      Object.assign(p, changes);
      if (changes.lastError === undefined) {
        delete p.lastError;
        delete p.lastStatus;
      }
    });
}

export type PassOptions = {
  now?: () => number;
  /** Ends the pass before the next photo (a sign-out). */
  isStopped?: () => boolean;
  /** Try every waiting photo, whatever its wait (the app just opened, or the device is back online). */
  ignoreWait?: boolean;
  /**
   * Whether a photo's owner is on the server yet (a report made offline is still in the outbox):
   * one that is not is left for a later pass, with no attempt counted.
   */
  isReady?: (photo: QueuedPhoto) => Promise<boolean>;
};

/**
 * Uploads the user's due photos, oldest first, one at a time, until none is due. A photo that
 * fails waits (`retryDelay`); with no answer at all (offline) or an ended session the pass stops,
 * since the next photo would fail the same way.
 */
export async function uploadWaiting(db: PhotoDb, userId: string, send: PhotoSender, options: PassOptions = {}): Promise<UploadSummary> {
  const { now = Date.now, isStopped, ignoreWait = false, isReady } = options;
  const summary: UploadSummary = { uploaded: 0, failed: 0, refused: 0 };
  const tried = new Set<string>();
  for (;;) {
    if (isStopped?.()) return summary;
    const photo = await due(db, userId, now(), tried, ignoreWait);
    if (!photo) return summary;
    tried.add(photo.id);
    if (isReady && !(await isReady(photo))) continue;
    try {
      await send(photo);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (isTransient(error)) {
        summary.failed += 1;
        const attempts = photo.attempts + 1;
        await record(db, photo.id, { attempts, nextAttemptAt: now() + retryDelay(attempts), lastError: reason, lastStatus: statusOf(error) });
        if (error instanceof ApiError && (error.status === 0 || error.status === 401)) return summary;
      } else {
        summary.refused += 1;
        await record(db, photo.id, { state: 'refused', lastError: reason, lastStatus: statusOf(error) });
      }
      continue;
    }
    summary.uploaded += 1;
    await record(db, photo.id, { state: 'uploaded', uploadedAt: new Date(now()).toISOString(), attempts: 0 });
  }
}

/** Tries a failed or refused photo again at the next pass. */
export async function retryPhoto(db: PhotoDb, id: string): Promise<void> {
  await db.photos
    .where('id')
    .equals(id)
    .and((p) => p.state !== 'uploaded')
    .modify((p) => {
      Object.assign(p, { state: 'waiting', attempts: 0, nextAttemptAt: 0 });
      delete p.lastError;
      delete p.lastStatus;
    });
}

/** Removes a photo the server does not have (the user's choice): an uploaded one stays. */
export async function removePhoto(db: PhotoDb, id: string): Promise<void> {
  await db.photos.where('id').equals(id).and((p) => p.state !== 'uploaded').delete();
}

/**
 * Drops the device's copies of photos uploaded more than KEEP_UPLOADED_MS ago (the server keeps
 * them), and drafts of a day ago (a form left open when the app closed: never to be sent).
 */
export async function pruneUploaded(db: PhotoDb, now: number = Date.now()): Promise<number> {
  const before = new Date(now - KEEP_UPLOADED_MS).toISOString();
  const dayAgo = new Date(now - DRAFT_KEPT_MS).toISOString();
  const drafts = await db.photos.filter((p) => p.state === 'draft' && p.takenAt < dayAgo).delete();
  return drafts + (await db.photos.where('uploadedAt').below(before).delete());
}

/** How many of the user's photos have not reached the server (waiting or refused). */
export async function notUploadedCount(db: PhotoDb, userId: string): Promise<number> {
  const [waiting, refused] = await Promise.all([
    db.photos.where('[userId+state]').equals([userId, 'waiting']).count(),
    db.photos.where('[userId+state]').equals([userId, 'refused']).count(),
  ]);
  return waiting + refused;
}
