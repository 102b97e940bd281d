/** The photo queue on fake-indexeddb: kept before sending, each photo once, retried with backoff, refusals kept, reloads lose nothing. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { Dexie } from 'dexie';
import { DRAFT_KEPT_MS, KEEP_UPLOADED_MS, addPhoto, discardDrafts, notUploadedCount, pruneUploaded, releaseDrafts, removePhoto, retryDelay, retryPhoto, uploadWaiting, type NewPhoto, type PhotoSender } from './queue';
import { PhotoDb, type QueuedPhoto } from './store';

let factory: IDBFactory;
let db: PhotoDb;
const open = () => new PhotoDb('photos-test', { indexedDB: factory, IDBKeyRange });

beforeEach(async () => {
  factory = new IDBFactory();
  db = open();
  await db.open();
});

let serial = 0;
function photo(over: Partial<NewPhoto> = {}): NewPhoto {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    userId: 'u1',
    kind: 'task',
    ownerId: 't1',
    itemId: null,
    data: new Uint8Array([0xff, 0xd8, 0xff, serial]).buffer,
    type: 'image/jpeg',
    width: 1600,
    height: 1200,
    takenAt: `2026-11-26T10:00:${String(serial % 60).padStart(2, '0')}.000Z`,
    ...over,
  };
}

/** A server that stores each id once, like the real one, and can be made to fail. */
function fakeServer() {
  const stored = new Map<string, number>();
  let failWith: ApiError | null = null;
  const send: PhotoSender = async (p: QueuedPhoto) => {
    if (failWith) throw failWith;
    stored.set(p.id, (stored.get(p.id) ?? 0) + 1);
  };
  return { stored, send, fail: (e: ApiError | null) => (failWith = e) };
}

