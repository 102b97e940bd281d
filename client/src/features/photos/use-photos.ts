/**
 * A task's photos as a screen shows them: the ones kept on this device (taken here, waiting or
 * uploaded, shown at once from their bytes) and the server's list (online, react-query), one entry
 * per id. Server photos are fetched with the session's token and shown from object URLs.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import type { TaskPhoto } from '../../../../shared/api/photos';
import { useOnline } from '../../lib/use-online';
import { fetchPhoto, listTaskPhotos } from './api';
import { addPhoto, notUploadedCount } from './queue';
import { shrinkPhoto } from './shrink';
import { photoDb, type QueuedPhoto } from './store';
import { kickPhotoUploads } from './uploader';

/** What a thumbnail says: on the server, on its way (failing, with the reason), or refused. */
export type PhotoStatus = 'uploaded' | 'waiting' | 'retrying' | 'refused';

export type PhotoView = {
  id: string;
  taskId: string;
  itemId: string | null;
  status: PhotoStatus;
  width: number;
  height: number;
  takenAt: string;
  error?: string;
  /** The bytes kept on this device, when it took the photo. */
  local?: QueuedPhoto;
};

function fromLocal(p: QueuedPhoto): PhotoView {
  // No answer at all is the device being offline: the photo waits, nothing failed.
  const failed = p.attempts > 0 && p.lastStatus !== undefined && p.lastStatus !== 0;
  const status: PhotoStatus = p.state === 'uploaded' ? 'uploaded' : p.state === 'refused' ? 'refused' : failed ? 'retrying' : 'waiting';
  const view: PhotoView = { id: p.id, taskId: p.taskId, itemId: p.itemId, status, width: p.width, height: p.height, takenAt: p.takenAt, local: p };
  if (p.lastError && (failed || p.state === 'refused')) view.error = p.lastError;
  return view;
}

function fromServer(p: TaskPhoto): PhotoView {
  return { id: p.id, taskId: p.task_id, itemId: p.checklist_item_id, status: 'uploaded', width: p.width, height: p.height, takenAt: p.taken_at };
}

export type TaskPhotos = {
  photos: PhotoView[];
  /** The server's list: loaded (true), not yet or not reachable (false). Decides "Photo missing". */
  serverKnown: boolean;
  loading: boolean;
  /** Offline with no list from the server yet: only this device's photos can be shown. */
  offline: boolean;
  error: Error | null;
  /** Shrinks, keeps and queues picked files for the task or one of its items. */
  add: (files: readonly File[], itemId: string | null) => Promise<void>;
};

/** `userId`: the signed-in user (the device's own photos); `taskId` null while no task is open. */
export function useTaskPhotos(taskId: string | null, userId: string): TaskPhotos {
  const online = useOnline();
  const local = useLiveQuery(async () => (taskId ? photoDb().photos.where('[userId+taskId]').equals([userId, taskId]).toArray() : []), [taskId, userId]);
  const server = useQuery({ queryKey: ['task-photos', taskId], queryFn: () => listTaskPhotos(taskId ?? ''), enabled: taskId !== null && online, staleTime: 30_000 });
  const photos = useMemo(() => {
    const byId = new Map<string, PhotoView>();
    for (const p of server.data ?? []) byId.set(p.id, fromServer(p));
    for (const p of local ?? []) byId.set(p.id, fromLocal(p));
    return [...byId.values()].sort((a, b) => a.takenAt.localeCompare(b.takenAt) || a.id.localeCompare(b.id));
  }, [local, server.data]);
  const add = async (files: readonly File[], itemId: string | null) => {
    if (!taskId) return;
    for (const file of files) {
      const shrunk = await shrinkPhoto(file);
      await addPhoto(photoDb(), { id: crypto.randomUUID(), userId, taskId, itemId, takenAt: new Date().toISOString(), ...shrunk });
    }
    kickPhotoUploads(userId);
  };
  return {
    photos,
    serverKnown: server.isSuccess,
    loading: local === undefined || (online && server.isPending && taskId !== null),
    offline: !online && !server.isSuccess,
    error: server.error,
    add,
  };
}

/** An object URL of the photo's image (its bytes on the device, else fetched), revoked when no longer shown. */
export function usePhotoUrl(photo: PhotoView, size: 'full' | 'thumb'): { url: string | null; failed: boolean } {
  const remote = useQuery({
    queryKey: ['task-photo', photo.taskId, photo.id, size],
    queryFn: () => fetchPhoto(photo.taskId, photo.id, size),
    enabled: !photo.local,
    staleTime: Infinity,
  });
  // A live query hands a new object for the same photo at each change of the table: the bytes of an
  // id never change, so the image is made once per id (no flicker while another photo uploads).
  const { local } = photo;
  const [kept] = useState(() => new Map<string, Blob>());
  let blob: Blob | null = remote.data ?? null;
  if (local) {
    blob = kept.get(local.id) ?? new Blob([local.data], { type: local.type });
    kept.set(local.id, blob);
  }
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return { url, failed: remote.isError };
}

/** How many of the user's photos have not reached the server yet (waiting or refused), live. */
export function usePhotosWaiting(userId: string): number {
  return useLiveQuery(() => notUploadedCount(photoDb(), userId), [userId]) ?? 0;
}
