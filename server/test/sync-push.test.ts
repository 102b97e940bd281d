/**
 * POST /api/sync/push: mutations applied in seq order through the table service, replays answered
 * 'duplicate', rejections that roll back alone and never block the rest, the table API's policy
 * to the letter, the task status rule, field-level last-writer-wins, the clientId binding, and
 * bad input answered 400 naming the field. The database is checked, not only the replies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { TABLES, TABLE_IDS } from '../../shared/registry';
import { auditLog, syncClients } from '../../shared/schema/tables';
import { isTaskStatusMoveAllowed, MAX_PUSH_MUTATIONS, type MutationInput, type TaskStatus } from '../../shared/sync';
import { TASK_STATUSES } from '../../shared/enums';
import { columnsOf, currentVersion, getRow, insertRow, newId, type Row } from '../src/db/write';
import { loadActor } from '../src/actor';
import type { ChangeBatch } from '../src/db/changes';
import { pushMutations } from '../src/modules/sync/service';
import { makeTestApp, type TestApp } from './helpers';
import { createBooking, createHost, createProperty, createStaff, createTask, createUser, defOf, seedRow, type HostFixture, type StaffFixture } from './fixtures';
import { auth, mutation, push, pushRaw } from './sync-helpers';

const T = TABLE_IDS;
let app: TestApp;

beforeAll(async () => {
  app = await makeTestApp();
});
afterAll(async () => {
  await app.cleanup();
});

function row(table: number, id: string): Row {
  const found = getRow(app.db, defOf(table), id, { includeDeleted: true });
  if (!found) throw new Error(`no row ${id} in ${table}`);
  return found;
}

function clientId(): string {
  return `client-${newId()}`;
}

function hostWithStaff(): { host: HostFixture; staff: StaffFixture } {
  const host = createHost(app);
  return { host, staff: createStaff(app, host.hostProfileId) };
}

describe('sync push: applying', () => {
  it('applies creates, updates and deletes in seq order, whatever the order in the request', async () => {
    const host = createHost(app);
    const doomed = createTask(app, host.hostProfileId);
    const propertyId = newId();
    const taskId = newId();
    const cid = clientId();
    const m1 = mutation(1, T.properties, 'create', propertyId, { property_name: 'Harbour loft' });
    const m2 = mutation(2, T.housekeeping_tasks, 'create', taskId, { property_id: propertyId, task_title: 'First clean' });
    const m3 = mutation(3, T.housekeeping_tasks, 'update', taskId, { notes: 'Keys in the box' });
    const m4 = mutation(4, T.housekeeping_tasks, 'delete', String(doomed.id));
    const reply = await push(app, host.token, cid, [m3, m1, m4, m2]);

    expect(reply).toEqual({
      lastSeq: 4,
      results: [m1, m2, m3, m4].map((m) => ({ id: m.id, status: 'applied' })),
    });
    const property = row(T.properties, propertyId);
    const task = row(T.housekeeping_tasks, taskId);
    expect(property).toMatchObject({ property_name: 'Harbour loft', host_id: host.hostProfileId, deleted_at: null });
    expect(task).toMatchObject({ task_title: 'First clean', notes: 'Keys in the box', host_id: host.hostProfileId, property_id: propertyId });
    // Server-set fields come from the server, as through the table API.
    expect(typeof task.created_date).toBe('string');
    expect(Number(task.version)).toBeGreaterThan(Number(property.version));
    expect(row(T.housekeeping_tasks, String(doomed.id)).deleted_at).not.toBeNull();
    expect(app.db.select().from(syncClients).where(eq(syncClients.client_id, cid)).get()).toMatchObject({ user_id: host.userId, last_seq: 4 });
  });

  it('keeps a client-made rowId; a key in fields that disagrees with rowId is rejected', async () => {
    const host = createHost(app);
    const id = `client-made-${newId()}`;
    const other = newId();
    const reply = await push(app, host.token, clientId(), [
      mutation(1, T.properties, 'create', id, { property_name: 'Kept id' }),
      mutation(2, T.properties, 'create', other, { id: 'something-else', property_name: 'Bad id' }),
      mutation(3, T.properties, 'update', id, { id, property_name: 'Same id is fine' }),
    ]);
    expect(reply.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    expect(reply.results[1]).toMatchObject({ error: 'Invalid value for fields.id: must match rowId', code: 400 });
    expect(row(T.properties, id).property_name).toBe('Same id is fine');
    expect(getRow(app.db, defOf(T.properties), other, { includeDeleted: true })).toBeUndefined();
  });

  it('rejects an update or delete of a deleted row as not found', async () => {
    const host = createHost(app);
    const task = createTask(app, host.hostProfileId);
    const id = String(task.id);
    const reply = await push(app, host.token, clientId(), [
      mutation(1, T.housekeeping_tasks, 'delete', id),
      mutation(2, T.housekeeping_tasks, 'update', id, { notes: 'too late' }),
      mutation(3, T.housekeeping_tasks, 'delete', id),
    ]);
    expect(reply.results.map((r) => [r.status, r.code])).toEqual([
      ['applied', undefined],
      ['rejected', 404],
      ['rejected', 404],
    ]);
    expect(reply.results[1]!.error).toBe(`No housekeeping task with ID ${id} (it was deleted, or is not yours to change)`);
    expect(row(T.housekeeping_tasks, id).notes).toBe('');
  });

  it('answers an empty batch with the last seq and binds nothing', async () => {
    const host = createHost(app);
    const cid = clientId();
    expect(await push(app, host.token, cid, [])).toEqual({ lastSeq: 0, results: [] });
    await push(app, host.token, cid, [mutation(5, T.properties, 'create', newId(), { property_name: 'Five' })]);
    expect(await push(app, host.token, cid, [])).toEqual({ lastSeq: 5, results: [] });
  });
});

describe('sync push: replays', () => {
  it('answers a replayed mutation duplicate and does not apply it again', async () => {
    const { host, staff } = hostWithStaff();
    const task = createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId });
    const id = String(task.id);
    const cid = clientId();
    const m1 = mutation(1, T.housekeeping_tasks, 'update', id, { notes: 'from the staff client' });
    const m2 = mutation(2, T.housekeeping_tasks, 'update', id, { task_status: 'in_progress' });
    await push(app, staff.token, cid, [m1, m2]);
    const version = currentVersion(app.db);

    const again = await push(app, staff.token, cid, [m1, m2]);
    expect(again).toEqual({ lastSeq: 2, results: [m1, m2].map((m) => ({ id: m.id, status: 'duplicate' })) });
    expect(currentVersion(app.db)).toBe(version);

    // The host writes notes after; a late replay of the staff's older edit must not undo it.
    await push(app, host.token, clientId(), [mutation(1, T.housekeeping_tasks, 'update', id, { notes: 'host wrote last' })]);
    const m3 = mutation(3, T.housekeeping_tasks, 'update', id, { task_status: 'completed' });
    const mixed = await push(app, staff.token, cid, [m1, m3]);
    expect(mixed.results).toEqual([
      { id: m1.id, status: 'duplicate' },
      { id: m3.id, status: 'applied' },
    ]);
    expect(row(T.housekeeping_tasks, id)).toMatchObject({ notes: 'host wrote last', task_status: 'completed' });
  });

  it('treats the same mutation twice in one batch as applied then duplicate', async () => {
    const host = createHost(app);
    const m = mutation(1, T.properties, 'create', newId(), { property_name: 'Twice' });
    const reply = await push(app, host.token, clientId(), [m, m]);
    expect(reply.results).toEqual([
      { id: m.id, status: 'applied' },
      { id: m.id, status: 'duplicate' },
    ]);
  });
});

describe('sync push: rejections', () => {
  it('rejects with the reason, rolls back alone, never blocks the rest, and advances the seq past it', async () => {
    const { host, staff } = hostWithStaff();
    const task = createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId, task_title: 'Original title' });
    const id = String(task.id);
    const cid = clientId();
    const checklist = [{ id: 'c1', text: 'Towels', done: true }];
    const reply = await push(app, staff.token, cid, [
      mutation(1, T.housekeeping_tasks, 'update', id, { notes: 'first' }),
      mutation(2, T.housekeeping_tasks, 'update', id, { task_title: 'Renamed by staff' }),
      { ...mutation(3, T.housekeeping_tasks, 'update', id, { checklist_items: checklist }), base: { checklist_items: [] } },
    ]);
    expect(reply.lastSeq).toBe(3);
    expect(reply.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    expect(reply.results[1]).toMatchObject({ error: 'You may not change task_title', code: 403 });
    expect(row(T.housekeeping_tasks, id)).toMatchObject({ notes: 'first', task_title: 'Original title', checklist_items: checklist });
    const replay = await push(app, staff.token, cid, [mutation(2, T.housekeeping_tasks, 'update', id, { notes: 'replayed seq 2' })]);
    expect(replay.results[0]!.status).toBe('duplicate');
  });

  it('rolls back a mutation that fails after writing two rows, alone', async () => {
    // The same batch without the failing mutation, on twin rows: what the other two write.
    const batch = async (host: HostFixture, keepId: string, victimId: string | null) => {
      const ms = [mutation(1, T.properties, 'update', keepId, { property_name: 'Renamed' })];
      if (victimId) ms.push(mutation(2, T.properties, 'delete', victimId));
      const createdId = newId();
      ms.push(mutation(3, T.properties, 'create', createdId, { property_name: 'Created after' }));
      const before = currentVersion(app.db);
      const reply = await push(app, host.token, clientId(), ms);
      return { reply, createdId, versions: currentVersion(app.db) - before };
    };
    const twin = createHost(app);
    const control = await batch(twin, String(createProperty(app, twin.hostProfileId).id), null);

    const host = createHost(app);
    const keep = createProperty(app, host.hostProfileId);
    const victim = createProperty(app, host.hostProfileId);
    const victimId = String(victim.id);
    // A delete writes the tombstone, then its audit row; make the second write fail.
    app.db.$client.exec(
      `CREATE TEMP TRIGGER refuse_audit BEFORE INSERT ON audit_log WHEN new.entity_id = '${victimId}' BEGIN SELECT RAISE(ABORT, 'audit refused'); END`,
    );
    try {
      const { reply, createdId, versions } = await batch(host, String(keep.id), victimId);
      expect(reply.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied']);
      expect(reply.results[1]).toMatchObject({ code: 500, error: 'The server could not apply this change' });
      expect(row(T.properties, victimId)).toMatchObject({ deleted_at: null, version: victim.version });
      expect(app.db.select().from(auditLog).where(eq(auditLog.entity_id, victimId)).all()).toEqual([]);
      expect(row(T.properties, String(keep.id)).property_name).toBe('Renamed');
      expect(row(T.properties, createdId).property_name).toBe('Created after');
      // The rolled-back mutation's writes, version numbers included, went with it.
      expect(versions).toBe(control.versions);
    } finally {
      app.db.$client.exec('DROP TRIGGER refuse_audit');
    }
  });

  it('keeps nothing of a batch tried whole before a refusal: one feed batch of what was applied, one report of the failure', async () => {
    // A batch is first applied without a savepoint per mutation; a refusal rolls that attempt
    // back and the batch is applied again, each mutation alone (service.ts pushMutations).
    const host = createHost(app);
    const [a, victim, b] = [createProperty(app, host.hostProfileId), createProperty(app, host.hostProfileId), createProperty(app, host.hostProfileId)];
    const victimId = String(victim.id);
    const actor = loadActor(app.db, host.userId);
    if (!actor) throw new Error('no actor');
    app.db.$client.exec(
      `CREATE TEMP TRIGGER refuse_audit_once BEFORE INSERT ON audit_log WHEN new.entity_id = '${victimId}' BEGIN SELECT RAISE(ABORT, 'audit refused'); END`,
    );
    // The fixtures' own writes reach the feed on a later turn: let them pass first.
    await new Promise((resolve) => setImmediate(resolve));
    const batches: ChangeBatch[] = [];
    const stop = app.changes.subscribe((batch) => batches.push(batch));
    const reported: string[] = [];
    try {
      const cid = clientId();
      const before = currentVersion(app.db);
      const reply = pushMutations(
        app.db,
        actor,
        {
          clientId: cid,
          mutations: [
            { id: newId(), seq: 1, table: T.properties, op: 'update', rowId: String(a.id), fields: { property_name: 'First' }, at: new Date().toISOString() },
            { id: newId(), seq: 2, table: T.properties, op: 'delete', rowId: victimId, fields: {}, at: new Date().toISOString() },
            { id: newId(), seq: 3, table: T.properties, op: 'update', rowId: String(b.id), fields: { property_name: 'Third' }, at: new Date().toISOString() },
          ],
        },
        { now: new Date(), secretKey: app.secretKey, onUnexpected: (_err, m) => reported.push(m.rowId) },
      );
      await new Promise((resolve) => setImmediate(resolve));
      expect(reply.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied']);
      expect(reported).toEqual([victimId]);
      // Two updates, one version each: the attempt rolled back gave back every version it took.
      expect(currentVersion(app.db) - before).toBe(2);
      expect(batches).toHaveLength(1);
      expect(batches[0]!.origin).toBe(cid);
      expect(batches[0]!.changes.map((c) => c.id).sort()).toEqual([String(a.id), String(b.id)].sort());
      expect(row(T.properties, victimId)).toMatchObject({ deleted_at: null, version: victim.version });
    } finally {
      stop();
      app.db.$client.exec('DROP TRIGGER refuse_audit_once');
    }
  });

  it('runs a transaction opened inside another as a savepoint (better-sqlite3 nesting)', () => {
    const def = defOf(T.platform_settings);
    const key = (name: string) => `${name}-${newId()}`;
    const [a, b, c] = [key('outer-a'), key('inner-b'), key('outer-c')];
    app.db.transaction((tx) => {
      insertRow(tx, def, { setting_key: a, setting_value: '1' });
      try {
        app.db.transaction((inner) => {
          insertRow(inner, def, { setting_key: b, setting_value: '2' });
          throw new Error('inner fails');
        });
      } catch {
        // The inner savepoint rolled back; the outer transaction goes on.
      }
      insertRow(tx, def, { setting_key: c, setting_value: '3' });
    });
    const keys = (k: string) => app.db.$client.prepare('select count(*) from platform_settings where setting_key = ?').pluck().get(k);
    expect([keys(a), keys(b), keys(c)]).toEqual([1, 0, 1]);

    const d = key('inner-d');
    expect(() =>
      app.db.transaction((tx) => {
        app.db.transaction((inner) => insertRow(inner, def, { setting_key: d, setting_value: '4' }));
        expect(tx.select().from(def.table).all().length).toBeGreaterThan(0);
        throw new Error('outer fails');
      }),
    ).toThrow('outer fails');
    expect(keys(d)).toBe(0);
  });

  it('rejects tables that are not synced, unknown tables and route-only tables', async () => {
    const admin = createUser(app, 'admin');
    const host = createHost(app);
    const reply = await push(app, admin.token, clientId(), [
      mutation(1, T.users, 'update', admin.userId, { Name: 'Renamed' }),
      mutation(2, 99_999, 'create', newId(), {}),
    ]);
    expect(reply.results.map((r) => [r.status, r.code, r.error])).toEqual([
      ['rejected', 403, 'users is not written through sync'],
      ['rejected', 404, 'Unknown table: 99999'],
    ]);
    const routeOnly = await push(app, host.token, clientId(), [
      mutation(1, T.guests, 'create', newId(), { guest_email: 'g@example.test', guest_name: 'G' }),
      mutation(2, T.calendar_feeds, 'create', newId(), { platform: 'airbnb' }),
      mutation(3, T.notifications, 'create', newId(), { title: 'Self-made' }),
    ]);
    expect(routeOnly.results.map((r) => r.code)).toEqual([403, 403, 403]);
  });

  it('lets the owner mark a notification read through sync, not change anything else', async () => {
    const host = createHost(app);
    const note = seedRow(app, T.notifications, { hostProfileId: host.hostProfileId, userId: host.userId });
    const id = String(note.id);
    const reply = await push(app, host.token, clientId(), [
      mutation(1, T.notifications, 'update', id, { isRead: true }),
      mutation(2, T.notifications, 'update', id, { title: 'Rewritten' }),
    ]);
    expect(reply.results.map((r) => [r.status, r.code])).toEqual([
      ['applied', undefined],
      ['rejected', 403],
    ]);
    expect(row(T.notifications, id)).toMatchObject({ isRead: true, title: note.title });
  });
});

type Case = {
  name: string;
  /** Makes fresh rows and answers who writes what; called once per door. */
  setup: () => { token: string; table: number; op: MutationInput['op']; rowId: string; fields: Record<string, unknown> };
};

