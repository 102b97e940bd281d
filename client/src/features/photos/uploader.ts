/**
 * When the queue (queue.ts) runs: at once after a photo is taken, when the browser says it is back
 * online, after each sync (a report's photos wait until the report has left the outbox: the server
 * takes them only for a report it has), and every 30 seconds while the app is open (only photos
 * whose wait is over are tried).
 * One pass at a time per page, and one per browser across tabs (Web Locks, where there are any);
 * a second tab's pass would be harmless anyway: the server stores each id once.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TABLE } from '../../data/tables';
import { appDb } from '../../db/app-db';
import { useSyncRuntime } from '../../sync/sync-context';
import { uploadPhoto } from './api';
import { photoDb, type QueuedPhoto } from './store';
import { pruneUploaded, uploadWaiting, type UploadSummary } from './queue';

const EVERY_MS = 30_000;
const LOCK = 'staykeep-photo-uploads';

let running: Promise<UploadSummary> | null = null;
let again = false;
const listeners = new Set<(summary: UploadSummary) => void>();

async function locked<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(LOCK, work);
  return work();
}

/** A report's photo is sent once the report itself has been pushed (no longer in the outbox). */
async function ownerOnServer(photo: QueuedPhoto): Promise<boolean> {
  if (photo.kind !== 'report') return true;
  return (await appDb().outbox.where('[table+rowId]').equals([TABLE.problem_reports, photo.ownerId]).count()) === 0;
}

async function passes(userId: string, ignoreWait: boolean): Promise<UploadSummary> {
  const total: UploadSummary = { uploaded: 0, failed: 0, refused: 0 };
  let first = true;
  do {
    again = false;
    const summary = await locked(() => uploadWaiting(photoDb(), userId, uploadPhoto, { ignoreWait: first && ignoreWait, isReady: ownerOnServer }));
    first = false;
    total.uploaded += summary.uploaded;
    total.failed += summary.failed;
    total.refused += summary.refused;
  } while (again);
  return total;
}

/**
 * Starts a pass over the user's waiting photos, or asks the running one to look again when done.
 * `ignoreWait`: every waiting photo now, not only those whose wait is over (start, back online).
 */
export function kickPhotoUploads(userId: string, ignoreWait = false): void {
  if (running) {
    again = true;
    return;
  }
  running = passes(userId, ignoreWait);
  void running
    .then((summary) => {
      for (const listener of listeners) listener(summary);
    })
    .catch(() => undefined)
    .finally(() => {
      running = null;
    });
}

/** Runs the photo queue for the signed-in user while the area is open (mounted once, by its layout). */
export function usePhotoUploader(userId: string): void {
  const queryClient = useQueryClient();
  const runtime = useSyncRuntime();
  useEffect(() => {
    // After each completed sync: a report pushed just now lets its photos go.
    let synced = runtime.getSnapshot().status?.lastSyncedAt ?? null;
    return runtime.subscribe(() => {
      const now = runtime.getSnapshot().status?.lastSyncedAt ?? null;
      if (now === synced) return;
      synced = now;
      kickPhotoUploads(userId);
    });
  }, [runtime, userId]);
  useEffect(() => {
    const kick = () => kickPhotoUploads(userId);
    const kickAll = () => kickPhotoUploads(userId, true);
    const heard = (summary: UploadSummary) => {
      if (summary.uploaded === 0) return;
      void queryClient.invalidateQueries({ queryKey: ['task-photos'] });
      void queryClient.invalidateQueries({ queryKey: ['report-photos'] });
    };
    listeners.add(heard);
    void pruneUploaded(photoDb()).catch(() => undefined);
    kickAll();
    window.addEventListener('online', kickAll);
    const timer = window.setInterval(kick, EVERY_MS);
    return () => {
      listeners.delete(heard);
      window.removeEventListener('online', kickAll);
      window.clearInterval(timer);
    };
  }, [userId, queryClient]);
}