describe('the photo queue', () => {
  it('uploads each waiting photo once, oldest first, and only the signed-in user\u2019s', async () => {
    const a = await addPhoto(db, photo());
    const b = await addPhoto(db, photo({ itemId: 'i1' }));
    const other = await addPhoto(db, photo({ userId: 'u2' }));
    const order: string[] = [];
    const server = fakeServer();
    const summary = await uploadWaiting(db, 'u1', async (p) => {
      order.push(p.id);
      await server.send(p);
    });
    expect(summary).toEqual({ uploaded: 2, failed: 0, refused: 0 });
    expect(order).toEqual([a.id, b.id]);
    expect((await db.photos.get(a.id))?.state).toBe('uploaded');
    expect((await db.photos.get(other.id))?.state).toBe('waiting');
    // A second pass sends nothing again.
    expect(await uploadWaiting(db, 'u1', server.send)).toEqual({ uploaded: 0, failed: 0, refused: 0 });
    expect([...server.stored.values()]).toEqual([1, 1]);
  });

  it('keeps a photo through a failed attempt and tries it again after a growing wait', async () => {
    const p = await addPhoto(db, photo());
    const server = fakeServer();
    let now = 1_000_000;
    server.fail(new ApiError('Server down', 503));
    expect(await uploadWaiting(db, 'u1', server.send, { now: () => now })).toEqual({ uploaded: 0, failed: 1, refused: 0 });
    const after1 = await db.photos.get(p.id);
    expect(after1).toMatchObject({ state: 'waiting', attempts: 1, nextAttemptAt: now + retryDelay(1), lastError: 'Server down', lastStatus: 503 });
    // Not due yet: nothing is tried.
    now += retryDelay(1) - 1;
    expect((await uploadWaiting(db, 'u1', server.send, { now: () => now })).failed).toBe(0);
    now += 1;
    await uploadWaiting(db, 'u1', server.send, { now: () => now });
    // Back online (or a new start), a photo is tried whatever its wait.
    expect((await uploadWaiting(db, 'u1', server.send, { now: () => now, ignoreWait: true })).failed).toBe(1);
    expect((await db.photos.get(p.id))?.attempts).toBe(3);
    expect(retryDelay(2)).toBe(2 * retryDelay(1));
    expect(retryDelay(50)).toBe(10 * 60_000);
    server.fail(null);
    now += retryDelay(3);
    expect((await uploadWaiting(db, 'u1', server.send, { now: () => now })).uploaded).toBe(1);
    const uploaded = await db.photos.get(p.id);
    expect(uploaded).toMatchObject({ state: 'uploaded', attempts: 0 });
    expect(uploaded && 'lastError' in uploaded).toBe(false);
  });

  it('stops a pass at the first photo that gets no answer (offline), without touching the others', async () => {
    const a = await addPhoto(db, photo());
    const b = await addPhoto(db, photo());
    const server = fakeServer();
    server.fail(new ApiError('The server could not be reached', 0));
    expect(await uploadWaiting(db, 'u1', server.send)).toEqual({ uploaded: 0, failed: 1, refused: 0 });
    expect(await db.photos.get(a.id)).toMatchObject({ attempts: 1, lastStatus: 0 });
    expect((await db.photos.get(b.id))?.attempts).toBe(0);
  });

  it('keeps what the server refuses, with its reason, until removed or tried again', async () => {
    const p = await addPhoto(db, photo());
    const server = fakeServer();
    server.fail(new ApiError('Invalid value for body: not a readable image', 400));
    expect((await uploadWaiting(db, 'u1', server.send)).refused).toBe(1);
    expect(await db.photos.get(p.id)).toMatchObject({ state: 'refused', lastError: 'Invalid value for body: not a readable image' });
    expect(await notUploadedCount(db, 'u1')).toBe(1);
    expect((await uploadWaiting(db, 'u1', server.send)).refused).toBe(0);
    server.fail(null);
    await retryPhoto(db, p.id);
    expect((await uploadWaiting(db, 'u1', server.send)).uploaded).toBe(1);
    expect(await notUploadedCount(db, 'u1')).toBe(0);
    // An uploaded photo is not removed by the user's remove (the server has it).
    await removePhoto(db, p.id);
    expect(await db.photos.get(p.id)).toBeDefined();
  });

  it('loses nothing across a reload (the database closed and opened again), bytes included', async () => {
    const p = await addPhoto(db, photo());
    db.close();
    db = open();
    const again = await db.photos.get(p.id);
    expect(again?.state).toBe('waiting');
    expect(new Uint8Array(again?.data ?? new ArrayBuffer(0))).toEqual(new Uint8Array(p.data));
  });

  it('a pass stopped by a sign-out sends nothing more', async () => {
    await addPhoto(db, photo());
    const server = fakeServer();
    expect(await uploadWaiting(db, 'u1', server.send, { isStopped: () => true })).toEqual({ uploaded: 0, failed: 0, refused: 0 });
    expect(server.stored.size).toBe(0);
  });

  it('drops the device copies of photos uploaded over a week ago, never waiting ones', async () => {
    const old = await addPhoto(db, photo());
    const waiting = await addPhoto(db, photo({ userId: 'u2' }));
    const now = Date.parse('2026-11-26T12:00:00Z');
    await uploadWaiting(db, 'u1', fakeServer().send, { now: () => now - KEEP_UPLOADED_MS - 1000 });
    expect(await pruneUploaded(db, now)).toBe(1);
    expect(await db.photos.get(old.id)).toBeUndefined();
    expect(await db.photos.get(waiting.id)).toBeDefined();
  });

  it('keeps a report\u2019s draft photos unsent until the report is saved, and drops them when it is cancelled', async () => {
    const kept = await addPhoto(db, photo({ kind: 'report', ownerId: 'r1' }), true);
    const cancelled = await addPhoto(db, photo({ kind: 'report', ownerId: 'r2' }), true);
    const server = fakeServer();
    expect(await uploadWaiting(db, 'u1', server.send, { ignoreWait: true })).toEqual({ uploaded: 0, failed: 0, refused: 0 });
    expect(await notUploadedCount(db, 'u1')).toBe(0);
    expect(await discardDrafts(db, 'u1', 'r2')).toBe(1);
    expect(await db.photos.get(cancelled.id)).toBeUndefined();
    expect(await releaseDrafts(db, 'u1', 'r1')).toBe(1);
    expect((await uploadWaiting(db, 'u1', server.send)).uploaded).toBe(1);
    expect(server.stored.get(kept.id)).toBe(1);
    // A released photo is no draft any more: a later cancel of the same owner leaves it.
    expect(await discardDrafts(db, 'u1', 'r1')).toBe(0);
  });

  it('leaves a photo whose owner is not on the server yet for a later pass, counting no attempt', async () => {
    const held = await addPhoto(db, photo({ kind: 'report', ownerId: 'r-in-outbox' }));
    const free = await addPhoto(db, photo());
    const server = fakeServer();
    let reportPushed = false;
    const isReady = async (p: QueuedPhoto) => p.kind !== 'report' || reportPushed;
    expect(await uploadWaiting(db, 'u1', server.send, { isReady })).toEqual({ uploaded: 1, failed: 0, refused: 0 });
    expect(server.stored.has(free.id)).toBe(true);
    expect(await db.photos.get(held.id)).toMatchObject({ state: 'waiting', attempts: 0, nextAttemptAt: 0 });
    reportPushed = true;
    expect((await uploadWaiting(db, 'u1', server.send, { isReady })).uploaded).toBe(1);
  });

  it('drops drafts left for a day (a form closed with the app), never waiting photos', async () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const old = new Date(now - DRAFT_KEPT_MS - 1000).toISOString();
    const draft = await addPhoto(db, photo({ kind: 'report', ownerId: 'r3', takenAt: old }), true);
    const waiting = await addPhoto(db, photo({ takenAt: old }));
    expect(await pruneUploaded(db, now)).toBe(1);
    expect(await db.photos.get(draft.id)).toBeUndefined();
    expect(await db.photos.get(waiting.id)).toBeDefined();
  });

  it('keeps the photos of an older device database, as photos of their tasks', async () => {
    db.close();
    const v1 = new Dexie('photos-test-v1', { indexedDB: factory, IDBKeyRange });
    v1.version(1).stores({ photos: '&id, [userId+state], [userId+taskId], uploadedAt' });
    const { kind: _kind, ownerId: _owner, ...old } = photo();
    await v1.table('photos').add({ ...old, taskId: 't-old', state: 'waiting', attempts: 0, nextAttemptAt: 0 });
    v1.close();
    db = new PhotoDb('photos-test-v1', { indexedDB: factory, IDBKeyRange });
    const [upgraded] = await db.photos.where('[userId+ownerId]').equals(['u1', 't-old']).toArray();
    expect(upgraded).toMatchObject({ id: old.id, kind: 'task', ownerId: 't-old', state: 'waiting' });
    expect(upgraded && 'taskId' in upgraded).toBe(false);
  });
});
