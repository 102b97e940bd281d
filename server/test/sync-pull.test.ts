/**
 * GET /api/sync/pull: the caller's scope per role, secrets hidden, tombstones, paging with
 * `more`/`limit` over thousands of rows, scope growth (a newly assigned task brings its property)
 * and shrink (`reset: true`), stale cursors, and bad input answered 400 naming the field. The
 * oracle throughout: a replica kept up to date incrementally equals a fresh pull from 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TABLE_IDS } from '../../shared/registry';
import { counters } from '../../shared/schema/tables';
import { currentVersion, getRow, newId, nowIso, updateRow } from '../src/db/write';
import { PRUNED_THROUGH_COUNTER } from '../src/modules/sync/scope';
import { makeTestApp, type TestApp } from './helpers';
import { createBooking, createHost, createProperty, createStaff, createTask, createUser, defOf, seedRow, type HostFixture, type StaffFixture } from './fixtures';
import { auth, pull, pullRaw, Replica } from './sync-helpers';

const T = TABLE_IDS;
let app: TestApp;

beforeAll(async () => {
  app = await makeTestApp();
});
afterAll(async () => {
  await app.cleanup();
});

async function fresh(token: string, limit?: number): Promise<Replica> {
  const replica = new Replica();
  await replica.sync(app, token, limit);
  return replica;
}

/** The incremental replica holds exactly what a fresh start would. */
async function expectCurrent(replica: Replica, token: string): Promise<void> {
  const truth = await fresh(token);
  for (const table of new Set([...replica.tables.keys(), ...truth.tables.keys()])) {
    expect(Object.fromEntries(replica.rows(table)), `table ${table}`).toEqual(Object.fromEntries(truth.rows(table)));
  }
}

async function hostUpdate(token: string, table: number, body: Record<string, unknown>): Promise<void> {
  const res = await app.inject({ method: 'POST', url: `/api/table/${table}/update`, headers: auth(token), payload: body });
  expect(res.statusCode, res.body).toBe(200);
}

type Account = { host: HostFixture; staff: StaffFixture; ids: Record<string, string[]> };

function account(): Account {
  const host = createHost(app);
  const staff = createStaff(app, host.hostProfileId);
  const p1 = createProperty(app, host.hostProfileId);
  const p2 = createProperty(app, host.hostProfileId);
  const mine = createTask(app, host.hostProfileId, { property_id: p1.id, assigned_staff_id: staff.staffId });
  const unassigned = createTask(app, host.hostProfileId, { property_id: p2.id });
  const booking = createBooking(app, host.hostProfileId, { property_id: p2.id });
  const template = seedRow(app, T.task_templates, { hostProfileId: host.hostProfileId, userId: host.userId });
  return {
    host,
    staff,
    ids: {
      properties: [String(p1.id), String(p2.id)],
      tasks: [String(mine.id), String(unassigned.id)],
      bookings: [String(booking.id)],
      templates: [String(template.id)],
    },
  };
}

describe('sync pull: scope per role', () => {
  it("gives a host its own rows and never another host's", async () => {
    const a = account();
    const b = account();
    const replica = await fresh(a.host.token);
    expect(replica.ids(T.properties)).toEqual([...a.ids.properties!].sort());
    expect(replica.ids(T.housekeeping_tasks)).toEqual([...a.ids.tasks!].sort());
    expect(replica.ids(T.bookings)).toEqual(a.ids.bookings);
    expect(replica.ids(T.task_templates)).toEqual(a.ids.templates);
    expect(replica.ids(T.housekeeping_staff)).toEqual([a.staff.staffId]);
    expect(replica.ids(T.host_profiles)).toEqual([a.host.hostProfileId]);
    const seen = [...replica.tables.values()].flatMap((rows) => [...rows.values()]);
    expect(seen.filter((r) => r.host_id === b.host.hostProfileId)).toEqual([]);
    expect(replica.tables.has(T.users)).toBe(false);
  });

  it('gives a staff member its tasks, their properties and its own staff row, nothing else', async () => {
    const a = account();
    const colleague = createStaff(app, a.host.hostProfileId);
    createTask(app, a.host.hostProfileId, { property_id: a.ids.properties![1], assigned_staff_id: colleague.staffId });
    const replica = await fresh(a.staff.token);
    expect(replica.ids(T.housekeeping_tasks)).toEqual([a.ids.tasks![0]]);
    expect(replica.ids(T.properties)).toEqual([a.ids.properties![0]]);
    expect(replica.ids(T.housekeeping_staff)).toEqual([a.staff.staffId]);
    for (const table of [T.bookings, T.task_templates, T.host_profiles, T.guests, T.calendar_feeds]) expect(replica.ids(table)).toEqual([]);
  });

  it('gives an admin every host', async () => {
    const a = account();
    const b = account();
    const admin = createUser(app, 'admin');
    const replica = await fresh(admin.token, 5000);
    const properties = replica.ids(T.properties);
    for (const id of [...a.ids.properties!, ...b.ids.properties!]) expect(properties).toContain(id);
  });

  it('hides secret columns', async () => {
    const host = createHost(app);
    const property = createProperty(app, host.hostProfileId, { ical_export_token: 'secret-token' });
    const replica = await fresh(host.token);
    expect(replica.rows(T.properties).get(String(property.id))).toMatchObject({ ical_export_token: null, ical_export_token_set: true });
    expect(JSON.stringify([...replica.rows(T.properties).values()])).not.toContain('secret-token');
  });

  it('answers 401 without a session', async () => {
    expect((await pullRaw(app, null, '?cursor=0')).status).toBe(401);
  });
});