function tableApiBody(op: MutationInput['op'], rowId: string, fields: Record<string, unknown>): Record<string, unknown> {
  if (op === 'create') return { ...fields, id: rowId };
  if (op === 'update') return { ...fields, ID: rowId };
  return { ID: rowId };
}

describe('sync push: the table API policy, exactly', () => {
  const staffTask = () => {
    const { host, staff } = hostWithStaff();
    return { host, staff, task: createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId }) };
  };
  const cases: Case[] = [
    {
      name: 'staff changes a field it may not',
      setup: () => {
        const { staff, task } = staffTask();
        return { token: staff.token, table: T.housekeeping_tasks, op: 'update', rowId: String(task.id), fields: { task_title: 'Mine now' } };
      },
    },
    {
      name: "staff touches another staff member's task",
      setup: () => {
        const { host, staff } = staffTask();
        const other = createStaff(app, host.hostProfileId);
        const task = createTask(app, host.hostProfileId, { assigned_staff_id: other.staffId });
        return { token: staff.token, table: T.housekeeping_tasks, op: 'update', rowId: String(task.id), fields: { notes: 'peek' } };
      },
    },
    {
      name: 'staff creates a task',
      setup: () => {
        const { host, staff } = staffTask();
        const property = createProperty(app, host.hostProfileId);
        return { token: staff.token, table: T.housekeeping_tasks, op: 'create', rowId: newId(), fields: { property_id: property.id, task_title: 'x' } };
      },
    },
    {
      name: 'staff deletes its task',
      setup: () => {
        const { staff, task } = staffTask();
        return { token: staff.token, table: T.housekeeping_tasks, op: 'delete', rowId: String(task.id), fields: {} };
      },
    },
    {
      name: 'staff sets a status that does not exist',
      setup: () => {
        const { staff, task } = staffTask();
        return { token: staff.token, table: T.housekeeping_tasks, op: 'update', rowId: String(task.id), fields: { task_status: 'done' } };
      },
    },
    {
      name: "a host updates another host's booking",
      setup: () => {
        const a = createHost(app);
        const b = createHost(app);
        const booking = createBooking(app, b.hostProfileId);
        return { token: a.token, table: T.bookings, op: 'update', rowId: String(booking.id), fields: { guest_name: 'Mallory' } };
      },
    },
    {
      name: "a host deletes another host's property",
      setup: () => {
        const a = createHost(app);
        const b = createHost(app);
        return { token: a.token, table: T.properties, op: 'delete', rowId: String(createProperty(app, b.hostProfileId).id), fields: {} };
      },
    },
    {
      name: 'a host books check-out before check-in',
      setup: () => {
        const host = createHost(app);
        const property = createProperty(app, host.hostProfileId);
        return {
          token: host.token,
          table: T.bookings,
          op: 'create',
          rowId: newId(),
          fields: { property_id: property.id, check_in_date: '2030-05-10', check_out_date: '2030-05-09' },
        };
      },
    },
    {
      name: 'a host sends an unknown field',
      setup: () => {
        const host = createHost(app);
        return { token: host.token, table: T.properties, op: 'create', rowId: newId(), fields: { property_name: 'x', colour: 'blue' } };
      },
    },
    {
      name: "a host points a task at another host's property",
      setup: () => {
        const a = createHost(app);
        const b = createHost(app);
        return { token: a.token, table: T.housekeeping_tasks, op: 'create', rowId: newId(), fields: { property_id: createProperty(app, b.hostProfileId).id, task_title: 'x' } };
      },
    },
    {
      name: 'a host reuses an existing id',
      setup: () => {
        const host = createHost(app);
        return { token: host.token, table: T.properties, op: 'create', rowId: String(createProperty(app, host.hostProfileId).id), fields: { property_name: 'x' } };
      },
    },
    {
      name: 'a host changes its own host profile commission',
      setup: () => {
        const host = createHost(app);
        return { token: host.token, table: T.host_profiles, op: 'update', rowId: host.hostProfileId, fields: { commission_rate: 0 } };
      },
    },
    {
      name: 'an admin changes a subscription tier',
      setup: () => {
        const admin = createUser(app, 'admin');
        const host = createHost(app);
        const tier = seedRow(app, T.subscription_tiers, { hostProfileId: host.hostProfileId, userId: host.userId });
        return { token: admin.token, table: T.subscription_tiers, op: 'update', rowId: String(tier.id), fields: { monthly_price: 1 } };
      },
    },
    {
      name: 'a host misses a required field',
      setup: () => {
        const host = createHost(app);
        return { token: host.token, table: T.bookings, op: 'create', rowId: newId(), fields: { check_in_date: '2030-05-01', check_out_date: '2030-05-03' } };
      },
    },
  ];

  for (const c of cases) {
    it(`answers like the table API when ${c.name}`, async () => {
      const viaTable = c.setup();
      const res = await app.inject({
        method: 'POST',
        url: `/api/table/${viaTable.table}/${viaTable.op}`,
        headers: auth(viaTable.token),
        payload: tableApiBody(viaTable.op, viaTable.rowId, viaTable.fields),
      });
      const tableError = (res.json() as { error: string }).error;
      expect(res.statusCode).toBeGreaterThanOrEqual(400);

      const viaSync = c.setup();
      const before = currentVersion(app.db);
      const reply = await push(app, viaSync.token, clientId(), [mutation(1, viaSync.table, viaSync.op, viaSync.rowId, viaSync.fields)]);
      // Messages name ids; put this setup's ids in the table API's message to compare.
      const expected = tableError.replaceAll(viaTable.rowId, viaSync.rowId);
      expect(reply.results[0]).toMatchObject({ status: 'rejected', code: res.statusCode, error: expected });
      expect(currentVersion(app.db)).toBe(before);
    });
  }
});

