/**
 * Task photos (server/src/modules/photos): the upload route's cap and content check, metadata
 * dropped by the re-encode (GPS), exactly once by the device's id, who may upload and see them,
 * and the rule that a checklist item needing a photo is ticked only with one.
 */
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_UPLOAD_BYTES } from '../../shared/api/photos';
import { TABLE_IDS } from '../../shared/registry';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createStaff, createTask, type HostFixture, type StaffFixture } from './fixtures';

let app: TestApp;
let host: HostFixture;
let staff: StaffFixture;
let otherStaff: StaffFixture;
let otherHost: HostFixture;
let taskId: string;
let gpsJpeg: Buffer;

const ITEM = 'item-bathroom';

beforeAll(async () => {
  app = await makeTestApp();
  host = createHost(app);
  staff = createStaff(app, host.hostProfileId);
  otherStaff = createStaff(app, host.hostProfileId);
  otherHost = createHost(app);
  const task = createTask(app, host.hostProfileId, {
    assigned_staff_id: staff.staffId,
    checklist_items: [
      { id: ITEM, text: 'Photo of the bathroom', done: false, photo_required: true },
      { id: 'item-plain', text: 'Empty the bins', done: false },
    ],
  });
  taskId = String(task.id);
  gpsJpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' } })
    .toBuffer();
});
afterAll(async () => app.cleanup());