describe('sync pull: changes and tombstones', () => {
  it('sends rows changed after the cursor, and tombstones of deleted ones, but no tombstones on a fresh start', async () => {
    const a = account();
    const replica = await fresh(a.host.token);
    const bookingId = a.ids.bookings![0]!;
    const cursor = replica.cursor;
    const res = await app.inject({ method: 'POST', url: `/api/table/${T.bookings}/delete`, headers: auth(a.host.token), payload: { ID: bookingId } });
    expect(res.statusCode).toBe(200);
    await hostUpdate(a.host.token, T.housekeeping_tasks, { ID: a.ids.tasks![0], notes: 'changed' });

    const page = await pull(app, a.host.token, cursor);
    const tombstone = page.changes.find((c) => c.row.id === bookingId);
    expect(tombstone).toEqual({ table: T.bookings, deleted: true, row: { id: bookingId, version: expect.any(Number), deleted_at: expect.any(String) } });
    expect(page.changes.find((c) => c.row.id === a.ids.tasks![0])).toMatchObject({ deleted: false, row: { notes: 'changed' } });
    expect(page.changes.every((c) => Number(c.row.version) > cursor)).toBe(true);
    replica.apply(page);
    expect(replica.ids(T.bookings)).toEqual([]);
    await expectCurrent(replica, a.host.token);

    const again = await fresh(a.host.token);
    expect(again.ids(T.bookings)).toEqual([]);
    const first = await pull(app, a.host.token, 0);
    expect(first.changes.some((c) => c.deleted)).toBe(false);
  });

  it('answers the current version as the cursor when nothing changed', async () => {
    const a = account();
    const replica = await fresh(a.host.token);
    createHost(app);
    const page = await pull(app, a.host.token, replica.cursor);
    expect(page).toEqual({ cursor: currentVersion(app.db), more: false, version: currentVersion(app.db), changes: [] });
  });
});