describe('sync push: task status moves forward', () => {
  it('follows the rule for every pair of statuses and role', () => {
    const order: Record<TaskStatus, number> = { pending: 0, in_progress: 1, completed: 2, cancelled: 2 };
    for (const from of TASK_STATUSES) {
      for (const to of TASK_STATUSES) {
        const forward = from === to || (order[from] < 2 && order[to] >= order[from]);
        expect(isTaskStatusMoveAllowed(from, to, 'staff'), `${from} → ${to}`).toBe(forward);
        for (const role of ['host', 'admin', 'super_admin'] as const) expect(isTaskStatusMoveAllowed(from, to, role)).toBe(true);
      }
    }
  });

  it("never lets a staff member's older offline edit reopen a completed task; the host reopens it explicitly", async () => {
    const { host, staff } = hostWithStaff();
    const other = createStaff(app, host.hostProfileId);
    const task = createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId });
    const id = String(task.id);
    const staffClient = clientId();
    await push(app, staff.token, staffClient, [mutation(1, T.housekeeping_tasks, 'update', id, { task_status: 'in_progress' })]);
    // Offline, the staff member edits; meanwhile the host completes the task online.
    const offline = [
      mutation(2, T.housekeeping_tasks, 'update', id, { task_status: 'pending', notes: 'I have not started after all' }),
      mutation(3, T.housekeeping_tasks, 'update', id, { task_status: 'in_progress' }),
      mutation(4, T.housekeeping_tasks, 'update', id, { notes: 'Left the keys inside' }),
    ];
    await push(app, host.token, clientId(), [mutation(1, T.housekeeping_tasks, 'update', id, { task_status: 'completed' })]);
    const reply = await push(app, staff.token, staffClient, offline);
    expect(reply.results.map((r) => [r.status, r.code])).toEqual([
      ['rejected', 409],
      ['rejected', 409],
      ['applied', undefined],
    ]);
    expect(reply.results[1]!.error).toBe('Task is already completed; only the host can reopen it');
    // The rejected mutation rolled back whole: its notes did not land either.
    expect(row(T.housekeeping_tasks, id)).toMatchObject({ task_status: 'completed', notes: 'Left the keys inside' });

    const reopen = await push(app, host.token, clientId(), [mutation(1, T.housekeeping_tasks, 'update', id, { task_status: 'pending' })]);
    expect(reopen.results[0]!.status).toBe('applied');
    expect(row(T.housekeeping_tasks, id).task_status).toBe('pending');

    // Another task: the staff member may skip ahead, not go back; cancelled is final for staff.
    const second = createTask(app, host.hostProfileId, { assigned_staff_id: other.staffId });
    const sid = String(second.id);
    const moves = await push(app, other.token, clientId(), [
      mutation(1, T.housekeeping_tasks, 'update', sid, { task_status: 'completed' }),
      mutation(2, T.housekeeping_tasks, 'update', sid, { task_status: 'completed', notes: 'same status again is fine' }),
      mutation(3, T.housekeeping_tasks, 'update', sid, { task_status: 'in_progress' }),
    ]);
    expect(moves.results.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected']);
    await push(app, host.token, clientId(), [mutation(1, T.housekeeping_tasks, 'update', sid, { task_status: 'cancelled' })]);
    const afterCancel = await push(app, other.token, clientId(), [mutation(1, T.housekeeping_tasks, 'update', sid, { task_status: 'completed' })]);
    expect(afterCancel.results[0]).toMatchObject({ status: 'rejected', error: 'Task is already cancelled; only the host can reopen it' });
    expect(row(T.housekeeping_tasks, sid).task_status).toBe('cancelled');
  });
});

