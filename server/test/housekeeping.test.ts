/**
 * Task events → notifications, through the table API as host, admin and staff and through sync
 * push: the notification titles of shared/messages.ts reach the right users, with the task's action
 * URL; and the turnover rule (syncTurnoverTask) on booking writes.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TITLES } from '../../shared/messages';
import { TABLE_IDS } from '../../shared/registry';
import { housekeepingTasks, notifications, turnoverTasks } from '../../shared/schema/tables';
import type { Db } from '../src/db/index';
import { tombstoneRow, type Row } from '../src/db/write';
import { syncTurnoverTask } from '../src/modules/housekeeping/service';
import { createBooking, createHost, createProperty, createStaff, createTask, createUser, defOf, insertFixture, type HostFixture, type UserFixture } from './fixtures';
import { makeTestApp, type TestApp } from './helpers';

let app: TestApp;
let clock = new Date('2031-06-10T09:00:00.000Z');

beforeAll(async () => {
  app = await makeTestApp({ now: () => clock });
});

afterAll(async () => {
  await app.cleanup();
});

const TASKS = TABLE_IDS.housekeeping_tasks;

function auth(user: UserFixture) {
  return { authorization: `Bearer ${user.token}` };
}

function inbox(user: UserFixture) {
  return app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, user.userId), isNull(notifications.deleted_at)))
    .orderBy(notifications.version)
    .all();
}

function titles(user: UserFixture): string[] {
  return inbox(user).map((n) => n.title);
}

async function createVia(user: UserFixture, fields: Row): Promise<string> {
  const res = await app.inject({ method: 'POST', url: `/api/table/${TASKS}/create`, headers: auth(user), payload: fields });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { ID: string }).ID;
}

async function updateVia(user: UserFixture, id: string, fields: Row): Promise<void> {
  const res = await app.inject({ method: 'POST', url: `/api/table/${TASKS}/update`, headers: auth(user), payload: { ID: id, ...fields } });
  expect(res.statusCode, res.body).toBe(200);
}

function template(host: HostFixture, values: Row = {}): Row {
  return insertFixture(app, TABLE_IDS.task_templates, {
    host_id: host.hostProfileId,
    name: 'Turnover clean',
    description: 'Full clean between stays',
    checklist_items: [
      { id: 'c1', text: 'Strip beds', done: true },
      { id: 'c2', text: 'Restock towels', done: false },
    ],
    estimated_duration: 120,
    priority_level: 'high',
    special_instructions: 'Key in the lockbox',
    is_default: true,
    created_date: clock.toISOString(),
    ...values,
  });
}

describe('task events through the table API', () => {
  it('New Task Created: to the host for a template task or one made by someone else, never for its own plain task', async () => {
    const host = createHost(app);
    const property = createProperty(app, host.hostProfileId, { property_name: 'Villa Rosa' });
    await createVia(host, { property_id: property.id, task_title: 'Plain' });
    expect(titles(host)).toEqual([]);

    const tpl = template(host, { is_default: false });
    const fromTemplate = await createVia(host, { property_id: property.id, task_title: 'From template', template_id: tpl.id });
    const admin = createUser(app, 'admin', { name: 'Alice Admin' });
    const byAdmin = await createVia(admin, { host_id: host.hostProfileId, property_id: property.id, task_title: 'Made by admin' });

    const got = inbox(host);
    expect(got.map((n) => [n.title, n.taskId])).toEqual([
      [NOTIFICATION_TITLES.taskCreated, fromTemplate],
      [NOTIFICATION_TITLES.taskCreated, byAdmin],
    ]);
    expect(got[0]?.message).toBe('"From template" at Villa Rosa was created from a template.');
    expect(got[1]?.message).toBe('"Made by admin" at Villa Rosa was created by Alice Admin.');
    expect(got[1]).toMatchObject({ type: 'info', isRead: false, hostId: host.hostProfileId, actionUrl: `/housekeeping?taskId=${byAdmin}` });
  });

  it('Task Assigned: to the assignee on create and on reassignment, with dates and action URL', async () => {
    const host = createHost(app);
    const maria = createStaff(app, host.hostProfileId);
    const joao = createStaff(app, host.hostProfileId);
    const property = createProperty(app, host.hostProfileId);
    const id = await createVia(host, {
      property_id: property.id,
      task_title: 'Deep clean',
      assigned_staff_id: maria.staffId,
      scheduled_date: '2031-06-12',
      due_date: '2031-06-12T16:00:00Z',
    });
    expect(inbox(maria)).toEqual([
      expect.objectContaining({
        title: NOTIFICATION_TITLES.taskAssigned,
        taskId: id,
        hostId: host.hostProfileId,
        actionUrl: `/housekeeping?taskId=${id}`,
        scheduledDate: '2031-06-12',
        dueDate: '2031-06-12T16:00:00Z',
      }),
    ]);
    expect(titles(host)).toEqual([]);

    await updateVia(host, id, { assigned_staff_id: joao.staffId });
    expect(titles(joao)).toEqual([NOTIFICATION_TITLES.taskAssigned]);
    expect(titles(maria)).toEqual([NOTIFICATION_TITLES.taskAssigned]);
    await updateVia(host, id, { assigned_staff_id: null });
    expect(titles(joao)).toEqual([NOTIFICATION_TITLES.taskAssigned]);
  });

  it('Task Update: to the assignee when the host changes the date, property or instructions; not for other fields', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const property = createProperty(app, host.hostProfileId, { property_name: 'Casa Azul' });
    const other = createProperty(app, host.hostProfileId);
    const id = String(createTask(app, host.hostProfileId, { property_id: property.id, assigned_staff_id: staff.staffId, task_title: 'Windows' }).id);

    await updateVia(host, id, { task_title: 'Windows and doors', estimated_duration: 30 });
    expect(titles(staff)).toEqual([]);
    await updateVia(host, id, { scheduled_date: '2031-06-20', special_instructions: 'Ladder in the shed' });
    await updateVia(host, id, { property_id: other.id });
    const updates = inbox(staff);
    expect(updates.map((n) => n.title)).toEqual([NOTIFICATION_TITLES.taskUpdate, NOTIFICATION_TITLES.taskUpdate]);
    expect(updates[0]?.message).toBe('"Windows and doors" at Casa Azul changed: date, instructions.');
    expect(updates[1]?.message).toContain('changed: property.');
    // An unassigned task has nobody to tell.
    const lone = String(createTask(app, host.hostProfileId, { property_id: property.id }).id);
    await updateVia(host, lone, { scheduled_date: '2031-06-21' });
    expect(inbox(staff)).toHaveLength(2);
  });

  it('Task Completed: to the host when the housekeeper completes it (table API), not for progress or the host’s own completion', async () => {
    const host = createHost(app);
    const staffUser = createStaff(app, host.hostProfileId);
    const property = createProperty(app, host.hostProfileId, { property_name: 'Loft 5' });
    const id = String(createTask(app, host.hostProfileId, { property_id: property.id, assigned_staff_id: staffUser.staffId, task_title: 'Linen' }).id);

    await updateVia(staffUser, id, { task_status: 'in_progress', checklist_ops: [{ op: 'add', item: { id: 'a', text: 'Beds', done: true }, after: null }] });
    expect(titles(host)).toEqual([]);
    await updateVia(staffUser, id, { task_status: 'completed', notes: 'All done' });
    const done = inbox(host);
    expect(done.map((n) => n.title)).toEqual([NOTIFICATION_TITLES.taskCompleted]);
    expect(done[0]).toMatchObject({ type: 'success', taskId: id, message: 'Test staff completed "Linen" at Loft 5.' });
    // The housekeeper is not told about their own work.
    expect(titles(staffUser)).toEqual([]);

    const own = String(createTask(app, host.hostProfileId, { property_id: property.id }).id);
    await updateVia(host, own, { task_status: 'completed' });
    expect(titles(host)).toEqual([NOTIFICATION_TITLES.taskCompleted]);
  });

  it('Task Completed through sync push (the offline staff app), once', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const id = String(createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId }).id);
    const payload = {
      clientId: `client-${id}`,
      mutations: [
        { id: `${id}-m1`, seq: 1, table: TASKS, op: 'update', rowId: id, fields: { task_status: 'in_progress' }, at: clock.toISOString() },
        { id: `${id}-m2`, seq: 2, table: TASKS, op: 'update', rowId: id, fields: { task_status: 'completed' }, at: clock.toISOString() },
      ],
    };
    const res = await app.inject({ method: 'POST', url: '/api/sync/push', headers: auth(staff), payload });
    expect(res.statusCode, res.body).toBe(200);
    // A replay of the same batch is acknowledged and changes nothing.
    await app.inject({ method: 'POST', url: '/api/sync/push', headers: auth(staff), payload });
    expect(titles(host)).toEqual([NOTIFICATION_TITLES.taskCompleted]);
  });

  it('tells nobody when the assignee has no login yet', async () => {
    const host = createHost(app);
    const uninvited = insertFixture(app, TABLE_IDS.housekeeping_staff, { host_id: host.hostProfileId, staff_name: 'New hire', staff_email: 'newhire@example.test' });
    const property = createProperty(app, host.hostProfileId);
    const before = app.db.select().from(notifications).all().length;
    await createVia(host, { property_id: property.id, task_title: 'Hall', assigned_staff_id: uninvited.id });
    expect(app.db.select().from(notifications).all().length).toBe(before);
  });

  it('tells no staff user whose address the row merely has: only an accepted invite links it', async () => {
    const host = createHost(app);
    const user = createUser(app, 'staff');
    const staffRow = insertFixture(app, TABLE_IDS.housekeeping_staff, { host_id: host.hostProfileId, staff_name: 'By mail', staff_email: user.email });
    await createVia(host, { property_id: createProperty(app, host.hostProfileId).id, task_title: 'Porch', assigned_staff_id: staffRow.id });
    expect(titles(user)).toEqual([]);
  });
});

describe('turnover rule (syncTurnoverTask)', () => {
  /** `compiledOn: app.db` is how the bookings service calls it (lookups compiled once per handle). */
  function run(before: Row | undefined, after: Row | undefined, compiledOn?: Db) {
    return app.db.transaction((tx) => syncTurnoverTask(tx, before, after, clock, compiledOn));
  }

  function turnoverOf(bookingId: unknown) {
    const link = app.db.select().from(turnoverTasks).where(eq(turnoverTasks.booking_id, String(bookingId))).get();
    return link ? app.db.select().from(housekeepingTasks).where(eq(housekeepingTasks.id, link.task_id)).get() : undefined;
  }

  it('makes one task from the default template for the check-out day, and tells the host', async () => {
    const host = createHost(app);
    const tpl = template(host);
    template(host, { name: 'Not the default', is_default: false });
    const property = createProperty(app, host.hostProfileId, { property_name: 'Dune House', currency: 'EUR' });
    const booking = createBooking(app, host.hostProfileId, { property_id: property.id, check_in_date: '2031-06-12', check_out_date: '2031-06-15' });

    const outcome = run(undefined, booking);
    expect(outcome.action).toBe('created');
    const task = turnoverOf(booking.id);
    expect(task).toMatchObject({
      id: outcome.taskId,
      // Its cost is in the property's currency (docs/decisions.md "Money").
      currency: 'EUR',
      host_id: host.hostProfileId,
      property_id: property.id,
      booking_id: booking.id,
      template_id: tpl.id,
      task_title: 'Turnover clean',
      task_description: 'Full clean between stays',
      priority_level: 'high',
      estimated_duration: 120,
      special_instructions: 'Key in the lockbox',
      scheduled_date: '2031-06-15',
      due_date: '2031-06-15',
      task_status: 'pending',
      checklist_items: [
        { id: 'c1', text: 'Strip beds', done: false },
        { id: 'c2', text: 'Restock towels', done: false },
      ],
    });
    expect(inbox(host).map((n) => [n.title, n.message])).toEqual([
      [NOTIFICATION_TITLES.taskCreated, '"Turnover clean" at Dune House was created for the check-out of Ada Guest.'],
    ]);

    // Created once: later writes of the booking do not make another.
    expect(run(booking, { ...booking, guest_name: 'Ada G.' }).action).toBe('none');
    expect(app.db.select().from(housekeepingTasks).where(eq(housekeepingTasks.booking_id, String(booking.id))).all()).toHaveLength(1);
  });

  it('moves the task with the booking (the assignee hears of it) and cancels it with the booking', async () => {
    const host = createHost(app);
    template(host);
    const staff = createStaff(app, host.hostProfileId);
    const property = createProperty(app, host.hostProfileId);
    const elsewhere = createProperty(app, host.hostProfileId);
    const booking = createBooking(app, host.hostProfileId, { property_id: property.id, check_in_date: '2031-06-20', check_out_date: '2031-06-22' });
    const taskId = run(undefined, booking, app.db).taskId;
    app.db.transaction((tx) => tx.update(housekeepingTasks).set({ assigned_staff_id: staff.staffId }).where(eq(housekeepingTasks.id, String(taskId))).run());

    const moved = { ...booking, check_in_date: '2031-06-21', check_out_date: '2031-06-24', property_id: elsewhere.id };
    expect(run(booking, moved, app.db).action).toBe('moved');
    expect(turnoverOf(booking.id)).toMatchObject({ scheduled_date: '2031-06-24', due_date: '2031-06-24', property_id: elsewhere.id, task_status: 'pending' });
    expect(inbox(staff).map((n) => [n.title, n.message])).toEqual([[NOTIFICATION_TITLES.taskUpdate, expect.stringContaining('changed: date, due date, property')]]);

    expect(run(moved, { ...moved, booking_status: 'cancelled' }, app.db).action).toBe('cancelled');
    expect(turnoverOf(booking.id)?.task_status).toBe('cancelled');
    // A cancelled turnover stays cancelled when the booking changes again.
    expect(run(moved, { ...moved, check_out_date: '2031-06-25' }, app.db).action).toBe('none');
  });

  it('cancels the task when the booking is deleted, but leaves a completed one alone', async () => {
    const host = createHost(app);
    template(host);
    const booking = createBooking(app, host.hostProfileId, { check_in_date: '2031-07-01', check_out_date: '2031-07-03' });
    run(undefined, booking);
    const tombstone = app.db.transaction((tx) => tombstoneRow(tx, defOf(TABLE_IDS.bookings), String(booking.id), clock));
    expect(run(booking, tombstone).action).toBe('cancelled');
    expect(turnoverOf(booking.id)?.task_status).toBe('cancelled');

    const kept = createBooking(app, host.hostProfileId, { check_in_date: '2031-07-05', check_out_date: '2031-07-06' });
    const taskId = String(run(undefined, kept).taskId);
    app.db.transaction((tx) => tx.update(housekeepingTasks).set({ task_status: 'completed' }).where(eq(housekeepingTasks.id, taskId)).run());
    expect(run(kept, { ...kept, booking_status: 'cancelled' }).action).toBe('none');
    expect(turnoverOf(kept.id)?.task_status).toBe('completed');
  });

  it('makes none for a stay that had already ended (check-out day before today in the property’s zone)', async () => {
    const host = createHost(app);
    template(host);
    const past = createBooking(app, host.hostProfileId, { check_in_date: '2031-06-01', check_out_date: '2031-06-09' });
    expect(run(undefined, past).action).toBe('none');
    const today = createBooking(app, host.hostProfileId, { check_in_date: '2031-06-08', check_out_date: '2031-06-10' });
    expect(run(undefined, today).action).toBe('created');

    // 23:30 UTC on 10 June is already 11 June in Auckland, still 10 June in New York.
    const saved = clock;
    clock = new Date('2031-06-10T23:30:00.000Z');
    try {
      const auckland = createProperty(app, host.hostProfileId, { timezone: 'Pacific/Auckland' });
      const newYork = createProperty(app, host.hostProfileId, { timezone: 'America/New_York' });
      const ended = createBooking(app, host.hostProfileId, { property_id: auckland.id, check_in_date: '2031-06-08', check_out_date: '2031-06-10' });
      const leaving = createBooking(app, host.hostProfileId, { property_id: newYork.id, check_in_date: '2031-06-08', check_out_date: '2031-06-10' });
      expect(run(undefined, ended).action).toBe('none');
      expect(run(undefined, leaving).action).toBe('created');
    } finally {
      clock = saved;
    }
  });

  it('makes none without a default template, for a cancelled booking, or again after the host deleted it', async () => {
    const host = createHost(app);
    const booking = createBooking(app, host.hostProfileId, { check_in_date: '2031-08-01', check_out_date: '2031-08-04' });
    expect(run(undefined, booking).action).toBe('none');
    template(host);
    expect(run(undefined, { ...booking, booking_status: 'cancelled' }).action).toBe('none');

    const taskId = String(run(booking, booking).taskId);
    app.db.transaction((tx) => tombstoneRow(tx, defOf(TASKS), taskId, clock));
    expect(run(booking, { ...booking, check_out_date: '2031-08-05' }).action).toBe('none');
    expect(app.db.select().from(housekeepingTasks).where(and(eq(housekeepingTasks.booking_id, String(booking.id)), isNull(housekeepingTasks.deleted_at))).all()).toEqual([]);
  });
});

