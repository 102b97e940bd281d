/**
 * Problem reports (docs/decisions.md "Problem reports"): a housekeeper reports through sync push,
 * offline like any write, only at a property of one of her tasks; the report is linked to its stay
 * and becomes the host's maintenance task; no other host sees either; an urgent one alerts the host
 * at once, exactly once: a replayed push, a retried Web Push delivery and the urgent-task job add
 * nothing.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TABLE_IDS, requireTable } from '../../shared/registry';
import { housekeepingTasks, mailQueue, notifications, problemReports, pushDeliveries, pushSubscriptions } from '../../shared/schema/tables';
import { NOTIFICATION_TITLES } from '../../shared/messages';
import { getRow, newId } from '../src/db/write';
import { runUrgentTasks } from '../src/jobs/task-alerts';
import { createBooking, createHost, createProperty, createStaff, createTask, type HostFixture, type StaffFixture } from './fixtures';
import { makeTestApp, type TestApp } from './helpers';
import { auth, mutation, pull, push } from './sync-helpers';

const REPORTS = TABLE_IDS.problem_reports;

let app: TestApp;
let stub: http.Server;
let origin: string;
let answers: number[] = [];
let received = 0;
const clock = new Date('2030-01-12T10:00:00.000Z');
const savedOrigins = process.env.PUSH_ENDPOINT_ORIGINS;

beforeAll(async () => {
  // A stand-in push service that answers what the test asks (201 unless told otherwise).
  stub = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(answers.shift() ?? 201).end();
    });
  });
  stub.listen(0, '127.0.0.1');
  await once(stub, 'listening');
  origin = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  process.env.PUSH_ENDPOINT_ORIGINS = origin;
  app = await makeTestApp({ now: () => clock });
});

afterAll(async () => {
  await app.cleanup();
  stub.closeAllConnections();
  await new Promise<void>((resolve) => stub.close(() => resolve()));
  if (savedOrigins === undefined) delete process.env.PUSH_ENDPOINT_ORIGINS;
  else process.env.PUSH_ENDPOINT_ORIGINS = savedOrigins;
});

beforeEach(() => {
  answers = [];
  received = 0;
});

type World = { host: HostFixture; staff: StaffFixture; propertyId: string; bookingId: string; taskId: string };

/** A host, its housekeeper with a turnover task at a property with a stay. */
function world(): World {
  const host = createHost(app);
  const staff = createStaff(app, host.hostProfileId);
  // Priced in euros: the maintenance task a report becomes costs in its property's currency.
  const property = createProperty(app, host.hostProfileId, { currency: 'EUR' });
  const booking = createBooking(app, host.hostProfileId, { property_id: property.id, check_in_date: '2030-01-08', check_out_date: '2030-01-11' });
  const task = createTask(app, host.hostProfileId, { property_id: property.id, booking_id: booking.id, assigned_staff_id: staff.staffId, scheduled_date: '2030-01-11' });
  return { host, staff, propertyId: String(property.id), bookingId: String(booking.id), taskId: String(task.id) };
}

function device(userId: string): string {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const row = app.db
    .insert(pushSubscriptions)
    .values({
      id: crypto.randomUUID(),
      user_id: userId,
      endpoint: `${origin}/push/${crypto.randomUUID()}`,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: crypto.randomBytes(16).toString('base64url'),
      created_at: clock.toISOString(),
      version: 1,
    })
    .returning()
    .get();
  return row.id;
}

function reportOf(id: string) {
  return app.db.select().from(problemReports).where(eq(problemReports.id, id)).get();
}

function notificationsOf(userId: string) {
  return app.db.select().from(notifications).where(eq(notifications.user_id, userId)).all();
}