describe('sync push: field-level last-writer-wins', () => {
  it('writes only the fields a mutation names, in server order', async () => {
    const { host, staff } = hostWithStaff();
    const task = createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId, task_title: 'Before' });
    const id = String(task.id);
    const hostClient = clientId();
    const staffClient = clientId();
    await push(app, staff.token, staffClient, [mutation(1, T.housekeeping_tasks, 'update', id, { notes: 'staff note 1' })]);
    await push(app, host.token, hostClient, [mutation(1, T.housekeeping_tasks, 'update', id, { task_title: 'After', priority_level: 'high' })]);
    await push(app, staff.token, staffClient, [mutation(2, T.housekeeping_tasks, 'update', id, { notes: 'staff note 2' })]);
    await push(app, host.token, hostClient, [mutation(2, T.housekeeping_tasks, 'update', id, { notes: 'host note' })]);
    expect(row(T.housekeeping_tasks, id)).toMatchObject({ task_title: 'After', priority_level: 'high', notes: 'host note' });
  });
});

describe('sync push: clientId', () => {
  it('belongs to the user who first pushed with it: another user gets 403 and changes nothing', async () => {
    const { host, staff } = hostWithStaff();
    const task = createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId });
    const cid = clientId();
    await push(app, host.token, cid, [mutation(1, T.housekeeping_tasks, 'update', String(task.id), { notes: 'host' })]);
    const before = currentVersion(app.db);
    const stolen = await pushRaw(app, staff.token, { clientId: cid, mutations: [mutation(2, T.housekeeping_tasks, 'update', String(task.id), { notes: 'staff' })] });
    expect(stolen).toEqual({ status: 403, body: { error: 'This clientId belongs to another user' } });
    expect(currentVersion(app.db)).toBe(before);
    expect(app.db.select().from(syncClients).where(and(eq(syncClients.client_id, cid), eq(syncClients.user_id, host.userId))).get()?.last_seq).toBe(1);
  });
});

