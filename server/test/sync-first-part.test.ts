/**
 * A first sync in two parts (server/src/modules/sync/README.md): the first part carries the rows of
 * today's screens (first-part.ts), the cursor left at 0; the rest is an ordinary first sync sent
 * with `held`, which brings every row again, the tombstones of what was deleted since the first
 * part, and a reset when the scope shrank after it. The oracle: a replica synced in two parts,
 * with writes between and during its pages, equals a fresh pull from 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { currentVersion } from '../src/db/write';
import { makeTestApp, type TestApp } from './helpers';
import { createBooking, createHost, createProperty, createStaff, createTask, seedRow, type HostFixture, type StaffFixture } from './fixtures';
import { auth, pull, pullRaw, Replica } from './sync-helpers';

const T = TABLE_IDS;
const FROM = '2030-01-01';
const TO = '2030-02-01';
let app: TestApp;

beforeAll(async () => {
  app = await makeTestApp();
});
afterAll(async () => {
  await app.cleanup();
});

async function fresh(token: string): Promise<Replica> {
  const replica = new Replica();
  await replica.sync(app, token);
  return replica;
}

async function expectCurrent(replica: Replica, token: string): Promise<void> {
  const truth = await fresh(token);
  for (const table of new Set([...replica.tables.keys(), ...truth.tables.keys()])) {
    expect(Object.fromEntries(replica.rows(table)), `table ${table}`).toEqual(Object.fromEntries(truth.rows(table)));
  }
}

async function write(token: string, table: number, op: 'create' | 'update' | 'delete', body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await app.inject({ method: 'POST', url: `/api/table/${table}/${op}`, headers: auth(token), payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
}

type Account = {
  host: HostFixture;
  staff: StaffFixture;
  property: string;
  inWindow: { booking: string; task: string; overdue: string; message: string };
  later: { booking: string; task: string; done: string; read: string; guest: string };
};

/** A host with rows inside the window of today's screens and rows outside it. */
function account(): Account {
  const host = createHost(app);
  const staff = createStaff(app, host.hostProfileId);
  const property = String(createProperty(app, host.hostProfileId).id);
  const owner = { hostProfileId: host.hostProfileId, userId: host.userId };
  const id = (row: Record<string, unknown>) => String(row.id);
  return {
    host,
    staff,
    property,
    inWindow: {
      booking: id(createBooking(app, host.hostProfileId, { property_id: property, check_in_date: '2030-01-10', check_out_date: '2030-01-14' })),
      task: id(createTask(app, host.hostProfileId, { property_id: property, scheduled_date: '2030-01-14', assigned_staff_id: staff.staffId })),
      overdue: id(createTask(app, host.hostProfileId, { property_id: property, scheduled_date: '2029-06-01', task_status: 'pending' })),
      message: id(seedRow(app, T.inbox_messages, owner, { status: 'unread' })),
    },
    later: {
      booking: id(createBooking(app, host.hostProfileId, { property_id: property, check_in_date: '2029-03-01', check_out_date: '2029-03-04' })),
      task: id(createTask(app, host.hostProfileId, { property_id: property, scheduled_date: '2030-05-01', assigned_staff_id: staff.staffId })),
      done: id(createTask(app, host.hostProfileId, { property_id: property, scheduled_date: '2029-03-04', task_status: 'completed' })),
      read: id(seedRow(app, T.inbox_messages, owner, { status: 'read' })),
      guest: id(seedRow(app, T.guests, owner)),
    },
  };
}

