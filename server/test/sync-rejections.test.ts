/**
 * Rejection reasons survive a lost answer: a push is retried when its answer never arrived, and a
 * mutation rejected the first time must be answered 'rejected' with the same reason again, while
 * nothing is applied twice. The reasons are kept until the client shows it heard the answer (a push
 * with nothing at or below its last seq), and at most REJECTION_RETENTION_DAYS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TABLE_IDS } from '../../shared/registry';
import { syncRejections } from '../../shared/schema/tables';
import type { MutationInput, PushRequest } from '../../shared/sync';
import { loadActor } from '../src/actor';
import { currentVersion, getRow, newId, type Row } from '../src/db/write';
import { pushMutations, REJECTION_RETENTION_DAYS } from '../src/modules/sync/service';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createStaff, createTask, defOf, type HostFixture, type StaffFixture } from './fixtures';
import { mutation, push } from './sync-helpers';

const T = TABLE_IDS;
let app: TestApp;

beforeAll(async () => {
  app = await makeTestApp();
});
afterAll(async () => {
  await app.cleanup();
});

function task(id: string): Row {
  const found = getRow(app.db, defOf(T.housekeeping_tasks), id);
  if (!found) throw new Error(`no task ${id}`);
  return found;
}

function stored(clientId: string): { mutation_id: string; seq: number; code: number; error: string }[] {
  return app.db
    .select({ mutation_id: syncRejections.mutation_id, seq: syncRejections.seq, code: syncRejections.code, error: syncRejections.error })
    .from(syncRejections)
    .where(eq(syncRejections.client_id, clientId))
    .all()
    .sort((a, b) => a.seq - b.seq);
}

function setup(): { host: HostFixture; staff: StaffFixture; taskId: string; clientId: string } {
  const host = createHost(app);
  const staff = createStaff(app, host.hostProfileId);
  const taskId = String(createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId }).id);
  return { host, staff, taskId, clientId: `client-${newId()}` };
}

describe('sync push: replays of rejected mutations', () => {
  it('answers a replayed batch with the first answer: the same reasons, nothing applied again', async () => {
    const { staff, taskId, clientId } = setup();
    const batch: MutationInput[] = [
      mutation(1, T.housekeeping_tasks, 'update', taskId, { notes: 'Keys with the neighbour' }),
      // Staff may not rename a task (policy: 403 naming the field).
      mutation(2, T.housekeeping_tasks, 'update', taskId, { task_title: 'Renamed' }),
      mutation(3, T.housekeeping_tasks, 'update', taskId, { task_status: 'completed' }),
      // Completed is final for staff (status rule: 409).
      mutation(4, T.housekeeping_tasks, 'update', taskId, { task_status: 'in_progress' }),
      mutation(5, T.housekeeping_tasks, 'update', newId(), { notes: 'A task that does not exist' }),
    ];
    const first = await push(app, staff.token, clientId, batch);
    expect(first.results.map((r) => [r.status, r.code])).toEqual([
      ['applied', undefined],
      ['rejected', 403],
      ['applied', undefined],
      ['rejected', 409],
      ['rejected', 404],
    ]);
    const version = currentVersion(app.db);
    const after = task(taskId);

    // The answer was lost: the client sends the same batch again, twice.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const again = await push(app, staff.token, clientId, batch);
      expect(again).toEqual({
        lastSeq: 5,
        results: first.results.map((r) => (r.status === 'applied' ? { id: r.id, status: 'duplicate' } : r)),
      });
    }
    expect(currentVersion(app.db)).toBe(version);
    expect(task(taskId)).toEqual(after);
    expect(after).toMatchObject({ notes: 'Keys with the neighbour', task_status: 'completed', task_title: expect.not.stringMatching(/^Renamed$/) });
  });

  it('answers a rejected mutation repeated in one batch rejected both times', async () => {
    const { staff, taskId, clientId } = setup();
    const m = mutation(1, T.housekeeping_tasks, 'update', taskId, { cost: 12 });
    const reply = await push(app, staff.token, clientId, [m, m]);
    expect(reply.results).toEqual([
      { id: m.id, status: 'rejected', code: 403, error: 'You may not change cost' },
      { id: m.id, status: 'rejected', code: 403, error: 'You may not change cost' },
    ]);
  });

  it('forgets the reasons once the client pushes past them, and keeps them while it does not', async () => {
    const { staff, taskId, clientId } = setup();
    const rejected = mutation(1, T.housekeeping_tasks, 'update', taskId, { task_title: 'Renamed' });
    await push(app, staff.token, clientId, [rejected]);
    expect(stored(clientId)).toEqual([{ mutation_id: rejected.id, seq: 1, code: 403, error: 'You may not change task_title' }]);

    // A retry that still carries the old mutation: the client has not heard; the reason stays.
    const next = mutation(2, T.housekeeping_tasks, 'update', taskId, { notes: 'later' });
    const retry = await push(app, staff.token, clientId, [rejected, next]);
    expect(retry.results.map((r) => r.status)).toEqual(['rejected', 'applied']);
    expect(stored(clientId)).toHaveLength(1);

    // Only seqs above the last: the client dropped what it was answered, so it heard.
    await push(app, staff.token, clientId, [mutation(3, T.housekeeping_tasks, 'update', taskId, { notes: 'even later' })]);
    expect(stored(clientId)).toEqual([]);
    const late = await push(app, staff.token, clientId, [rejected]);
    expect(late.results).toEqual([{ id: rejected.id, status: 'duplicate' }]);
  });

  it('drops reasons older than the retention, whoever they belong to', () => {
    const { staff, taskId, clientId } = setup();
    const actor = loadActor(app.db, staff.userId);
    if (!actor) throw new Error('staff actor not loaded');
    const env = { now: new Date('2031-03-01T00:00:00Z'), secretKey: app.secretKey };
    const request = (mutations: MutationInput[], id = clientId): PushRequest => ({
      clientId: id,
      mutations: mutations.map((m) => ({ ...m, fields: m.fields ?? {} })),
    });
    pushMutations(app.db, actor, request([mutation(1, T.housekeeping_tasks, 'update', taskId, { priority_level: 'high' })]), env);
    expect(stored(clientId)).toHaveLength(1);

    // Another client of the same user pushes a day before the retention ends: still kept.
    const day = 24 * 60 * 60 * 1000;
    const other = `client-${newId()}`;
    const almost = new Date(env.now.getTime() + (REJECTION_RETENTION_DAYS - 1) * day);
    pushMutations(app.db, actor, request([], other), { ...env, now: almost });
    expect(stored(clientId)).toHaveLength(1);
    const past = new Date(env.now.getTime() + (REJECTION_RETENTION_DAYS + 1) * day);
    pushMutations(app.db, actor, request([], other), { ...env, now: past });
    expect(stored(clientId)).toEqual([]);
  });
});
