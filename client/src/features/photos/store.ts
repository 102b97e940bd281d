/**
 * The photos waiting on this device, and those it took and uploaded, in a Dexie database of their
 * own (`staykeep-task-photos`), apart from the synced store (db/db.ts): its schema moves on its own,
 * and the bytes never pass through the synced tables' in-memory mirror. Kept across reloads and
 * restarts like the outbox; each row belongs to the user who took it.
 */
import { Dexie, type DexieOptions, type Table } from 'dexie';

export const PHOTO_DB_NAME = 'staykeep-task-photos';

/**
 * draft: picked for something not saved yet (a problem report still being written), never sent
 * until it is; waiting: to upload (again, from `nextAttemptAt`); uploaded: the server has it;
 * refused: the server will never take it as it is (not an image, too large, the task is not this
 * user's any more): kept and shown until the user removes it or asks to try again.
 */
export type PhotoState = 'draft' | 'waiting' | 'uploaded' | 'refused';

/** What a photo is kept with on the server: a task (or one of its items), or a problem report. */
export type PhotoOwnerKind = 'task' | 'report';
export type PhotoOwner = { kind: PhotoOwnerKind; id: string };

export type QueuedPhoto = {
  /** A UUID made on the device: the server stores each id once. */
  id: string;
  userId: string;
  kind: PhotoOwnerKind;
  /** The task's or the report's id. */
  ownerId: string;
  /** The checklist item it shows, or null for the task (or report) as a whole. */
  itemId: string | null;
  /** The shrunk image (an ArrayBuffer, which every browser's IndexedDB keeps, where a Blob may not be). */
  data: ArrayBuffer;
  type: string;
  width: number;
  height: number;
  takenAt: string;
  state: PhotoState;
  /** Failed attempts so far (network, server error): the wait before the next one grows with them. */
  attempts: number;
  /** Epoch ms before which it is not tried again (0: at once). */
  nextAttemptAt: number;
  /** Why the last attempt failed, in words, for the thumbnail. */
  lastError?: string;
  /** The HTTP status of the last failed attempt (0: no answer, the device was offline). */
  lastStatus?: number;
  uploadedAt?: string;
};

/** The owner of a kept photo. */
export function ownerOf(photo: Pick<QueuedPhoto, 'kind' | 'ownerId'>): PhotoOwner {
  return { kind: photo.kind, id: photo.ownerId };
}

export class PhotoDb extends Dexie {
  declare photos: Table<QueuedPhoto, string>;

  /** `options` lets tests run on fake-indexeddb (`{ indexedDB, IDBKeyRange }`). */
  constructor(name: string = PHOTO_DB_NAME, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({ photos: '&id, [userId+state], [userId+taskId], uploadedAt' });
    // Photos of problem reports beside those of tasks: each row names its owner's kind and id.
    this.version(2)
      .stores({ photos: '&id, [userId+state], [userId+ownerId], uploadedAt' })
      .upgrade((tx) =>
        tx
          .table('photos')
          .toCollection()
          .modify((p: Record<string, unknown>) => {
            p.kind = 'task';
            p.ownerId = p.taskId;
            delete p.taskId;
          }),
      );
  }
}

let instance: PhotoDb | null = null;

/** The page's (or worker's) one handle on the photo database, opened on first use. */
export function photoDb(): PhotoDb {
  instance ??= new PhotoDb();
  return instance;
}