describe('sync pull: the first part of a first sync', () => {
  it("carries today's screens' rows and nothing else, the cursor left at 0", async () => {
    const a = account();
    const replica = new Replica();
    const page = await replica.firstPart(app, a.host.token, FROM, TO);
    expect(page).toMatchObject({ cursor: 0, more: true, firstPart: true, version: currentVersion(app.db) });
    expect(page.changes.every((c) => !c.deleted)).toBe(true);
    expect(replica.ids(T.bookings)).toEqual([a.inWindow.booking]);
    expect(replica.ids(T.housekeeping_tasks)).toEqual([a.inWindow.task, a.inWindow.overdue].sort());
    expect(replica.ids(T.inbox_messages)).toEqual([a.inWindow.message]);
    expect(replica.ids(T.properties)).toEqual([a.property]);
    expect(replica.ids(T.housekeeping_staff)).toEqual([a.staff.staffId]);
    expect(replica.ids(T.host_profiles)).toEqual([a.host.hostProfileId]);
    expect(replica.ids(T.guests)).toEqual([]);
    expect(replica.held).toBe(page.version);

    // The rest brings everything (the first part's rows again), and ends the held state.
    await replica.sync(app, a.host.token, 2);
    expect(replica.held).toBeUndefined();
    expect(replica.ids(T.bookings)).toEqual([a.inWindow.booking, a.later.booking].sort());
    expect(replica.ids(T.guests)).toEqual([a.later.guest]);
    await expectCurrent(replica, a.host.token);
  });

  it('gives a housekeeper only her own tasks of the window and their properties', async () => {
    const a = account();
    const replica = new Replica();
    await replica.firstPart(app, a.staff.token, FROM, TO);
    expect(replica.ids(T.housekeeping_tasks)).toEqual([a.inWindow.task]);
    expect(replica.ids(T.properties)).toEqual([a.property]);
    await replica.sync(app, a.staff.token);
    expect(replica.ids(T.housekeeping_tasks)).toEqual([a.inWindow.task, a.later.task].sort());
    await expectCurrent(replica, a.staff.token);
  });

  it('loses no change made while the first sync runs, between its parts or between pages of the rest', async () => {
    const a = account();
    const replica = new Replica();
    await replica.firstPart(app, a.host.token, FROM, TO);
    // Another device that gets the rest in one page (from cursor 0, so that page must carry the tombstones).
    const onePage = new Replica();
    await onePage.firstPart(app, a.host.token, FROM, TO);
    // Between the parts: a first-part row changed, one deleted, one created, a later row changed.
    await write(a.host.token, T.bookings, 'update', { ID: a.inWindow.booking, guest_name: 'Changed meanwhile' });
    await write(a.host.token, T.housekeeping_tasks, 'delete', { ID: a.inWindow.overdue });
    await write(a.host.token, T.inbox_messages, 'update', { ID: a.inWindow.message, status: 'read' });
    const created = createBooking(app, a.host.hostProfileId, { property_id: a.property, check_in_date: '2030-01-20', check_out_date: '2030-01-22' });
    await write(a.host.token, T.housekeeping_tasks, 'update', { ID: a.later.task, task_title: 'Deep clean' });

    const whole = await onePage.next(app, a.host.token);
    expect(whole.more).toBe(false);
    expect(whole.changes.filter((c) => c.deleted).map((c) => c.row.id)).toContain(a.inWindow.overdue);
    expect(onePage.ids(T.housekeeping_tasks)).not.toContain(a.inWindow.overdue);
    await expectCurrent(onePage, a.host.token);

    const first = await replica.next(app, a.host.token, 3);
    expect(first.reset).toBeUndefined();
    expect(first.more).toBe(true);
    // Between pages of the rest: more writes, one of a row the rest has already sent.
    await write(a.host.token, T.bookings, 'update', { ID: a.inWindow.booking, guest_name: 'Changed again' });
    await write(a.host.token, T.bookings, 'delete', { ID: String(created.id) });
    await replica.sync(app, a.host.token, 3);

    expect(replica.ids(T.housekeeping_tasks)).not.toContain(a.inWindow.overdue);
    expect(replica.rows(T.bookings).get(a.inWindow.booking)?.guest_name).toBe('Changed again');
    expect(replica.ids(T.bookings)).not.toContain(String(created.id));
    expect(replica.rows(T.housekeeping_tasks).get(a.later.task)?.task_title).toBe('Deep clean');
    expect(replica.rows(T.inbox_messages).get(a.inWindow.message)?.status).toBe('read');
    expect(replica.resets).toBe(0);
    await expectCurrent(replica, a.host.token);
  });

  it('answers reset when the scope shrank after the first part, on the first page of the rest and on a later one', async () => {
    const a = account();
    const other = createStaff(app, a.host.hostProfileId);

    // Reassigned away between the parts: the page from cursor 0 with `held` is a reset.
    const early = new Replica();
    await early.firstPart(app, a.staff.token, FROM, TO);
    expect(early.ids(T.housekeeping_tasks)).toEqual([a.inWindow.task]);
    await write(a.host.token, T.housekeeping_tasks, 'update', { ID: a.inWindow.task, assigned_staff_id: other.staffId });
    const page = await early.next(app, a.staff.token);
    expect(page.reset).toBe(true);
    await early.sync(app, a.staff.token);
    expect(early.ids(T.housekeeping_tasks)).toEqual([a.later.task]);
    await expectCurrent(early, a.staff.token);

    // Reassigned away while the rest pages, its cursor already past the first part's version.
    createTask(app, a.host.hostProfileId, { property_id: a.property, scheduled_date: '2030-01-15', assigned_staff_id: a.staff.staffId });
    const late = new Replica();
    await late.firstPart(app, a.staff.token, FROM, TO);
    const mine = [...late.rows(T.housekeeping_tasks).keys()];
    expect(mine).toHaveLength(1);
    createTask(app, a.host.hostProfileId, { property_id: a.property, scheduled_date: '2030-07-01', assigned_staff_id: a.staff.staffId });
    await late.next(app, a.staff.token, 1);
    await write(a.host.token, T.housekeeping_tasks, 'update', { ID: mine[0], assigned_staff_id: other.staffId });
    await late.sync(app, a.staff.token, 1);
    expect(late.resets).toBe(1);
    expect(late.ids(T.housekeeping_tasks)).not.toContain(mine[0]);
    await expectCurrent(late, a.staff.token);
  });

  it('answers 400 naming the field for a malformed first part or held version', async () => {
    const a = account();
    const cases: [string, string][] = [
      ['?cursor=0&first_from=2030-01-01', 'first_to'],
      ['?cursor=0&first_to=2030-01-01', 'first_from'],
      ['?cursor=0&first_from=tomorrow&first_to=2030-01-01', 'first_from'],
      [`?cursor=1&first_from=${FROM}&first_to=${TO}`, 'first_from'],
      [`?cursor=0&held=${currentVersion(app.db) + 100}`, 'held'],
      ['?cursor=0&held=-1', 'held'],
    ];
    for (const [query, field] of cases) {
      const reply = await pullRaw(app, a.host.token, query);
      expect(reply.status, query).toBe(400);
      expect(reply.body.error, query).toContain(field);
    }
    // Without `held`, a page from 0 stays a fresh start (no tombstones).
    await write(a.host.token, T.bookings, 'delete', { ID: a.later.booking });
    const page = await pull(app, a.host.token, 0);
    expect(page.changes.some((c) => c.deleted)).toBe(false);
  });
});