describe('sync pull: paging', () => {
  it('streams a few thousand rows in pages of `limit`, each row once, in version order', async () => {
    const host = createHost(app);
    const property = createProperty(app, host.hostProfileId);
    const total = 3000;
    // Rows straight through one prepared statement, with versions taken from the counter as
    // insertRow would: the per-row drizzle build would make this setup take seconds.
    const at = nowIso();
    app.db.transaction((tx) => {
      const base = currentVersion(tx);
      tx.update(counters).set({ value: base + total }).where(eq(counters.name, 'version')).run();
      const insert = app.db.$client.prepare(
        'insert into bookings (id, version, updated_at, host_id, property_id, guest_name, check_in_date, check_out_date, created_date) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      );
      for (let i = 0; i < total; i += 1) {
        insert.run(newId(), base + 1 + i, at, host.hostProfileId, property.id, `Guest ${i}`, '2031-01-01', '2031-01-02', at);
      }
    });
    const whole = await pull(app, host.token, 0, 5000);
    expect(whole.more).toBe(false);
    expect(whole.changes.filter((c) => c.table === T.bookings).length).toBe(total);

    const limit = 700;
    const replica = new Replica();
    const versions: number[] = [];
    const end = currentVersion(app.db);
    for (;;) {
      const page = await pull(app, host.token, replica.cursor, limit);
      expect(page.changes.length).toBeLessThanOrEqual(limit);
      // Every page names the version the sync is heading for: the progress bar's far end.
      expect(page.version).toBe(end);
      expect(page.cursor).toBeLessThanOrEqual(end);
      versions.push(...page.changes.map((c) => Number(c.row.version)));
      replica.apply(page);
      if (!page.more) break;
      expect(page.cursor).toBe(Number(page.changes.at(-1)!.row.version));
    }
    expect(replica.rows(T.bookings).size).toBe(total);
    // Each row once, in version order, the same rows as one big page.
    expect(versions.length).toBe(whole.changes.length);
    expect([...versions].sort((x, y) => x - y)).toEqual(versions);
    expect(new Set(versions).size).toBe(versions.length);
    expect(replica.pages).toBe(Math.ceil(whole.changes.length / limit));
    expect(replica.cursor).toBe(currentVersion(app.db));
    await expectCurrent(replica, host.token);

    const byDefault = await pull(app, host.token, 0);
    expect(byDefault.changes.length).toBe(1000);
    expect(byDefault.more).toBe(true);
  });

  it('never splits a property from the task that brought it into a staff scope, even with limit 1', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const properties = [createProperty(app, host.hostProfileId), createProperty(app, host.hostProfileId)];
    const replicas = [new Replica(), new Replica(), new Replica()];
    await Promise.all(replicas.map((r, i) => r.sync(app, staff.token, [1, 2, 1000][i])));
    for (let i = 0; i < 4; i += 1) {
      createTask(app, host.hostProfileId, { property_id: properties[i % 2]!.id, assigned_staff_id: staff.staffId });
      for (const [j, r] of replicas.entries()) {
        await r.sync(app, staff.token, [1, 2, 1000][j]);
        expect(r.ids(T.properties)).toEqual(properties.map((p) => String(p.id)).slice(0, Math.min(i + 1, 2)).sort());
        expect(r.ids(T.housekeeping_tasks).length).toBe(i + 1);
        await expectCurrent(r, staff.token);
      }
    }
  });
});

