/**
 * The time of the work: a task's started_at and completed_at come from the device's time of the
 * change (the sync mutation's `at`), bounded by what is plausible, whenever the push arrives; a
 * change made online is stamped with the server's time; a host's reopen clears them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { getRow, newId } from '../src/db/write';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createStaff, createTask, defOf } from './fixtures';
import { auth, push } from './sync-helpers';

const T = TABLE_IDS;
let app: TestApp;
beforeAll(async () => {
  app = await makeTestApp();
});
afterAll(async () => {
  await app.cleanup();
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const change = (seq: number, taskId: string, fields: Record<string, unknown>, at: string) => ({ id: newId(), seq, table: T.housekeeping_tasks, op: 'update' as const, rowId: taskId, fields, at });
const task = (id: string) => getRow(app.db, defOf(T.housekeeping_tasks), id);

describe('the time of the work', () => {
  it('keeps the times the housekeeper started and completed offline, pushed hours later', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const id = String(createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId, created_date: minutesAgo(600) }).id);
    const started = minutesAgo(240);
    const completed = minutesAgo(180);
    await push(app, staff.token, `c-${newId()}`, [
      change(1, id, { task_status: 'in_progress' }, started),
      change(2, id, { notes: 'Towels restocked' }, minutesAgo(200)),
      change(3, id, { task_status: 'completed' }, completed),
    ]);
    expect(task(id)).toMatchObject({ task_status: 'completed', started_at: started, completed_at: completed });
  });

  it('bounds a device time in the future by now, and one before the task existed by its creation', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const created = minutesAgo(30);
    const id = String(createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId, created_date: created }).id);
    const before = Date.now();
    await push(app, staff.token, `c-${newId()}`, [
      change(1, id, { task_status: 'in_progress' }, minutesAgo(24 * 60)),
      change(2, id, { task_status: 'completed' }, new Date(Date.now() + 3 * 3600_000).toISOString()),
    ]);
    const row = task(id);
    expect(row?.started_at).toBe(created);
    expect(Date.parse(String(row?.completed_at))).toBeGreaterThanOrEqual(before);
    expect(Date.parse(String(row?.completed_at))).toBeLessThanOrEqual(Date.now());
  });

  it("stamps a change made online with the server's time, and a host's reopen clears the completion", async () => {
    const host = createHost(app);
    const id = String(createTask(app, host.hostProfileId, { created_date: minutesAgo(60) }).id);
    const update = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: `/api/table/${T.housekeeping_tasks}/update`, headers: auth(host.token), payload: { ID: id, ...payload } });
    const before = Date.now();
    expect((await update({ task_status: 'completed' })).statusCode).toBe(200);
    expect(Date.parse(String(task(id)?.completed_at))).toBeGreaterThanOrEqual(before);
    expect(task(id)?.started_at).toBeNull();
    expect((await update({ task_status: 'in_progress' })).statusCode).toBe(200);
    expect(task(id)).toMatchObject({ completed_at: null });
    expect(task(id)?.started_at).not.toBeNull();
  });

  it('does not let a housekeeper write the times herself', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const id = String(createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId }).id);
    const reply = await push(app, staff.token, `c-${newId()}`, [change(1, id, { started_at: minutesAgo(5) }, minutesAgo(5))]);
    expect(reply.results[0]).toMatchObject({ status: 'rejected', code: 403 });
  });
});