describe('sync push: bad input', () => {
  const good = () => mutation(1, T.properties, 'create', newId(), { property_name: 'x' });
  const cases: [string, (m: MutationInput) => unknown, RegExp][] = [
    ['missing clientId', (m) => ({ mutations: [m] }), /^Invalid value for clientId: /],
    ['clientId of the wrong type', (m) => ({ clientId: 7, mutations: [m] }), /^Invalid value for clientId: /],
    ['mutations not a list', () => ({ clientId: 'c', mutations: {} }), /^Invalid value for mutations: /],
    ['seq 0', (m) => ({ clientId: 'c', mutations: [{ ...m, seq: 0 }] }), /^Invalid value for mutations\.0\.seq: /],
    ['seq not an integer', (m) => ({ clientId: 'c', mutations: [{ ...m, seq: 1.5 }] }), /^Invalid value for mutations\.0\.seq: /],
    ['an unknown op', (m) => ({ clientId: 'c', mutations: [{ ...m, op: 'upsert' }] }), /^Invalid value for mutations\.0\.op: /],
    ['a table that is not a number', (m) => ({ clientId: 'c', mutations: [{ ...m, table: '20100' }] }), /^Invalid value for mutations\.0\.table: /],
    ['an empty rowId', (m) => ({ clientId: 'c', mutations: [{ ...m, rowId: '' }] }), /^Invalid value for mutations\.0\.rowId: /],
    ['fields that are not an object', (m) => ({ clientId: 'c', mutations: [{ ...m, fields: ['a'] }] }), /^Invalid value for mutations\.0\.fields: /],
    ['an at that is no instant', (m) => ({ clientId: 'c', mutations: [{ ...m, at: 'yesterday' }] }), /^Invalid value for mutations\.0\.at: /],
    ['an unknown mutation key', (m) => ({ clientId: 'c', mutations: [{ ...m, colour: 'red' }] }), /^Unknown field: colour$/],
    ['an unknown request key', (m) => ({ clientId: 'c', mutations: [m], extra: 1 }), /^Unknown field: extra$/],
    ['another clientId on a mutation', (m) => ({ clientId: 'c', mutations: [good(), { ...m, seq: 2, clientId: 'other' }] }), /^Invalid value for mutations\.1\.clientId: must equal clientId$/],
    ['two mutations with one seq', (m) => ({ clientId: 'c', mutations: [good(), { ...m, id: newId() }] }), /^Invalid value for mutations\.1\.seq: 1 is used by two mutations$/],
    [
      `more than ${MAX_PUSH_MUTATIONS} mutations`,
      (m) => ({ clientId: 'c', mutations: Array.from({ length: MAX_PUSH_MUTATIONS + 1 }, (_, i) => ({ ...m, id: `m${i}`, seq: i + 1 })) }),
      /^Invalid value for mutations: /,
    ],
  ];

  for (const [name, body, message] of cases) {
    it(`answers 400 naming the field for ${name}, and writes nothing`, async () => {
      const host = createHost(app);
      const before = currentVersion(app.db);
      const reply = await pushRaw(app, host.token, body(good()));
      expect(reply.status, JSON.stringify(reply.body)).toBe(400);
      expect(reply.body.error).toMatch(message);
      expect(currentVersion(app.db)).toBe(before);
    });
  }

  it('answers 400 to a body that is not JSON and 401 without a session, before reading the body', async () => {
    const host = createHost(app);
    const res = await app.inject({ method: 'POST', url: '/api/sync/push', headers: { ...auth(host.token), 'content-type': 'application/json' }, payload: '{"clientId":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid JSON body' });
    const anonymous = await pushRaw(app, null, { nonsense: true });
    expect(anonymous.status).toBe(401);
  });

  it('answers 413 to a body over the push limit', async () => {
    const host = createHost(app);
    const big = 'x'.repeat(9 * 1024 * 1024);
    const reply = await pushRaw(app, host.token, { clientId: 'c', mutations: [mutation(1, T.properties, 'create', newId(), { property_name: big })] });
    expect(reply.status).toBe(413);
  });
});