describe('sync pull: scope growth and shrink', () => {
  it('brings the property of a newly assigned task although the property row did not change', async () => {
    const a = account();
    const replica = await fresh(a.staff.token);
    const [, p2] = a.ids.properties!;
    const [, unassigned] = a.ids.tasks!;
    expect(replica.ids(T.properties)).not.toContain(p2);
    const propertyVersion = Number(getRow(app.db, defOf(T.properties), p2!)!.version);
    expect(propertyVersion).toBeLessThan(replica.cursor);

    await hostUpdate(a.host.token, T.housekeeping_tasks, { ID: unassigned, assigned_staff_id: a.staff.staffId });
    const page = await pull(app, a.staff.token, replica.cursor);
    expect(page.reset).toBeUndefined();
    expect(page.changes.map((c) => [c.table, c.row.id])).toEqual(
      expect.arrayContaining([
        [T.properties, p2],
        [T.housekeeping_tasks, unassigned],
      ]),
    );
    expect(page.changes.find((c) => c.row.id === p2)!.row.version).toBe(propertyVersion);
    replica.apply(page);
    await expectCurrent(replica, a.staff.token);
  });

  it('answers reset when a task is reassigned away, and the new assignee grows without one', async () => {
    const a = account();
    const other = createStaff(app, a.host.hostProfileId);
    const mine = await fresh(a.staff.token);
    const theirs = await fresh(other.token);
    const [task] = a.ids.tasks!;
    await hostUpdate(a.host.token, T.housekeeping_tasks, { ID: task, assigned_staff_id: other.staffId });

    const page = await pull(app, a.staff.token, mine.cursor);
    expect(page.reset).toBe(true);
    mine.apply(page);
    expect(mine.ids(T.housekeeping_tasks)).toEqual([]);
    expect(mine.ids(T.properties)).toEqual([]);
    expect(mine.ids(T.housekeeping_staff)).toEqual([a.staff.staffId]);
    await expectCurrent(mine, a.staff.token);

    const gained = await pull(app, other.token, theirs.cursor);
    expect(gained.reset).toBeUndefined();
    theirs.apply(gained);
    expect(theirs.ids(T.housekeeping_tasks)).toEqual([task]);
    expect(theirs.ids(T.properties)).toEqual([a.ids.properties![0]]);
    // Once caught up, the next pull is an ordinary one again.
    expect((await pull(app, a.staff.token, mine.cursor)).reset).toBeUndefined();
  });

  it('answers reset when an assigned task is deleted or unassigned, or the staff row is unlinked', async () => {
    const a = account();
    const [p1, p2] = a.ids.properties!;
    const second = createTask(app, a.host.hostProfileId, { property_id: p2, assigned_staff_id: a.staff.staffId });
    const replica = await fresh(a.staff.token);
    expect(replica.ids(T.properties)).toEqual([p1, p2].sort());

    const del = await app.inject({ method: 'POST', url: `/api/table/${T.housekeeping_tasks}/delete`, headers: auth(a.host.token), payload: { ID: second.id } });
    expect(del.statusCode).toBe(200);
    let page = await pull(app, a.staff.token, replica.cursor);
    expect(page.reset).toBe(true);
    replica.apply(page);
    expect(replica.ids(T.properties)).toEqual([p1]);

    await hostUpdate(a.host.token, T.housekeeping_tasks, { ID: a.ids.tasks![0], assigned_staff_id: null });
    page = await pull(app, a.staff.token, replica.cursor);
    expect(page.reset).toBe(true);
    replica.apply(page);
    expect(replica.ids(T.properties)).toEqual([]);

    await hostUpdate(a.host.token, T.housekeeping_tasks, { ID: a.ids.tasks![0], assigned_staff_id: a.staff.staffId });
    await replica.sync(app, a.staff.token);
    expect(replica.ids(T.housekeeping_tasks)).toEqual([a.ids.tasks![0]]);
    await hostUpdate(a.host.token, T.housekeeping_staff, { ID: a.staff.staffId, staff_email: 'someone.else@example.test' });
    app.db.transaction((tx) => updateRow(tx, defOf(T.housekeeping_staff), a.staff.staffId, { user_id: null }));
    page = await pull(app, a.staff.token, replica.cursor);
    expect(page.reset).toBe(true);
    replica.apply(page);
    expect(replica.ids(T.housekeeping_tasks)).toEqual([]);
    expect(replica.ids(T.housekeeping_staff)).toEqual([]);
  });

  it('resets a staff user who gets linked to a staff row with older tasks (by user_id, never by e-mail)', async () => {
    const host = createHost(app);
    const user = createUser(app, 'staff');
    const replica = await fresh(user.token);
    const staffRow = seedRow(app, T.housekeeping_staff, { hostProfileId: host.hostProfileId, userId: host.userId });
    const task = createTask(app, host.hostProfileId, { assigned_staff_id: staffRow.id });
    await replica.sync(app, user.token);
    expect(replica.ids(T.housekeeping_tasks)).toEqual([]);
    // A host typing the address reaches nobody: only the accepted invite links the row.
    await hostUpdate(host.token, T.housekeeping_staff, { ID: staffRow.id, staff_email: user.email });
    await replica.sync(app, user.token);
    expect(replica.ids(T.housekeeping_tasks)).toEqual([]);
    app.db.transaction((tx) => updateRow(tx, defOf(T.housekeeping_staff), String(staffRow.id), { user_id: user.userId }));
    const page = await pull(app, user.token, replica.cursor);
    expect(page.reset).toBe(true);
    replica.apply(page);
    expect(replica.ids(T.housekeeping_tasks)).toEqual([String(task.id)]);
  });

  it('resets the old host when an admin moves a row to another host', async () => {
    const a = account();
    const b = account();
    const admin = createUser(app, 'admin');
    const replicaA = await fresh(a.host.token);
    const replicaB = await fresh(b.host.token);
    const template = a.ids.templates![0];
    await hostUpdate(admin.token, T.task_templates, { ID: template, host_id: b.host.hostProfileId });
    const pageA = await pull(app, a.host.token, replicaA.cursor);
    expect(pageA.reset).toBe(true);
    replicaA.apply(pageA);
    expect(replicaA.ids(T.task_templates)).toEqual([]);
    const pageB = await pull(app, b.host.token, replicaB.cursor);
    expect(pageB.reset).toBeUndefined();
    replicaB.apply(pageB);
    expect(replicaB.ids(T.task_templates)).toEqual([...b.ids.templates!, template].sort());
  });

  it('tells hosts of a deactivated tier with a tombstone, without a reset', async () => {
    const superAdmin = createUser(app, 'super_admin');
    const host = createHost(app);
    const tier = seedRow(app, T.subscription_tiers, { hostProfileId: host.hostProfileId, userId: host.userId });
    const replica = await fresh(host.token);
    expect(replica.ids(T.subscription_tiers)).toContain(String(tier.id));
    await hostUpdate(superAdmin.token, T.subscription_tiers, { ID: tier.id, is_active: false });
    const page = await pull(app, host.token, replica.cursor);
    expect(page.reset).toBeUndefined();
    expect(page.changes).toEqual([{ table: T.subscription_tiers, deleted: true, row: { id: tier.id, version: expect.any(Number), deleted_at: null } }]);
    replica.apply(page);
    expect(replica.ids(T.subscription_tiers)).not.toContain(String(tier.id));
    await expectCurrent(replica, host.token);
  });

  it('never resets a client twice for one shrink, however small its pages', async () => {
    const a = account();
    const colleague = createStaff(app, a.host.hostProfileId);
    for (let i = 0; i < 6; i += 1) createTask(app, a.host.hostProfileId, { property_id: a.ids.properties![i % 2], assigned_staff_id: a.staff.staffId });
    const replica = await fresh(a.staff.token, 2);
    await hostUpdate(a.host.token, T.housekeeping_tasks, { ID: a.ids.tasks![0], assigned_staff_id: colleague.staffId });
    // More rows after the shrink, so that pages go on past it.
    for (let i = 0; i < 4; i += 1) createTask(app, a.host.hostProfileId, { property_id: a.ids.properties![1], assigned_staff_id: a.staff.staffId });
    const page = await pull(app, a.staff.token, replica.cursor, 1);
    expect(page.reset).toBe(true);
    // The reset page runs through the shrink whatever the limit: the next cursor is past it.
    expect(page.changes.length).toBeGreaterThan(1);
    replica.apply(page);
    await replica.sync(app, a.staff.token, 1);
    expect(replica.resets).toBe(1);
    expect(replica.ids(T.housekeeping_tasks)).not.toContain(a.ids.tasks![0]);
    await expectCurrent(replica, a.staff.token);
  });
});