async function page(token: string, table: number) {
  const res = await app.inject({ method: 'POST', url: `/api/table/${table}/page`, headers: auth(token), payload: { PageNo: 1, PageSize: 1000 } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { List: Record<string, unknown>[] }).List;
}

describe('a housekeeper reports a problem', () => {
  it('from a task: linked to its stay, a maintenance task for the host, the host told', async () => {
    const w = world();
    const id = newId();
    const result = await push(app, w.staff.token, newId(), [
      mutation(1, REPORTS, 'create', id, { id, property_id: w.propertyId, task_id: w.taskId, category: 'plumbing', severity: 'normal', description: 'The kitchen tap drips' }),
    ]);
    expect(result.results[0]).toMatchObject({ status: 'applied' });
    const report = reportOf(id);
    expect(report).toMatchObject({ host_id: w.host.hostProfileId, reported_by_staff_id: w.staff.staffId, booking_id: w.bookingId, category: 'plumbing', severity: 'normal' });
    const task = getRow(app.db, requireTable(TABLE_IDS.housekeeping_tasks), String(report?.maintenance_task_id));
    expect(task).toMatchObject({
      host_id: w.host.hostProfileId,
      property_id: w.propertyId,
      booking_id: w.bookingId,
      task_category: 'maintenance',
      priority_level: 'medium',
      task_status: 'pending',
      task_title: 'Plumbing: The kitchen tap drips',
      assigned_staff_id: null,
      currency: 'EUR',
    });
    const told = notificationsOf(w.host.userId);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: NOTIFICATION_TITLES.problemReported, type: 'info', taskId: task?.id });
    expect(told[0]?.message).toContain('The kitchen tap drips');
    // Not urgent: no alert e-mail.
    expect(app.db.select().from(mailQueue).where(eq(mailQueue.kind, 'alert')).all().filter((m) => m.dedupe_key?.includes(String(task?.id)))).toEqual([]);
  });

  it('from the property: the current stay, else the last one; what the housekeeper pulls leaves the host-side links out', async () => {
    const w = world();
    // 2030-01-12: the stay of the fixture ended on the 11th; another is running now.
    const now = createBooking(app, w.host.hostProfileId, { property_id: w.propertyId, check_in_date: '2030-01-11', check_out_date: '2030-01-15' });
    const id = newId();
    await push(app, w.staff.token, newId(), [mutation(1, REPORTS, 'create', id, { id, property_id: w.propertyId, category: 'damage', severity: 'low', description: 'Cracked mirror' })]);
    expect(reportOf(id)).toMatchObject({ booking_id: now.id, task_id: null });
    const task = app.db.select().from(housekeepingTasks).where(eq(housekeepingTasks.id, String(reportOf(id)?.maintenance_task_id))).get();
    expect(task?.priority_level).toBe('low');

    const other = world();
    const past = newId();
    await push(app, other.staff.token, newId(), [mutation(1, REPORTS, 'create', past, { id: past, property_id: other.propertyId, category: 'supplies', description: 'No more soap' })]);
    expect(reportOf(past)?.booking_id).toBe(other.bookingId);

    const pulled = await pull(app, w.staff.token, 0);
    const rows = pulled.changes.filter((c) => c.table === REPORTS).map((c) => c.row);
    expect(rows.map((r) => r.id)).toEqual([id]);
    expect(rows[0]).not.toHaveProperty('booking_id');
    expect(rows[0]).not.toHaveProperty('maintenance_task_id');
    expect(rows[0]).toMatchObject({ description: 'Cracked mirror', category: 'damage' });
  });

  it('only at a property of one of her tasks, from one of her tasks; never changed afterwards', async () => {
    const w = world();
    const elsewhere = createProperty(app, w.host.hostProfileId);
    const otherHost = world();
    const notHers = createTask(app, w.host.hostProfileId, { property_id: w.propertyId });
    const ids = [newId(), newId(), newId()];
    const result = await push(app, w.staff.token, newId(), [
      mutation(1, REPORTS, 'create', ids[0]!, { id: ids[0], property_id: elsewhere.id, category: 'other', description: 'Not my property' }),
      mutation(2, REPORTS, 'create', ids[1]!, { id: ids[1], property_id: otherHost.propertyId, category: 'other', description: "Another host's" }),
      mutation(3, REPORTS, 'create', ids[2]!, { id: ids[2], property_id: w.propertyId, task_id: notHers.id, category: 'other', description: 'Not my task' }),
    ]);
    expect(result.results.map((r) => [r.status, r.code, r.error])).toEqual([
      ['rejected', 400, 'Invalid value for property_id: no such property'],
      ['rejected', 400, 'Invalid value for property_id: no such property'],
      ['rejected', 400, 'Invalid value for task_id: no such task'],
    ]);
    for (const id of ids) expect(reportOf(id)).toBeUndefined();
    expect(app.db.select().from(housekeepingTasks).where(and(eq(housekeepingTasks.host_id, w.host.hostProfileId), eq(housekeepingTasks.task_category, 'maintenance'))).all()).toEqual([]);

    const mine = newId();
    await push(app, w.staff.token, newId(), [mutation(1, REPORTS, 'create', mine, { id: mine, property_id: w.propertyId, description: 'Fine' })]);
    const update = await app.inject({ method: 'POST', url: `/api/table/${REPORTS}/update`, headers: auth(w.staff.token), payload: { ID: mine, description: 'Changed' } });
    expect(update.statusCode).toBe(403);
    const bad = await app.inject({ method: 'POST', url: `/api/table/${REPORTS}/create`, headers: auth(w.staff.token), payload: { property_id: w.propertyId, severity: 'dire', description: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/severity/);
  });

  it('the host of another property never sees the report or its task', async () => {
    const w = world();
    const stranger = world();
    const id = newId();
    await push(app, w.staff.token, newId(), [mutation(1, REPORTS, 'create', id, { id, property_id: w.propertyId, category: 'electrical', severity: 'urgent', description: 'Sparks from the socket' })]);
    const taskId = String(reportOf(id)?.maintenance_task_id);

    expect((await page(w.host.token, REPORTS)).map((r) => r.id)).toEqual([id]);
    expect((await page(stranger.host.token, REPORTS)).map((r) => r.id)).toEqual([]);
    expect((await page(stranger.host.token, TABLE_IDS.housekeeping_tasks)).map((r) => r.id)).not.toContain(taskId);
    const theirs = await pull(app, stranger.host.token, 0);
    expect(theirs.changes.some((c) => c.row.id === id || c.row.id === taskId)).toBe(false);
    expect(notificationsOf(stranger.host.userId)).toEqual([]);
    const mine = await pull(app, w.host.token, 0);
    expect(mine.changes.filter((c) => c.row.id === id || c.row.id === taskId)).toHaveLength(2);
    // Nor another housekeeper of the same host.
    const colleague = createStaff(app, w.host.hostProfileId);
    expect((await page(colleague.token, REPORTS)).map((r) => r.id)).toEqual([]);
  });
});

describe('an urgent report', () => {
  it('alerts the host at once, exactly once: a replayed push, a retried delivery and the urgent-task job add nothing', async () => {
    const w = world();
    const subscription = device(w.host.userId);
    const clientId = newId();
    const id = newId();
    const made = mutation(1, REPORTS, 'create', id, { id, property_id: w.propertyId, task_id: w.taskId, category: 'plumbing', severity: 'urgent', description: 'Water leaking under the sink' });
    // The push service fails the first attempt.
    answers = [503];
    expect((await push(app, w.staff.token, clientId, [made])).results[0]).toMatchObject({ status: 'applied' });
    // The device lost the answer and pushes the same mutation again.
    expect((await push(app, w.staff.token, clientId, [made])).results[0]).toMatchObject({ status: 'duplicate' });

    const taskId = String(reportOf(id)?.maintenance_task_id);
    expect(app.db.select().from(housekeepingTasks).where(eq(housekeepingTasks.id, taskId)).get()).toMatchObject({ priority_level: 'urgent', due_date: '2030-01-12' });
    const told = notificationsOf(w.host.userId);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: NOTIFICATION_TITLES.urgentProblem, type: 'urgent', taskId });
    // Its e-mail, as any urgent alert's, waits for the push to be known (the host has a device).
    const mails = () => app.db.select().from(mailQueue).where(eq(mailQueue.dedupe_key, `alert:urgent:${taskId}:${w.host.userId}`)).all();
    expect(mails().map((m) => m.status)).toEqual(['held']);
    // The urgent-task job (which looks at urgent tasks made in the last minute) finds it alerted already.
    const run = runUrgentTasks(app.db, clock);
    expect(run.since! <= clock.toISOString()).toBe(true);
    expect(run.taskIds).not.toContain(taskId);

    // First attempt: 503, retried later from the queue, then delivered once.
    await app.push.sender.drain();
    const waiting = app.db.select().from(pushDeliveries).where(eq(pushDeliveries.subscription_id, subscription)).all();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.attempts).toBe(1);
    clock.setTime(clock.getTime() + 10 * 60_000);
    expect(await app.push.sender.drain()).toMatchObject({ sent: 1 });
    expect(received).toBe(2);
    expect(await app.push.sender.drain()).toMatchObject({ sent: 0 });
    expect(received).toBe(2);
    expect(notificationsOf(w.host.userId)).toHaveLength(1);
    // The push got through: the held e-mail is not needed.
    expect(mails().map((m) => m.status)).toEqual(['cancelled']);
  });
});