describe('sync push: never a 500 for what a client sends', () => {
  it('answers random bodies and random mutations of every table with 200 or 400, and never rejects one as a server failure', async () => {
    const admin = createUser(app, 'admin');
    const host = createHost(app);
    const columns = [...new Set(TABLES.flatMap((d) => Object.keys(columnsOf(d))))];
    const fields = fc.dictionary(fc.oneof(fc.constantFrom(...columns), fc.string({ maxLength: 8 })), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
    const someMutation = fc.record({
      id: fc.string({ minLength: 1, maxLength: 12 }),
      seq: fc.integer({ min: 1, max: 50 }),
      table: fc.oneof(fc.constantFrom(...TABLES.map((d) => d.id)), fc.integer({ min: 1, max: 30_000 })),
      op: fc.constantFrom('create', 'update', 'delete'),
      rowId: fc.oneof(fc.constant(host.hostProfileId), fc.string({ minLength: 1, maxLength: 12 })),
      fields,
      at: fc.constant('2030-01-01T00:00:00.000Z'),
    });
    const body = fc.oneof(
      fc.record({ clientId: fc.string({ minLength: 1, maxLength: 10 }), mutations: fc.uniqueArray(someMutation, { maxLength: 5, selector: (m) => m.seq }) }),
      fc.jsonValue({ maxDepth: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (payload, asAdmin) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/sync/push',
          headers: { ...auth(asAdmin ? admin.token : host.token), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        // 403: a clientId another user took earlier in this run.
        expect([200, 400, 403], res.body).toContain(res.statusCode);
        if (res.statusCode === 200) {
          for (const r of (res.json() as { results: { code?: number }[] }).results) expect(r.code).not.toBe(500);
        }
      }),
      { numRuns: 150 },
    );
  });
});