describe('sync pull: cursors and bad input', () => {
  const cases: [string, RegExp][] = [
    ['?cursor=-1', /^Invalid value for querystring cursor: /],
    ['?cursor=abc', /^Invalid value for querystring cursor: /],
    ['?cursor=1.5', /^Invalid value for querystring cursor: /],
    ['?cursor=', /^Invalid value for querystring cursor: /],
    ['?cursor=0&limit=0', /^Invalid value for querystring limit: /],
    ['?cursor=0&limit=5001', /^Invalid value for querystring limit: /],
    ['?cursor=0&limit=ten', /^Invalid value for querystring limit: /],
    ['?cursor=999999999999999999999', /^Invalid value for querystring cursor: /],
  ];
  for (const [query, message] of cases) {
    it(`answers 400 naming the field for ${query}`, async () => {
      const host = createHost(app);
      const reply = await pullRaw(app, host.token, query);
      expect(reply.status, JSON.stringify(reply.body)).toBe(400);
      expect(reply.body.error).toMatch(message);
    });
  }

  it('answers 400 to a cursor ahead of the server, and a first sync without a cursor', async () => {
    const host = createHost(app);
    const ahead = await pullRaw(app, host.token, `?cursor=${currentVersion(app.db) + 10}`);
    expect(ahead.status).toBe(400);
    expect(ahead.body.error).toMatch(/^Invalid value for cursor: ahead of the server/);
    const first = await pullRaw(app, host.token, '');
    expect(first.status).toBe(200);
    expect(first.body.changes.map((c) => c.row.id)).toContain(host.hostProfileId);
  });

  it('answers reset to a cursor older than the pruned tombstones', async () => {
    const a = account();
    const replica = await fresh(a.host.token);
    app.db.insert(counters).values({ name: PRUNED_THROUGH_COUNTER, value: replica.cursor + 1 }).run();
    try {
      const page = await pull(app, a.host.token, replica.cursor);
      expect(page.reset).toBe(true);
      replica.apply(page);
      await expectCurrent(replica, a.host.token);
      expect((await pull(app, a.host.token, 0)).reset).toBeUndefined();
    } finally {
      app.db.delete(counters).where(eq(counters.name, PRUNED_THROUGH_COUNTER)).run();
    }
  });
});
