/**
 * The photos of a task or of a problem report as a screen shows them: the ones kept on this device
 * (taken here, waiting or uploaded, shown at once from their bytes) and the server's list (online,
 * react-query), one entry per id. Server photos are fetched with the session's token and shown from
 * object URLs.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import type { TaskPhoto } from '../../../../shared/api/photos';
import { useOnline } from '../../lib/use-online';
import { fetchPhoto, listPhotos } from './api';
import { addPhoto, discardDrafts, notUploadedCount, releaseDrafts } from './queue';
import { shrinkPhoto } from './shrink';
import { ownerOf, photoDb, type PhotoOwner, type QueuedPhoto } from './store';
import { kickPhotoUploads } from './uploader';

/** What a thumbnail says: on the server, on its way (failing, with the reason), refused, or picked for a form not sent yet. */
export type PhotoStatus = 'uploaded' | 'waiting' | 'retrying' | 'refused' | 'draft';

export type PhotoView = {
  id: string;
  /** Whose route serves its bytes: the owner it was kept or listed with. */
  owner: PhotoOwner;
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
  const status: PhotoStatus = p.state === 'waiting' ? (failed ? 'retrying' : 'waiting') : p.state;
  const view: PhotoView = { id: p.id, owner: ownerOf(p), itemId: p.itemId, status, width: p.width, height: p.height, takenAt: p.takenAt, local: p };
  if (p.lastError && (failed || p.state === 'refused')) view.error = p.lastError;
  return view;
}

function fromServer(p: TaskPhoto, owner: PhotoOwner): PhotoView {
  return { id: p.id, owner, itemId: p.checklist_item_id, status: 'uploaded', width: p.width, height: p.height, takenAt: p.taken_at };
}

export type OwnerPhotos = {
  photos: PhotoView[];
  /** The server's list: loaded (true), not yet or not reachable (false). Decides "Photo missing". */
  serverKnown: boolean;
  loading: boolean;
  /** Offline with no list from the server yet: only this device's photos can be shown. */
  offline: boolean;
  error: Error | null;
  /** Shrinks, keeps and queues picked files for the owner or one of its items. */
  add: (files: readonly File[], itemId: string | null) => Promise<void>;
};
export type TaskPhotos = OwnerPhotos;

/**
 * `userId`: the signed-in user (the device's own photos); `owner` null while none is open.
 * `draft`: the owner is not saved yet (a report being written): photos are kept as drafts, sent
 * once it is (`releaseDrafts`), and the server is not asked.
 */
export function usePhotos(owner: PhotoOwner | null, userId: string, { draft = false }: { draft?: boolean } = {}): OwnerPhotos {
  const online = useOnline();
  const kind = owner?.kind ?? 'task';
  const ownerId = owner?.id ?? null;
  const local = useLiveQuery(async () => (ownerId ? photoDb().photos.where('[userId+ownerId]').equals([userId, ownerId]).toArray() : []), [ownerId, userId]);
  const askServer = ownerId !== null && online && !draft;
  const server = useQuery({ queryKey: [`${kind}-photos`, ownerId], queryFn: () => listPhotos({ kind, id: ownerId ?? '' }), enabled: askServer, staleTime: 30_000 });
  const photos = useMemo(() => {
    const byId = new Map<string, PhotoView>();
    for (const p of server.data ?? []) byId.set(p.id, fromServer(p, { kind, id: ownerId ?? '' }));
    for (const p of local ?? []) byId.set(p.id, fromLocal(p));
    return [...byId.values()].sort((a, b) => a.takenAt.localeCompare(b.takenAt) || a.id.localeCompare(b.id));
  }, [local, server.data, kind, ownerId]);
  const add = async (files: readonly File[], itemId: string | null) => {
    if (!ownerId) return;
    for (const file of files) {
      const shrunk = await shrinkPhoto(file);
      await addPhoto(photoDb(), { id: crypto.randomUUID(), userId, kind, ownerId, itemId, takenAt: new Date().toISOString(), ...shrunk }, draft);
    }
    if (!draft) kickPhotoUploads(userId);
  };
  return {
    photos,
    serverKnown: server.isSuccess,
    loading: local === undefined || (askServer && server.isPending),
    offline: !online && !server.isSuccess,
    error: server.error,
    add,
  };
}

/** A task's photos (and those of the report it was made for). */
export function useTaskPhotos(taskId: string | null, userId: string): TaskPhotos {
  return usePhotos(taskId ? { kind: 'task', id: taskId } : null, userId);
}

/** An object URL of the photo's image (its bytes on the device, else fetched), revoked when no longer shown. */
export function usePhotoUrl(photo: PhotoView, size: 'full' | 'thumb'): { url: string | null; failed: boolean } {
  const remote = useQuery({
    queryKey: ['photo', photo.owner.kind, photo.owner.id, photo.id, size],
    queryFn: () => fetchPhoto(photo.owner, photo.id, size),
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

/** The owner (a report) was saved: its draft photos are queued and the upload starts. */
export async function sendDraftPhotos(userId: string, ownerId: string): Promise<void> {
  await releaseDrafts(photoDb(), userId, ownerId);
  kickPhotoUploads(userId);
}

/** The owner's form was cancelled: its draft photos are dropped from the device. */
export async function dropDraftPhotos(userId: string, ownerId: string): Promise<void> {
  await discardDrafts(photoDb(), userId, ownerId);
}