describe('turnover tasks follow bookings written through the table API', () => {
  function turnoverOf(bookingId: unknown) {
    const link = app.db.select().from(turnoverTasks).where(eq(turnoverTasks.booking_id, String(bookingId))).get();
    return link ? app.db.select().from(housekeepingTasks).where(eq(housekeepingTasks.id, link.task_id)).get() : undefined;
  }

  it('creates the check-out day task, moves it with the booking and cancels it with the booking', async () => {
    const host = createHost(app);
    template(host);
    const property = createProperty(app, host.hostProfileId);
    const call = (op: string, payload: Row) =>
      app.inject({ method: 'POST', url: `/api/table/20101/${op}`, headers: { authorization: `Bearer ${host.token}` }, payload });

    const created = await call('create', { property_id: property.id, check_in_date: '2031-09-01', check_out_date: '2031-09-04', total_amount: 300 });
    expect(created.statusCode).toBe(201);
    const id = created.json().ID as string;
    expect(turnoverOf(id)).toMatchObject({ scheduled_date: '2031-09-04', property_id: property.id, task_status: 'pending' });

    expect((await call('update', { ID: id, check_out_date: '2031-09-06' })).statusCode).toBe(200);
    expect(turnoverOf(id)).toMatchObject({ scheduled_date: '2031-09-06', task_status: 'pending' });

    expect((await call('update', { ID: id, booking_status: 'cancelled' })).statusCode).toBe(200);
    expect(turnoverOf(id)?.task_status).toBe('cancelled');
  });
});
