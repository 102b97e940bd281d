/**
 * Access details (door code, Wi-Fi, parking, arrival notes) through the sync pull: the host gets
 * its own; a housekeeper gets a property's only from the day before her task there until it is
 * done, then a tombstone; another housekeeper and another host never get them. The window that
 * opens by the calendar reaches an incremental pull through the access-windows job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { addDays } from '../../shared/dates';
import { OPENED_AT_COUNTER, openAccessWindows } from '../src/modules/properties/access';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createProperty, createStaff, createTask, type HostFixture } from './fixtures';
import { auth, pull, Replica } from './sync-helpers';

const T = TABLE_IDS;
let app: TestApp;

beforeAll(async () => {
  app = await makeTestApp();
});
afterAll(async () => {
  await app.cleanup();
});

const today = () => new Date().toISOString().slice(0, 10);

async function createAccess(host: HostFixture, propertyId: string, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/table/${T.property_access}/create`,
    headers: auth(host.token),
    payload: { property_id: propertyId, door_code: '4711', wifi_name: 'Flores', wifi_password: 'sunshine', parking: 'Bay 3', arrival_notes: 'Key box left of the door', ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return String(res.json<{ ID: string }>().ID);
}

async function setStatus(token: string, taskId: string, task_status: string): Promise<void> {
  const res = await app.inject({ method: 'POST', url: `/api/table/${T.housekeeping_tasks}/update`, headers: auth(token), payload: { ID: taskId, task_status } });
  expect(res.statusCode, res.body).toBe(200);
}

async function synced(token: string): Promise<Replica> {
  const replica = new Replica();
  await replica.sync(app, token);
  return replica;
}

describe('property access details', () => {
  it('the host reads and edits its own; another host sees none and cannot reach them', async () => {
    const host = createHost(app);
    const other = createHost(app);
    const property = createProperty(app, host.hostProfileId);
    const id = await createAccess(host, String(property.id));
    expect((await synced(host.token)).rows(T.property_access).get(id)).toMatchObject({ door_code: '4711', wifi_password: 'sunshine' });
    expect((await synced(other.token)).ids(T.property_access)).toEqual([]);
    const foreign = await app.inject({ method: 'POST', url: `/api/table/${T.property_access}/update`, headers: auth(other.token), payload: { ID: id, door_code: '0000' } });
    expect(foreign.statusCode).toBe(404);
    // One row per property, and it never moves to another property.
    const again = await app.inject({ method: 'POST', url: `/api/table/${T.property_access}/create`, headers: auth(host.token), payload: { property_id: property.id } });
    expect(again.statusCode).toBe(409);
    const moved = await app.inject({ method: 'POST', url: `/api/table/${T.property_access}/update`, headers: auth(host.token), payload: { ID: id, property_id: createProperty(app, host.hostProfileId).id } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json<{ error: string }>().error).toMatch(/property_id/);
    const bad = await app.inject({ method: 'POST', url: `/api/table/${T.property_access}/update`, headers: auth(host.token), payload: { ID: id, door_code: 'x'.repeat(101) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/door_code/);
  });

  it('reaches the assigned housekeeper inside the window only, and leaves as a tombstone when the task is done', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const colleague = createStaff(app, host.hostProfileId);
    const property = createProperty(app, host.hostProfileId);
    const later = createProperty(app, host.hostProfileId);
    const accessId = await createAccess(host, String(property.id));
    const laterId = await createAccess(host, String(later.id));
    const task = createTask(app, host.hostProfileId, { property_id: property.id, assigned_staff_id: staff.staffId, scheduled_date: addDays(today(), 1) });
    // A task in a week: its window is not open yet.
    createTask(app, host.hostProfileId, { property_id: later.id, assigned_staff_id: staff.staffId, scheduled_date: addDays(today(), 7) });

    const replica = await synced(staff.token);
    expect(replica.ids(T.property_access)).toEqual([accessId]);
    expect(replica.rows(T.property_access).get(accessId)).toMatchObject({ door_code: '4711', wifi_name: 'Flores', wifi_password: 'sunshine', parking: 'Bay 3' });
    expect(replica.ids(T.property_access)).not.toContain(laterId);
    // Nobody else's device gets them: the colleague has no task there.
    expect((await synced(colleague.token)).ids(T.property_access)).toEqual([]);
    const page = await app.inject({ method: 'POST', url: `/api/table/${T.property_access}/page`, headers: auth(colleague.token), payload: { PageNo: 1, PageSize: 10 } });
    expect(page.json<{ List: unknown[] }>().List).toEqual([]);

    // A change by the host inside the window reaches her incrementally.
    const edit = await app.inject({ method: 'POST', url: `/api/table/${T.property_access}/update`, headers: auth(host.token), payload: { ID: accessId, door_code: '9090' } });
    expect(edit.statusCode).toBe(200);
    replica.apply(await pull(app, staff.token, replica.cursor));
    expect(replica.rows(T.property_access).get(accessId)).toMatchObject({ door_code: '9090' });

    // Started, still inside; done, gone.
    await setStatus(staff.token, String(task.id), 'in_progress');
    replica.apply(await pull(app, staff.token, replica.cursor));
    expect(replica.ids(T.property_access)).toEqual([accessId]);
    await setStatus(staff.token, String(task.id), 'completed');
    const after = await pull(app, staff.token, replica.cursor);
    expect(after.changes.find((c) => c.table === T.property_access)).toMatchObject({ deleted: true, row: { id: accessId } });
    expect(JSON.stringify(after.changes)).not.toContain('9090');
    replica.apply(after);
    expect(replica.ids(T.property_access)).toEqual([]);
    // A fresh start agrees.
    expect((await synced(staff.token)).ids(T.property_access)).toEqual([]);
  });

  it("opens for any open task of hers there, undated ones too: the pull agrees with the policy's condition", async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const colleague = createStaff(app, host.hostProfileId);
    // Per property, her tasks there (status, date) and whether its window is open.
    const cases: { tasks: [string, string | null][]; open: boolean }[] = [
      { tasks: [['pending', null]], open: true },
      { tasks: [['in_progress', null], ['pending', addDays(today(), 7)]], open: true },
      { tasks: [['completed', null], ['pending', addDays(today(), 7)]], open: false },
      { tasks: [['pending', addDays(today(), 7)], ['in_progress', today()]], open: true },
      { tasks: [['completed', addDays(today(), -1)]], open: false },
      { tasks: [['cancelled', null], ['pending', addDays(today(), -3)]], open: true },
      { tasks: [['cancelled', addDays(today(), 1)]], open: false },
    ];
    const expected: string[] = [];
    for (const { tasks, open } of cases) {
      const property = createProperty(app, host.hostProfileId);
      const accessId = await createAccess(host, String(property.id));
      if (open) expected.push(accessId);
      for (const [task_status, scheduled_date] of tasks) createTask(app, host.hostProfileId, { property_id: property.id, assigned_staff_id: staff.staffId, task_status, scheduled_date });
      // A colleague's open task there opens nothing for her.
      createTask(app, host.hostProfileId, { property_id: property.id, assigned_staff_id: colleague.staffId, scheduled_date: null });
    }
    const pulled = (await synced(staff.token)).ids(T.property_access);
    expect([...pulled].sort()).toEqual([...expected].sort());
    // The table API reads through the policy's own condition, task by task.
    const page = await app.inject({ method: 'POST', url: `/api/table/${T.property_access}/page`, headers: auth(staff.token), payload: { PageNo: 1, PageSize: 50 } });
    expect(page.json<{ List: { id: string }[] }>().List.map((r) => r.id).sort()).toEqual([...expected].sort());
  });

  it('opens by the calendar: the access-windows job brings the row to an incremental pull, once', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const property = createProperty(app, host.hostProfileId);
    const accessId = await createAccess(host, String(property.id));
    const task = createTask(app, host.hostProfileId, { property_id: property.id, assigned_staff_id: staff.staffId, scheduled_date: addDays(today(), 3) });
    const replica = await synced(staff.token);
    expect(replica.ids(T.property_access)).toEqual([]);

    // Two days pass: the task is now tomorrow's, yet no row changed.
    app.db.$client.prepare('update housekeeping_tasks set scheduled_date = ? where id = ?').run(addDays(today(), 1), task.id);
    const quiet = await pull(app, staff.token, replica.cursor);
    expect(quiet.changes.filter((c) => c.table === T.property_access)).toEqual([]);
    replica.apply(quiet);

    app.db.$client.prepare('delete from counters where name = ?').run(OPENED_AT_COUNTER);
    const summary = openAccessWindows(app.db, new Date());
    expect(summary).toMatchObject({ bumped: 1 });
    const opened = await pull(app, staff.token, replica.cursor);
    expect(opened.changes.filter((c) => c.table === T.property_access).map((c) => [c.row.id, c.deleted])).toEqual([[accessId, false]]);
    // The same day again: nothing more to open.
    expect(openAccessWindows(app.db, new Date()).bumped).toBe(0);
  });

  it("opens by the property's days: around midnight UTC the job opens nothing in Honolulu or Tokyo, then each at its own midnight", async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const at = (iso: string) => new Date(iso);
    const place = async (timezone: string) => {
      const property = createProperty(app, host.hostProfileId, { timezone });
      const access = await createAccess(host, String(property.id));
      createTask(app, host.hostProfileId, { property_id: property.id, assigned_staff_id: staff.staffId, scheduled_date: '2026-11-28' });
      return access;
    };
    const honolulu = await place('Pacific/Honolulu');
    const tokyo = await place('Asia/Tokyo');
    const version = (id: string) => app.db.$client.prepare('select version from property_access where id = ?').pluck().get(id) as number;
    const lastRun = (iso: string) => app.db.$client.prepare('insert or replace into counters (name, value) values (?, ?)').run(OPENED_AT_COUNTER, Date.parse(iso));
    // The SQL function the policy and the job use reads the property's day.
    const through = app.db.$client.prepare('select access_opens_through(?, ?)').pluck();
    expect(through.get('Pacific/Honolulu', '2026-11-27T00:30:00.000Z')).toBe('2026-11-27');
    expect(through.get('Asia/Tokyo', '2026-11-27T00:30:00.000Z')).toBe('2026-11-28');

    const before = [version(honolulu), version(tokyo)];
    // Across midnight UTC: Honolulu is still on the 26th, Tokyo's 27th began at 15:00 UTC.
    lastRun('2026-11-26T23:30:00.000Z');
    openAccessWindows(app.db, at('2026-11-27T00:30:00.000Z'));
    expect([version(honolulu), version(tokyo)]).toEqual(before);
    // Tokyo's midnight (15:00 UTC on the 26th) opens Tokyo's only.
    lastRun('2026-11-26T14:50:00.000Z');
    openAccessWindows(app.db, at('2026-11-26T15:00:00.000Z'));
    expect(version(honolulu)).toBe(before[0]);
    expect(version(tokyo)).toBeGreaterThan(before[1] ?? 0);
    // Honolulu's midnight (10:00 UTC on the 27th) opens Honolulu's.
    lastRun('2026-11-27T09:50:00.000Z');
    openAccessWindows(app.db, at('2026-11-27T10:00:00.000Z'));
    expect(version(honolulu)).toBeGreaterThan(before[0] ?? 0);
  });
});
