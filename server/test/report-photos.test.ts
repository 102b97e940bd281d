/**
 * Photos of problem reports (server/src/modules/photos, owner "report"): uploaded by the reporter
 * with the report's id, re-encoded without metadata (GPS), kept once by the device's id, read by
 * the report's host and its reporter only, and shown on the maintenance task the report became
 * (to the host, and to the housekeeper the host assigns it to).
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { newId } from '../src/db/write';
import { createHost, createProperty, createStaff, createTask, type HostFixture, type StaffFixture } from './fixtures';
import { makeTestApp, type TestApp } from './helpers';
import { mutation, push } from './sync-helpers';

let app: TestApp;
let host: HostFixture;
let reporter: StaffFixture;
let colleague: StaffFixture;
let otherHost: HostFixture;
let reportId: string;
let maintenanceTaskId: string;
let gpsJpeg: Buffer;

function auth(token: string | null): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

beforeAll(async () => {
  app = await makeTestApp();
  host = createHost(app);
  reporter = createStaff(app, host.hostProfileId);
  colleague = createStaff(app, host.hostProfileId);
  otherHost = createHost(app);
  const property = createProperty(app, host.hostProfileId);
  const task = createTask(app, host.hostProfileId, { property_id: property.id, assigned_staff_id: reporter.staffId });
  // The colleague works at the same property: she still does not see another's report.
  createTask(app, host.hostProfileId, { property_id: property.id, assigned_staff_id: colleague.staffId });
  reportId = newId();
  const pushed = await push(app, reporter.token, newId(), [
    mutation(1, TABLE_IDS.problem_reports, 'create', reportId, { id: reportId, property_id: property.id, task_id: task.id, category: 'damage', severity: 'normal', description: 'Cracked mirror' }),
  ]);
  expect(pushed.results[0]).toMatchObject({ status: 'applied' });
  maintenanceTaskId = String((app.db.$client.prepare('select maintenance_task_id from problem_reports where id = ?').get(reportId) as { maintenance_task_id: string }).maintenance_task_id);
  gpsJpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' } })
    .toBuffer();
});
afterAll(async () => app.cleanup());

async function upload(token: string | null, photoId: string, opts: { report?: string; query?: string } = {}) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/reports/${opts.report ?? reportId}/photos/${photoId}${opts.query ?? ''}`,
    headers: { ...auth(token), 'content-type': 'image/jpeg' },
    payload: gpsJpeg,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

async function list(token: string | null, url: string): Promise<{ status: number; ids: string[] }> {
  const res = await app.inject({ method: 'GET', url, headers: auth(token) });
  return { status: res.statusCode, ids: res.statusCode === 200 ? (res.json() as { photos: { id: string }[] }).photos.map((p) => p.id) : [] };
}

describe('a photo sent with a problem report', () => {
  const photoId = randomUUID();

  it('is stored re-encoded, without the GPS position, with the report and on its maintenance task', async () => {
    const r = await upload(reporter.token, photoId, { query: '?taken_at=2026-11-26T09:00:00.000Z' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.photo).toMatchObject({ id: photoId, report_id: reportId, task_id: maintenanceTaskId, checklist_item_id: null, staff_id: reporter.staffId, width: 640, height: 480 });
    const full = await app.inject({ method: 'GET', url: `/api/reports/${reportId}/photos/${photoId}`, headers: auth(reporter.token) });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(full.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    // Once by its id: a retry stores nothing; an id that names no report is a 404.
    const again = await upload(reporter.token, photoId);
    expect(again).toMatchObject({ status: 200, body: { created: false } });
    expect((app.db.$client.prepare('select count(*) as n from task_photos where id = ?').get(photoId) as { n: number }).n).toBe(1);
    const elsewhere = await upload(reporter.token, photoId, { report: maintenanceTaskId });
    expect(elsewhere.status).toBe(404);
  });

  it('is read by the host (on the report and on its maintenance task, full size and thumbnail) and by the reporter', async () => {
    expect(await list(host.token, `/api/reports/${reportId}/photos`)).toEqual({ status: 200, ids: [photoId] });
    expect(await list(reporter.token, `/api/reports/${reportId}/photos`)).toEqual({ status: 200, ids: [photoId] });
    expect(await list(host.token, `/api/tasks/${maintenanceTaskId}/photos`)).toEqual({ status: 200, ids: [photoId] });
    const full = await app.inject({ method: 'GET', url: `/api/tasks/${maintenanceTaskId}/photos/${photoId}?size=full`, headers: auth(host.token) });
    expect(full.statusCode).toBe(200);
    expect((await sharp(full.rawPayload).metadata()).width).toBe(640);
    const thumb = await app.inject({ method: 'GET', url: `/api/reports/${reportId}/photos/${photoId}?size=thumb`, headers: auth(host.token) });
    expect(Math.max((await sharp(thumb.rawPayload).metadata()).width ?? 0)).toBe(320);
  });

  it('is refused to another host, another housekeeper and anonymous callers, for reading and uploading', async () => {
    for (const token of [otherHost.token, colleague.token]) {
      expect((await list(token, `/api/reports/${reportId}/photos`)).status).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/api/reports/${reportId}/photos/${photoId}`, headers: auth(token) })).statusCode).toBe(404);
      expect((await list(token, `/api/tasks/${maintenanceTaskId}/photos`)).status).toBe(404);
      expect((await upload(token, randomUUID())).status).toBe(404);
    }
    expect((await list(null, `/api/reports/${reportId}/photos`)).status).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/reports/${reportId}/photos/${photoId}` })).statusCode).toBe(401);
    expect((await upload(null, randomUUID())).status).toBe(401);
    // The reporter does not reach the maintenance task itself (it is the host's until assigned).
    expect((await list(reporter.token, `/api/tasks/${maintenanceTaskId}/photos`)).status).toBe(404);
  });

  it('reaches the housekeeper the host assigns the maintenance task to', async () => {
    const assigned = await app.inject({
      method: 'POST',
      url: `/api/table/${TABLE_IDS.housekeeping_tasks}/update`,
      headers: auth(host.token),
      payload: { ID: maintenanceTaskId, assigned_staff_id: colleague.staffId },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await list(colleague.token, `/api/tasks/${maintenanceTaskId}/photos`)).toEqual({ status: 200, ids: [photoId] });
    // Still not through the report: that is the reporter's and the host's.
    expect((await list(colleague.token, `/api/reports/${reportId}/photos`)).status).toBe(404);
  });

  it('validates the ids and the query: no checklist item on a report', async () => {
    expect((await upload(reporter.token, 'not-a-uuid')).status).toBe(400);
    const item = await upload(reporter.token, randomUUID(), { query: '?item=x' });
    expect(item.status).toBe(400);
    expect(String(item.body.error)).toContain('item');
  });
});