function auth(token: string | null): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function upload(token: string | null, photoId: string, body: Buffer | string, opts: { task?: string; query?: string; type?: string } = {}) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/tasks/${opts.task ?? taskId}/photos/${photoId}${opts.query ?? ''}`,
    headers: { ...auth(token), 'content-type': opts.type ?? 'image/jpeg' },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

function photoRows(id: string): number {
  return (app.db.$client.prepare('select count(*) as n from task_photos where id = ?').get(id) as { n: number }).n;
}

async function read(token: string | null, photoId: string, size = 'full') {
  return app.inject({ method: 'GET', url: `/api/tasks/${taskId}/photos/${photoId}?size=${size}`, headers: auth(token) });
}

describe('upload', () => {
  it('stores a re-encoded copy without any metadata (GPS gone), upright and capped, with a thumbnail', async () => {
    // The photo as sent carries EXIF with a GPS position (an IFD of its own, tag 0x8825 in IFD0).
    const sent = (await sharp(gpsJpeg).metadata()).exif;
    expect(sent?.length).toBeGreaterThan(0);
    expect(sent?.includes(Buffer.from([0x88, 0x25])) || sent?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const id = randomUUID();
    const r = await upload(staff.token, id, gpsJpeg, { query: `?item=${ITEM}&taken_at=2026-11-26T09:00:00.000Z` });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.created).toBe(true);
    expect(r.body.photo).toMatchObject({ id, task_id: taskId, checklist_item_id: ITEM, staff_id: staff.staffId, width: 400, height: 300, taken_at: '2026-11-26T09:00:00.000Z' });
    const full = await read(staff.token, id);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(full.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    const thumb = await sharp((await read(host.token, id, 'thumb')).rawPayload).metadata();
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(320);
  });

  it('takes each photo exactly once: a repeated upload of the same id stores nothing and answers the stored photo', async () => {
    const id = randomUUID();
    const first = await upload(staff.token, id, gpsJpeg);
    const again = await upload(staff.token, id, gpsJpeg);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(false);
    expect(again.body.photo).toEqual(first.body.photo);
    expect(photoRows(id)).toBe(1);
    const other = createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId });
    const elsewhere = await upload(staff.token, id, gpsJpeg, { task: String(other.id) });
    expect(elsewhere.status).toBe(409);
    expect(photoRows(id)).toBe(1);
  });

  it('answers 400 naming the body for what is not an image, and for an empty body', async () => {
    const id = randomUUID();
    const text = await upload(staff.token, id, 'definitely not a picture', { type: 'image/jpeg' });
    expect(text.status).toBe(400);
    expect(String(text.body.error)).toMatch(/^Invalid value for body/);
    const gif = await upload(staff.token, id, await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).gif().toBuffer(), { type: 'image/gif' });
    expect(gif.status).toBe(400);
    const broken = await upload(staff.token, id, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(200, 7)]));
    expect(broken.status).toBe(400);
    expect(String(broken.body.error)).toContain('not a readable image');
    const json = await upload(staff.token, id, JSON.stringify({ image: 'x' }), { type: 'application/json' });
    expect(json.status).toBe(400);
    expect(photoRows(id)).toBe(0);
  });

  it(`refuses a body over ${MAX_PHOTO_UPLOAD_BYTES / 1024 / 1024} MB with 413`, async () => {
    const id = randomUUID();
    const big = Buffer.concat([gpsJpeg, Buffer.alloc(MAX_PHOTO_UPLOAD_BYTES + 1 - gpsJpeg.length)]);
    const r = await upload(staff.token, id, big);
    expect(r.status).toBe(413);
    expect(String(r.body.error)).toContain('at most 15 MB');
    expect(photoRows(id)).toBe(0);
  });

  it('validates the ids and the query', async () => {
    expect((await upload(staff.token, 'not-a-uuid', gpsJpeg)).status).toBe(400);
    const r = await upload(staff.token, randomUUID(), gpsJpeg, { query: '?taken_at=yesterday' });
    expect(r.status).toBe(400);
    expect(String(r.body.error)).toContain('taken_at');
  });
});

describe('who reaches a task photo', () => {
  let photoId: string;
  beforeAll(async () => {
    photoId = randomUUID();
    expect((await upload(staff.token, photoId, gpsJpeg)).status).toBe(201);
  });

  it('the host of the task and its housekeeper list and read it', async () => {
    for (const token of [host.token, staff.token]) {
      const list = await app.inject({ method: 'GET', url: `/api/tasks/${taskId}/photos`, headers: auth(token) });
      expect(list.statusCode).toBe(200);
      expect((list.json() as { photos: { id: string }[] }).photos.map((p) => p.id)).toContain(photoId);
      expect((await read(token, photoId)).statusCode).toBe(200);
    }
  });

  it('another host, another housekeeper of the same host and anonymous callers do not', async () => {
    for (const token of [otherHost.token, otherStaff.token]) {
      expect((await app.inject({ method: 'GET', url: `/api/tasks/${taskId}/photos`, headers: auth(token) })).statusCode).toBe(404);
      expect((await read(token, photoId)).statusCode).toBe(404);
      expect((await upload(token, randomUUID(), gpsJpeg)).status).toBe(404);
    }
    expect((await read(null, photoId)).statusCode).toBe(401);
    expect((await upload(null, randomUUID(), gpsJpeg)).status).toBe(401);
  });

  it("is listed, without its image, in the host's data export", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/host/export', headers: auth(host.token) });
    expect(res.statusCode).toBe(200);
    const tar = zlib.gunzipSync(res.rawPayload).toString('latin1');
    expect(tar).toContain('/task_photos.csv');
    expect(tar).toContain(photoId);
    expect(tar).not.toContain('.webp');
    const other = await app.inject({ method: 'GET', url: '/api/host/export', headers: auth(otherHost.token) });
    expect(zlib.gunzipSync(other.rawPayload).toString('latin1')).not.toContain(photoId);
  });

  it('a photo is read only through its own task', async () => {
    const other = createTask(app, host.hostProfileId, { assigned_staff_id: otherStaff.staffId });
    const res = await app.inject({ method: 'GET', url: `/api/tasks/${String(other.id)}/photos/${photoId}`, headers: auth(otherStaff.token) });
    expect(res.statusCode).toBe(404);
  });
});

describe('an item that needs a photo', () => {
  async function tick(itemId: string, photo?: string) {
    const op = { op: 'set_done', id: itemId, done: true, ...(photo ? { photo_id: photo } : {}) };
    const res = await app.inject({
      method: 'POST',
      url: `/api/table/${TABLE_IDS.housekeeping_tasks}/update`,
      headers: auth(staff.token),
      payload: { ID: task, checklist_ops: [op] },
    });
    return res;
  }
  let task: string;

  it('is refused a tick without a photo, and takes one with a photo on the server or named by the tick', async () => {
    const items = [
      { id: 'a', text: 'Photo of the oven', done: false, photo_required: true },
      { id: 'b', text: 'Photo of the balcony', done: false, photo_required: true },
      { id: 'c', text: 'Photo of the fridge', done: false, photo_required: true },
    ];
    task = String(createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId, checklist_items: items }).id);
    const refused = await tick('a');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).toContain('Photo of the oven');
    const photo = randomUUID();
    expect((await upload(staff.token, photo, gpsJpeg, { task, query: '?item=a' })).status).toBe(201);
    expect((await tick('a')).statusCode).toBe(200);
    // Offline, the tick may arrive before the photo it names.
    expect((await tick('b', randomUUID())).statusCode).toBe(200);
    const row = app.db.$client.prepare('select checklist_items from housekeeping_tasks where id = ?').get(task) as { checklist_items: string };
    const done = (JSON.parse(row.checklist_items) as { id: string; done: boolean }[]).map((i) => [i.id, i.done]);
    expect(done).toEqual([
      ['a', true],
      ['b', true],
      ['c', false],
    ]);
  });

  it('is the host\'s to flag: a housekeeper may not drop the flag to tick without a photo', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/table/${TABLE_IDS.housekeeping_tasks}/update`,
      headers: auth(staff.token),
      payload: { ID: task, checklist_ops: [{ op: 'require_photo', id: 'c', required: false }] },
    });
    expect(res.statusCode).toBe(403);
    const host_ = await app.inject({
      method: 'POST',
      url: `/api/table/${TABLE_IDS.housekeeping_tasks}/update`,
      headers: auth(host.token),
      payload: { ID: task, checklist_ops: [{ op: 'require_photo', id: 'c', required: false }] },
    });
    expect(host_.statusCode).toBe(200);
    expect((await tick('c')).statusCode).toBe(200);
  });
});
